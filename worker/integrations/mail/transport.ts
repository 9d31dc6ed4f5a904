import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { createHttpMailTransport } from './http-adapter'
import { createLocalMailTransport } from './local-stand-in'
import type { MailTransport } from './port'

/** The real adapter in every deployed environment (its settings are required there by env.ts), the stand-in in development. */
export function mailTransport(env: Env, fetchImpl: typeof fetch = fetch): MailTransport {
  if (isDeployed(env)) {
    if (!env.MAIL_API_URL || !env.MAIL_API_KEY) throw new Error(`mail: ${env.ENVIRONMENT} needs MAIL_API_URL and MAIL_API_KEY`)
    return createHttpMailTransport({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, fetch: fetchImpl })
  }
  return createLocalMailTransport(env)
}
