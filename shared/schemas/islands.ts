import type * as z from 'zod/mini'
import { confirmRemovePolicyPropsSchema } from './confirm-remove-policy'
import { esignPropsSchema } from './esign'
import { reportClaimPropsSchema } from './claim-props'
import { makePaymentPropsSchema } from './payment-props'
import { passkeyAddPropsSchema, passkeySignInPropsSchema } from './passkey-props'

/**
 * The props of every island, one schema each, each in its own module: the island's chunk imports its
 * own schema (islands/<name>/index.tsx exports it as `propsSchema`) and validates its props before it
 * hydrates, so a page loads only the schemas of the islands it has. The worker validates with this map
 * before rendering an island. Props travel in the page as JSON, so they are public: ids and display
 * data only, never secrets or tokens.
 *
 * zod/mini (not the classic `zod` API) because these schemas ship to the browser: ~5 KB gzip
 * instead of ~90 KB.
 *
 * The session timer is not an island: it is a plain script (islands/session-timeout/) that reads its
 * settings from data attributes (ARCHITECTURE section 3, decision 050).
 */

export { describeIssues } from './describe-issues'
export { confirmRemovePolicyPropsSchema, type ConfirmRemovePolicyProps } from './confirm-remove-policy'

/** Island name -> props schema. The key is the island's folder name and its marker value. */
export const islandPropsSchemas = {
  'confirm-remove-policy': confirmRemovePolicyPropsSchema,
  'e-sign': esignPropsSchema,
  'report-claim': reportClaimPropsSchema,
  'make-payment': makePaymentPropsSchema,
  'passkey-sign-in': passkeySignInPropsSchema,
  'passkey-add': passkeyAddPropsSchema,
} as const

export type IslandName = keyof typeof islandPropsSchemas
export type IslandPropsSchema<N extends IslandName> = (typeof islandPropsSchemas)[N]
export type IslandProps<N extends IslandName> = z.infer<IslandPropsSchema<N>>
export type IslandHydrate = 'load' | 'idle' | 'visible'

/**
 * What islands/registry.ts holds: each island's name -> a lazy import of a module whose default export
 * renders the island from its props. The mapped type makes the compiler refuse an island that has a
 * schema but no entry in the registry, or an entry without a schema. The worker sees the registry only
 * through this type (worker/render/island-registry.d.ts), so it compiles without the DOM the islands
 * use (docs/decisions/060-rooms-the-compiler-enforces.md).
 */
export interface IslandModule<N extends IslandName> {
  default: (props: IslandProps<N>) => unknown
  /** The island's own props schema, validated in the browser inside the island's chunk. */
  propsSchema: IslandPropsSchema<N>
}
export type IslandRegistry = { readonly [N in IslandName]: () => Promise<IslandModule<N>> }
