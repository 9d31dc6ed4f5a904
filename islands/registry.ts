import type { IslandName, IslandRegistry } from '../shared/forms/islands'

/**
 * THE list of islands: name -> lazy import of the island's module (its component and its own props
 * schema). The name is the island's folder, its marker value (`data-island`) and its key in
 * shared/forms/islands.ts, whose IslandRegistry type refuses an island with a schema but no entry here,
 * or an entry without a schema. The browser loads each island as its own chunk, which carries the
 * island's props schema; the worker awaits them all once at start, importing this module as
 * '#islands/registry' (package.json "imports"), which it type-checks against
 * worker/render/island-registry.d.ts rather than against the islands' DOM code.
 * Script islands (no React; islands/<name>/script.ts) are not here: the worker renders their markup
 * itself and emits their scripts (shared/forms/islands.ts, scriptIslandSettingsSchemas).
 */
export const registry: IslandRegistry = {
  'e-sign': () => import('./e-sign'),
  'report-claim': () => import('./report-claim'),
  'make-payment': () => import('./make-payment'),
  'claim-conversation': () => import('./claim-conversation'),
}

export const ISLAND_NAMES = Object.keys(registry) as IslandName[]

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(registry, name)
}
