import type { ComponentType } from 'react'
import type { IslandName, IslandProps } from '../shared/schemas/islands'

/**
 * THE list of islands: name -> lazy import of the island's component. The name is the island's folder,
 * its marker value (`data-island`) and its key in shared/schemas/islands.ts; the mapped type makes the
 * compiler refuse an island that has a schema but no entry here, or an entry without a schema.
 * The browser loads each island as its own chunk; the worker awaits them all once at start.
 */
export interface IslandModule<N extends IslandName> {
  default: ComponentType<IslandProps<N>>
}

export type IslandRegistry = { readonly [N in IslandName]: () => Promise<IslandModule<N>> }

export const registry: IslandRegistry = {
  'session-timeout': () => import('./session-timeout'),
  'confirm-remove-policy': () => import('./confirm-remove-policy'),
  'e-sign': () => import('./e-sign'),
  'make-payment': () => import('./make-payment'),
}

export const ISLAND_NAMES = Object.keys(registry) as IslandName[]
