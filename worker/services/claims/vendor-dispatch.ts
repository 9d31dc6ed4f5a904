import type { ClaimOutboxMessage, NumberPlaceholder } from '../../db/claims/claim-records'
import { claimForNotice, type ClaimForNotice } from '../../db/claims/claim-events'
import { recordAcceptance, recordRefusal, vendorDispatchOf } from '../../db/claims/vendor-dispatches'
import { vendorNetwork, VendorRefusedError, VendorUnknownOutcomeError, type VendorDispatchRequest, type VendorNetworkDeps } from '../../integrations/vendors'
import { SERVICE_OPTIONS } from '../../../shared/claims/emergency-repairs'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { log } from '../../lib/log'

/**
 * Emergency vendor dispatch (issue 19 item 6, decision 170): when the policyholder asked for a National
 * Vendor, the claim's own batch writes a 'requested' vendor_dispatches row and queues this channel's
 * message (payload {claimNumber}, dedupe key `vendor-dispatch:{claimNumber}`). The handler sends the
 * dispatch through the vendor port with one idempotency key per claim, so a retry never dispatches
 * twice, and stores the vendor's acceptance. Unknown outcomes and 'no vendor yet' are failed
 * deliveries (the outbox asks again with its backoff, the same key); a refusal is dead at once.
 */
interface VendorDispatchPayload {
  claimNumber: string
}

const dedupeKey = (claimNumber: string) => `vendor-dispatch:${claimNumber}`

/** Whether a claim submission asked for a National Vendor (spec 001's 'assign a National Vendor': yes). */
export function asksForVendor(submission: { emergencyRepair?: { assignNationalVendor: string; serviceOptions: readonly number[] } }): boolean {
  return submission.emergencyRepair?.assignNationalVendor === 'yes' && submission.emergencyRepair.serviceOptions.length > 0
}

/** The message that queues a claim's dispatch, written in the claim's own batch under the number placeholder. */
export function vendorDispatchMessage(placeholder: NumberPlaceholder, at: number): ClaimOutboxMessage {
  const payload: VendorDispatchPayload = { claimNumber: placeholder.token }
  return { channel: 'vendor-dispatch', dedupeKey: dedupeKey(placeholder.token), payload: JSON.stringify(payload), at }
}

/** The channel's handler; `deps` point the adapter elsewhere (tests). */
export function vendorDispatchHandler(deps: VendorNetworkDeps = {}): OutboxHandler {
  return handler<VendorDispatchPayload>(async (env, p, meta) => {
    const claimNumber = typeof p?.claimNumber === 'string' ? p.claimNumber : ''
    const [claim, dispatch] = claimNumber ? await Promise.all([claimForNotice(env.DB, claimNumber), vendorDispatchOf(env.DB, claimNumber)]) : [null, null]
    if (!claim || !dispatch) throw new PermanentDeliveryError('no such claim or dispatch')
    if (dispatch.status !== 'requested') return // answered before: never dispatched twice
    const context = { claimNumber, policyId: claim.policy_id, attempt: meta.attempt }
    let outcome: Awaited<ReturnType<ReturnType<typeof vendorNetwork>['dispatch']>>
    try {
      outcome = await vendorNetwork(env, deps).dispatch(requestOf(claim))
    } catch (err) {
      if (err instanceof VendorRefusedError) {
        await recordRefusal(env.DB, claimNumber)
        log('error', 'vendor network refused a dispatch', { ...context, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof VendorUnknownOutcomeError) throw new Error(`vendor network outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    // Sent, no vendor yet: ask again later with the same key (the same dispatch, its state now).
    if (outcome === 'pending') throw new Error('vendor network: no vendor has accepted yet')
    const { company, phone, expectedArrival } = outcome.accepted
    await recordAcceptance(env.DB, claimNumber, { company, phone, expectedArrival: Date.parse(expectedArrival) }, meta.now)
    log('info', 'vendor accepted a dispatch', { ...context, company })
  })
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** What the vendor network is told: the services asked for, where, and whom to call. */
function requestOf(claim: ClaimForNotice): VendorDispatchRequest {
  const s = JSON.parse(claim.submission) as Record<string, unknown>
  const repair = (s.emergencyRepair ?? {}) as { serviceOptions?: number[] }
  return {
    claimNumber: claim.claim_number,
    policyId: claim.policy_id,
    services: (repair.serviceOptions ?? []).map((code) => SERVICE_OPTIONS.find((o) => o.code === code)?.label ?? String(code)),
    lossAddress: { street: str(s.lossAddress), city: str(s.lossCity), state: str(s.lossState), zipCode: str(s.lossZipCode) },
    contact: {
      name: `${str(s.firstName)} ${str(s.lastName)}`.trim() || str(s.claimReportedByName),
      phone: str(s.cellPhone) || str(s.homePhone) || str(s.workPhone) || str(s.claimReportedByPhone),
      email: str(s.emailAddress),
    },
    description: str(s.lossDescription),
  }
}
