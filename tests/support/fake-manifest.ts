import { islandPropsSchemas, scriptIslandSettingsSchemas } from '../../shared/forms/islands'

/**
 * A fixed build manifest naming every island of the registry and every script island (passkey-sign-in
 * with one import), so unit and island tests neither need
 * nor depend on `npm run build`. `overrides` pins the island entries a test asserts on.
 */
export function fakeManifest(
  clientImports: string[],
  overrides: Record<string, { file: string; imports: string[] }>,
  hydrate: string[] = ['/build/mount-TEST.js'],
) {
  const islands: Record<string, { file: string; imports: string[] }> = {}
  for (const name of Object.keys(islandPropsSchemas)) islands[name] = { file: `/build/${name}/index-TEST.js`, imports: [] }
  const scripts: Record<string, { file: string; imports: string[] }> = {}
  for (const name of Object.keys(scriptIslandSettingsSchemas)) scripts[name] = { file: `/build/${name}/script-TEST.js`, imports: [] }
  scripts['passkey-sign-in'] = { file: '/build/passkey-sign-in/script-TEST.js', imports: ['/build/chunk-WEBAUTHN.js'] }
  return {
    default: {
      client: '/build/client-AAAA.js',
      clientImports,
      hydrate,
      sessionTimer: { file: '/build/session-timeout/timer-TTTT.js', imports: [] },
      islands: { ...islands, ...overrides },
      scripts,
    },
  }
}
