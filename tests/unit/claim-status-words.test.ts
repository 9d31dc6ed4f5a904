import { describe, expect, it } from 'vitest'
import type { ClaimEventType } from '../../shared/claims/events'
import type { ClaimStatus } from '../../shared/claims/lifecycle'
import { claimStage, numberToQuote, STATUS_TEXTS } from '../../shared/claims/status-words'

/**
 * Issue 19 item 3: the claim page's status 'in plain words'. Reported, Received and Closed are their own
 * words; an open claim says what last happened on it (a close followed by a reopen is 'Reopened').
 */
describe('the status in plain words', () => {
  it.each<[ClaimStatus, ClaimEventType[], string]>([
    ['Reported', [], 'Reported'],
    ['Received', [], 'Received by the claims team'],
    ['Open', ['claim.accepted'], 'Accepted by the claims team'],
    ['Open', [], 'Accepted by the claims team'],
    ['Open', ['claim.accepted', 'adjuster.assigned'], 'Adjuster assigned'],
    ['Open', ['adjuster.assigned'], 'Adjuster assigned'],
    ['Open', ['claim.accepted', 'adjuster.assigned', 'inspection.scheduled'], 'Inspection scheduled'],
    ['Open', ['claim.accepted', 'adjuster.assigned', 'documents.requested'], 'Documents requested'],
    ['Open', ['claim.accepted', 'documents.requested', 'payment.issued'], 'Payment issued'],
    ['Open', ['claim.accepted', 'claim.closed', 'claim.reopened'], 'Reopened'],
    ['Open', ['claim.accepted', 'claim.closed', 'claim.reopened', 'payment.issued'], 'Payment issued'],
    ['Closed', ['claim.accepted', 'payment.issued', 'claim.closed'], 'Closed'],
    ['Closed', ['claim.closed', 'adjuster.assigned'], 'Closed'],
  ])('%s after %j: %s', (status, types, words) => {
    expect(STATUS_TEXTS.en[claimStage(status, types)]).toBe(words)
  })
})

describe('the number to quote on the phone', () => {
  it("is the claims team's number once known, else the portal's", () => {
    expect(numberToQuote('HO-2026-000123', null)).toBe('HO-2026-000123')
    expect(numberToQuote('HO-2026-000123', 'CC-2026-0042')).toBe('CC-2026-0042')
  })
})
