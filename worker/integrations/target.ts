import type { Env } from '../env'
import { isDeployed } from '../env'

/**
 * Where an HTTP adapter calls (decision 191). Every deployed environment names the outside system's
 * address in its settings (env.ts requires it) and may not name a local stand-in; local development
 * defaults to the stand-in under the portal's own /__dev, reached over HTTP like the real system.
 */
export function outsideUrl(
  env: Pick<Env, 'ENVIRONMENT' | 'PORTAL_BASE_URL'>,
  system: string,
  setting: string | undefined,
  standInPath: `/__dev/${string}`,
): string {
  if (isDeployed(env)) {
    if (!setting) throw new Error(`${system}: ${env.ENVIRONMENT} needs its address`)
    if (isStandInAddress(setting)) throw new Error(`${system}: ${env.ENVIRONMENT} cannot use the local stand-in`)
    return setting
  }
  return setting ?? `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${standInPath}`
}

/** An address of a stand-in inside the portal (/__dev/...), which no deployed environment may call. */
const isStandInAddress = (url: string): boolean => new URL(url).pathname.startsWith('/__dev/')
