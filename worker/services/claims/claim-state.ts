import type { Env } from '../../env'
import { foldEvents, initialState, type ClaimState, type FoldableEvent } from '../../../shared/claims/lifecycle'
import { claimEvents, claimStateBase, writeClaimState } from '../../db/claims/claim-events'

/** How many times a fold is redone when another event or the delivery's answer landed meanwhile. */
const FOLD_ATTEMPTS = 5

/**
 * The claim's stored state (status, carrier number, adjuster) made again from the delivery's answer and
 * every event held, in sequence order (shared/claims/lifecycle.ts). Idempotent, so anything that adds
 * to a claim's life calls it after: the same inputs give the same row. Written only if nothing changed
 * while folding; else folded again. Null for an unknown claim.
 */
export async function refoldClaimState(env: Env, claimNumber: string): Promise<ClaimState | null> {
  for (let attempt = 1; attempt <= FOLD_ATTEMPTS; attempt++) {
    const base = await claimStateBase(env.DB, claimNumber)
    if (!base) return null
    const events = await claimEvents(env.DB, claimNumber)
    const foldable = events.map((e): FoldableEvent => ({ type: e.type as FoldableEvent['type'], sequence: e.sequence, data: JSON.parse(e.payload) }))
    const state = foldEvents(initialState({ answered: base.sent_at !== null, carrierClaimNumber: base.carrier_claim_number }), foldable)
    if (await writeClaimState(env.DB, claimNumber, state, { sentAt: base.sent_at, events: events.length })) return state
  }
  throw new Error('the claim kept changing while its state was folded')
}
