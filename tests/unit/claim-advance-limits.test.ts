import { describe, expect, it } from 'vitest'
import {
  ADVANCE_TEXT,
  advanceLimit,
  advanceRefusal,
  dollarsToCents,
  FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS,
  FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS,
} from '../../shared/claims/advance/advance-limits'
import { floodAdvanceSchema, livingExpensesSchema } from '../../shared/claims/advance/advance-forms'
import { advanceUpdatedSchema } from '../../shared/claims/advance/advance-updated'

describe('the advance limit rule (decision 211)', () => {
  it.each([
    ['flood, $0, no documents', 'flood-advance', 0, 0, ADVANCE_TEXT.amountZero],
    ['flood, $5,000, no documents', 'flood-advance', 5_000_00, 0, null],
    ['flood, $5,000.01, no documents', 'flood-advance', 5_000_01, 0, ADVANCE_TEXT.overWithoutDocuments],
    ['flood, $5,000.01 with a photo', 'flood-advance', 5_000_01, 1, null],
    ['flood, $20,000 with documents', 'flood-advance', 20_000_00, 2, null],
    ['flood, $20,000.01 with documents', 'flood-advance', 20_000_01, 1, ADVANCE_TEXT.overWithDocuments],
    ['living expenses, $850 with a receipt', 'living-expenses', 850_00, 1, null],
    ['living expenses without a receipt', 'living-expenses', 850_00, 0, ADVANCE_TEXT.livingExpensesNeedReceipts],
    ['living expenses, $50,000.01', 'living-expenses', 50_000_01, 1, ADVANCE_TEXT.overLivingExpenses],
  ] as const)('%s', (_, kind, cents, documents, refusal) => {
    expect(advanceRefusal(kind, cents, documents)).toBe(refusal)
  })

  it('names the limit and why: FEMA’s rule, and what documents raise it', () => {
    expect(advanceLimit('flood-advance', false)).toEqual({ maxCents: FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS, overMessage: ADVANCE_TEXT.overWithoutDocuments })
    expect(advanceLimit('flood-advance', true).maxCents).toBe(FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS)
    expect(ADVANCE_TEXT.overWithoutDocuments).toMatch(/\$5,000.*FEMA.*\$20,000/)
    expect(ADVANCE_TEXT.overWithDocuments).toMatch(/\$20,000.*FEMA/)
  })

  it.each([
    ['2500', 2_500_00],
    ['$2,500.00', 2_500_00],
    ['5000.01', 5_000_01],
    ['0.5', 50],
    ['12,345,678', 12_345_678_00],
    ['2.505', null],
    ['-5', null],
    ['1e4', null],
    ['', null],
    ['25,00', null],
  ])('reads %j as %j cents', (raw, cents) => {
    expect(dollarsToCents(raw)).toBe(cents)
  })
})

describe('the forms’ schemas use the rule', () => {
  const messageOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => i.message)

  it('a flood advance: the limit by documents, the amount’s own words', () => {
    expect(floodAdvanceSchema.safeParse({ amount: '5000' }).success).toBe(true)
    expect(messageOf(floodAdvanceSchema.safeParse({ amount: '5000.01' }))).toEqual([ADVANCE_TEXT.overWithoutDocuments])
    expect(floodAdvanceSchema.safeParse({ amount: '20,000', documentIds: ['up_1'], documentKind: 'photos' }).data?.amount).toBe(20_000_00)
    expect(messageOf(floodAdvanceSchema.safeParse({ amount: '20000.01', documentIds: ['up_1'] }))).toEqual([ADVANCE_TEXT.overWithDocuments])
    expect(messageOf(floodAdvanceSchema.safeParse({ amount: '0' }))).toEqual([ADVANCE_TEXT.amountZero])
    expect(messageOf(floodAdvanceSchema.safeParse({ amount: 'lots' }))).toEqual([ADVANCE_TEXT.amountInvalid])
    expect(messageOf(floodAdvanceSchema.safeParse({}))).toEqual([ADVANCE_TEXT.amountRequired])
  })

  const living = { amount: '850', canLiveInHome: 'no', periodFrom: '2026-11-01', periodTo: '2026-11-04', purpose: 'Hotel, 4 nights', documentIds: ['up_1'] }

  it('living expenses on a homeowners claim: receipts, a period, what for, and a home the person cannot live in', () => {
    expect(livingExpensesSchema.safeParse(living).data).toMatchObject({ amount: 850_00, purpose: 'Hotel, 4 nights' })
    expect(messageOf(livingExpensesSchema.safeParse({ ...living, documentIds: [] }))).toEqual([ADVANCE_TEXT.livingExpensesNeedReceipts])
    expect(messageOf(livingExpensesSchema.safeParse({ ...living, canLiveInHome: 'yes' }))).toEqual([ADVANCE_TEXT.lossOfUseNo])
    expect(messageOf(livingExpensesSchema.safeParse({ ...living, canLiveInHome: undefined }))).toEqual([ADVANCE_TEXT.lossOfUseRequired])
    expect(messageOf(livingExpensesSchema.safeParse({ ...living, periodTo: '2026-10-31' }))).toEqual(['The last date comes on or after the first.'])
    expect(messageOf(livingExpensesSchema.safeParse({ ...living, periodFrom: '2026-02-30' }))).toEqual(['Enter the first date as a real date (yyyy-mm-dd).'])
    expect(messageOf(livingExpensesSchema.safeParse({ ...living, purpose: ' ' }))?.[0]).toMatch(/what the expenses were for/)
  })

  it('the advance.updated event: each status with what it needs', () => {
    const envelope = { id: 'evt_1', claimNumber: 'FL-2026-000123', sequence: 3, type: 'advance.updated' }
    expect(advanceUpdatedSchema.safeParse({ ...envelope, data: { requestId: 'adv_1', status: 'approved', amountCents: 500000 } }).success).toBe(true)
    expect(advanceUpdatedSchema.safeParse({ ...envelope, data: { requestId: 'adv_1', status: 'approved' } }).success).toBe(false)
    expect(advanceUpdatedSchema.safeParse({ ...envelope, data: { requestId: 'adv_1', status: 'declined' } }).success).toBe(false)
    expect(advanceUpdatedSchema.safeParse({ ...envelope, data: { requestId: 'adv_1', status: 'requested' } }).success).toBe(false)
  })
})
