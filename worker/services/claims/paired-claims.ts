import type { Env } from '../../env'
import type { Session } from '../identity/session'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pairedPolicyFor, weatherLossPairs } from '../../../shared/claims/paired/paired-policies'
import { carriedLossOf, type CarriedLoss } from '../../../shared/claims/paired/carried-loss'
import type { ClaimScope } from '../../db/claims/claim-lookup'
import type { ClaimOutboxMessage, NumberPlaceholder } from '../../db/claims/claim-records'
import { findPolicyRecord } from '../../db/policy/policies'
import { claimInScopeForOffer, claimLinkDedupeKey, linkedClaimOnPolicy, linkForDelivery, markLinkSent, policyIdsInScope } from '../../db/claims/claim-links'
import { claimsSystem, ClaimsSystemRefusedError, ClaimsSystemUnknownOutcomeError, type ClaimsSystemDeps } from '../../integrations/claims-system'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { log } from '../../lib/log'

/**
 * One loss, two policies (issue 33 item 4, decision 213). After a weather claim on one of the person's
 * policies, the portal offers the claim on the other policy of the same property (the rule:
 * shared/claims/paired), its form starting with the loss facts carried over. The claim reported from the
 * offer is linked to the first in its own batch, and each claims system is told of the other claim
 * through the outbox's 'claim-link' channel, once per direction.
 */

/** Whose policies a session may see: a direct session's profile, an SSO session's policies. */
export function claimScopeOf(session: Session): ClaimScope | null {
  if (session.kind === 'sso') return { kind: 'policies', policyIds: session.ssoScope }
  return session.profileId === null ? null : { kind: 'profile', profileId: session.profileId }
}

export type PairedOffer =
  | {
      kind: 'offer'
      /** The claim just reported, and its policy. */
      claimNumber: string
      fromPolicy: Policy
      /** The policy the other claim is offered on. */
      toPolicy: Policy
      carried: CarriedLoss
    }
  /** The other claim was reported from the offer already. */
  | { kind: 'linked'; claimNumber: string; toPolicy: Policy; linkedClaimNumber: string }

/**
 * The offer after claim `claimNumber`, for this session: null when the claim is not one of the person's,
 * is not a weather loss that pairs, or no other policy of theirs covers the property and takes a claim online.
 */
export async function pairedClaimOffer(env: Env, session: Session, claimNumber: string): Promise<PairedOffer | null> {
  const scope = claimScopeOf(session)
  const claim = scope ? await claimInScopeForOffer(env.DB, scope, claimNumber) : null
  // Most claims are not storms: their success page reads no policies for the offer.
  if (!scope || !claim || !weatherLossPairs(claim.family, claim.peril)) return null
  const ids = await policyIdsInScope(env.DB, scope)
  const policies = (await Promise.all(ids.map((id) => findPolicyRecord(env.DB, id)))).flatMap((r) => (r ? [r.policy] : []))
  const fromPolicy = policies.find((p) => p.policyID === claim.policy_id)
  const toPolicy = fromPolicy ? pairedPolicyFor(fromPolicy, claim.peril, policies) : null
  if (!fromPolicy || !toPolicy) return null
  const linkedClaimNumber = await linkedClaimOnPolicy(env.DB, claim.claim_number, toPolicy.policyID)
  if (linkedClaimNumber) return { kind: 'linked', claimNumber: claim.claim_number, toPolicy, linkedClaimNumber }
  let submission: Record<string, unknown> = {}
  try {
    submission = JSON.parse(claim.submission) as Record<string, unknown>
  } catch {
    // a stored claim is JSON; were it not, only the date of loss is carried
  }
  return { kind: 'offer', claimNumber: claim.claim_number, fromPolicy, toPolicy, carried: carriedLossOf(claim.loss_date, submission) }
}

interface ClaimLinkPayload {
  claimNumber: string
  linkedClaimNumber: string
}

/**
 * The two deliveries of a new link, queued in the new claim's batch (its number stands as the
 * placeholder): each claims system told of the other claim. Their dedupe keys name the pair.
 */
export function claimLinkMessages(placeholder: NumberPlaceholder, firstClaimNumber: string, at: number): ClaimOutboxMessage[] {
  const message = (claimNumber: string, linkedClaimNumber: string): ClaimOutboxMessage => ({
    channel: 'claim-link',
    dedupeKey: claimLinkDedupeKey(claimNumber, linkedClaimNumber),
    payload: JSON.stringify({ claimNumber, linkedClaimNumber } satisfies ClaimLinkPayload),
    at,
  })
  return [message(placeholder.token, firstClaimNumber), message(firstClaimNumber, placeholder.token)]
}

/**
 * The 'claim-link' channel: tells the claims system holding `claimNumber` of the other claim, with its
 * claims-system number, once both are filed (until then the delivery waits, and filing either brings it
 * forward). The transaction id names both claims, so a retried or doubled delivery is one related claim.
 */
export function claimLinkHandler(deps: ClaimsSystemDeps = {}): OutboxHandler {
  return handler<ClaimLinkPayload>(async (env, p, meta) => {
    const valid = typeof p?.claimNumber === 'string' && typeof p.linkedClaimNumber === 'string'
    const link = valid ? await linkForDelivery(env.DB, p.claimNumber, p.linkedClaimNumber) : null
    if (!link) throw new PermanentDeliveryError('no such claim link')
    if (link.sent_at !== null) return
    if (link.claim_sent_at === null || link.linked_sent_at === null || !link.linked_carrier_claim_number) {
      throw new Error('the two claims are not both filed with the claims system yet')
    }
    const context = { claimNumber: p.claimNumber, linkedClaimNumber: p.linkedClaimNumber, attempt: meta.attempt }
    try {
      await claimsSystem(env, deps).relateClaim(p.claimNumber, {
        reference: p.linkedClaimNumber,
        claimNumber: link.linked_carrier_claim_number,
        policyNumber: link.linked_policy_id,
        lineOfBusiness: link.linked_family,
      })
    } catch (err) {
      if (err instanceof ClaimsSystemRefusedError) {
        log('error', 'claims system refused a related claim', { ...context, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof ClaimsSystemUnknownOutcomeError) throw new Error(`claims system outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    await markLinkSent(env.DB, p.claimNumber, p.linkedClaimNumber, meta.now)
    log('info', 'claims system told of the related claim', context)
  })
}
