import type { IslandName, IslandRegistry } from '../../shared/forms/islands'

/**
 * The worker's view of islands/registry.ts. package.json maps '#islands/registry' to this declaration
 * for the compiler ("types") and to islands/registry.ts for the bundlers ("default"), so the worker
 * program never compiles island code and needs no DOM types; islands/registry.ts is checked against
 * the same IslandRegistry type in the islands program.
 */
export declare const registry: IslandRegistry
export declare const ISLAND_NAMES: IslandName[]
