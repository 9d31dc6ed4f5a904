import { islandPropsSchemas } from '../../shared/schemas/islands'

/**
 * A fixed island manifest naming every island of the registry, so unit and island tests neither need
 * nor depend on `npm run build`. `overrides` pins the entries a test asserts on.
 */
export function fakeManifest(
  clientImports: string[],
  overrides: Record<string, { file: string; imports: string[] }>,
) {
  const islands: Record<string, { file: string; imports: string[] }> = {}
  for (const name of Object.keys(islandPropsSchemas)) islands[name] = { file: `/build/${name}/index-TEST.js`, imports: [] }
  return { default: { client: '/build/client-AAAA.js', clientImports, islands: { ...islands, ...overrides } } }
}
