import * as z from 'zod/mini'
import { esignPropsSchema } from '../esign/schemas/esign'
import { reportClaimPropsSchema } from '../claims/schemas/claim-props'
import { makePaymentPropsSchema } from '../payments/schemas/payment-props'
import { claimConversationPropsSchema } from '../claims/follow-up/conversation'
import { passkeyAddSettingsSchema, passkeySignInSettingsSchema } from '../identity/schemas/passkey-settings'

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
 * settings from data attributes (ARCHITECTURE section 3, decision 050). Nor are the script islands
 * below, which follow it.
 */

export { describeIssues } from './describe-issues'

/** Island name -> props schema. The key is the island's folder name and its marker value. */
export const islandPropsSchemas = {
  'e-sign': esignPropsSchema,
  'report-claim': reportClaimPropsSchema,
  'make-payment': makePaymentPropsSchema,
  'claim-conversation': claimConversationPropsSchema,
} as const

/**
 * Script islands (decision 198): markup the worker renders whole, made interactive by a few lines of
 * plain script (islands/<name>/script.ts) where the platform does the job; no React, no zod in the
 * browser. Name -> the settings the script reads, checked here by the worker and rendered as data
 * attributes of `<app-island data-script-island="name">`; the script checks them again, loudly.
 */
export const scriptIslandSettingsSchemas = {
  /** The Remove button and its confirm <dialog>: the markup says all the script needs. */
  'confirm-remove-policy': z.strictObject({}),
  'passkey-sign-in': passkeySignInSettingsSchema,
  'passkey-add': passkeyAddSettingsSchema,
} as const

export type ScriptIslandName = keyof typeof scriptIslandSettingsSchemas
export type ScriptIslandSettings<N extends ScriptIslandName> = z.infer<(typeof scriptIslandSettingsSchemas)[N]>

export type IslandName = keyof typeof islandPropsSchemas
type IslandPropsSchema<N extends IslandName> = (typeof islandPropsSchemas)[N]
export type IslandProps<N extends IslandName> = z.infer<IslandPropsSchema<N>>
export type IslandHydrate = 'load' | 'idle' | 'visible'

/**
 * What islands/registry.ts holds: each island's name -> a lazy import of a module whose default export
 * renders the island from its props. The mapped type makes the compiler refuse an island that has a
 * schema but no entry in the registry, or an entry without a schema. The worker sees the registry only
 * through this type (worker/render/island-registry.d.ts), so it compiles without the DOM the islands
 * use (docs/decisions/060-rooms-the-compiler-enforces.md).
 */
interface IslandModule<N extends IslandName> {
  default: (props: IslandProps<N>) => unknown
  /** The island's own props schema, validated in the browser inside the island's chunk. */
  propsSchema: IslandPropsSchema<N>
}
export type IslandRegistry = { readonly [N in IslandName]: () => Promise<IslandModule<N>> }
