import { islandPropsSchemas } from '../../shared/schemas/islands'

/**
 * A fixed build manifest naming every island of the registry, so unit and island tests neither need
 * nor depend on `npm run build`. `overrides` pins the island entries a test asserts on.
 */
export function fakeManifest(
  clientImports: string[],
  overrides: Record<string, { file: string; imports: string[] }>,
  hydrate: string[] = ['/build/mount-TEST.js'],
) {
  const islands: Record<string, { file: string; imports: string[] }> = {}
  for (const name of Object.keys(islandPropsSchemas)) islands[name] = { file: `/build/${name}/index-TEST.js`, imports: [] }
  return {
    default: {
      client: '/build/client-AAAA.js',
      clientImports,
      hydrate,
      sessionTimer: { file: '/build/session-timeout/timer-TTTT.js', imports: [] },
      islands: { ...islands, ...overrides },
    },
  }
}
