import { describe, expect, it } from 'vitest'
import { PAYOUT_TEXT, payoutChoiceSchema, payoutChoiceWords } from '../../shared/claims/payout/payout-choice'
import { paymentNews, paymentStates, type PaymentNews } from '../../shared/claims/payout/payment-status'
import { lenderReleases, lenderSteps, namesLender, STAGED_RELEASE_ABOVE_CENTS } from '../../shared/claims/payout/lender-release'
import { claimEventSchema } from '../../shared/claims/events'
import { PAYMENT_MSG } from '../../shared/payments/messages'
import { addSavedMethodSchema } from '../../shared/payments/schemas/saved-method'

/** Issue 33 item 1 (decision 210): the payout form's schema, the payment fold and the lender's steps. */
const deposit = (routingNumber: string, accountNumber = '000123456789') => ({ method: 'deposit', routingNumber, accountNumber, accountHolder: 'Sam Okafor' })
const check = { method: 'check', payee: 'Sam Okafor', address1: '8804 Shoal Creek Boulevard', city: 'Austin', state: 'TX', zipCode: '78757' }
const firstMessage = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message

describe('the payout schema', () => {
  it("judges routing numbers exactly as saving a bank account does (Make a Payment's rule)", () => {
    const routings = ['021000021', '021 000 021', '021000022', '001000003', '801000016', '12345', '0210000210', '']
    for (const routing of routings) {
      const payout = payoutChoiceSchema.safeParse(deposit(routing))
      const saved = addSavedMethodSchema.safeParse({
        kind: 'bank',
        routingNumber: routing,
        accountNumber: '000123456789',
        billingName: 'Sam',
        consent: { accepted: true, version: 'x' },
      })
      expect(firstMessage(payout, 'routingNumber'), routing).toBe(firstMessage(saved, 'routingNumber'))
    }
    expect(firstMessage(payoutChoiceSchema.safeParse(deposit('021000022')), 'routingNumber')).toBe(PAYMENT_MSG.routingInvalid)
  })

  it('refuses an account number outside 4 to 17 digits, and a missing name, with clear words', () => {
    expect(firstMessage(payoutChoiceSchema.safeParse(deposit('021000021', '123')), 'accountNumber')).toBe(PAYMENT_MSG.accountInvalid)
    expect(firstMessage(payoutChoiceSchema.safeParse(deposit('021000021', '1'.repeat(18))), 'accountNumber')).toBe(PAYMENT_MSG.accountInvalid)
    expect(payoutChoiceSchema.safeParse(deposit('021000021', '0001 2345 6789')).success).toBe(true)
    expect(firstMessage(payoutChoiceSchema.safeParse({ ...deposit('021000021'), accountHolder: ' ' }), 'accountHolder')).toBe(PAYOUT_TEXT.holderRequired)
  })

  it('takes a check to an address in a state, with a ZIP code; anything else is told per field', () => {
    expect(payoutChoiceSchema.safeParse(check).success).toBe(true)
    expect(payoutChoiceSchema.safeParse({ ...check, zipCode: '78757-1234' }).success).toBe(true)
    expect(firstMessage(payoutChoiceSchema.safeParse({ ...check, zipCode: '7875' }), 'zipCode')).toBe(PAYOUT_TEXT.zipRequired)
    expect(firstMessage(payoutChoiceSchema.safeParse({ ...check, state: 'XX' }), 'state')).toBe(PAYOUT_TEXT.stateRequired)
    expect(firstMessage(payoutChoiceSchema.safeParse({ ...check, address1: '' }), 'address1')).toBe(PAYOUT_TEXT.address1Required)
    expect(firstMessage(payoutChoiceSchema.safeParse({ method: 'wire' }), 'method')).toBe(PAYOUT_TEXT.methodRequired)
  })

  it('reads a choice in one line, never more than the last four', () => {
    expect(payoutChoiceWords({ method: 'deposit', bankName: 'JPMorgan Chase', last4: '6789' })).toBe('Direct deposit to JPMorgan Chase account ending 6789')
    expect(
      payoutChoiceWords({ method: 'check', payee: 'Sam Okafor', address1: '1 Main St', address2: '', city: 'Austin', state: 'TX', zipCode: '78757' }),
    ).toBe('Check to Sam Okafor, mailed to 1 Main St, Austin, TX 78757')
  })
})

describe('a payment’s status', () => {
  const issued = (paymentId: string, status = 'issued' as const, date = '2026-11-01'): PaymentNews => ({
    kind: 'issued',
    payment: { paymentId, date, amountCents: 100_00, method: 'ach', status, payableTo: [] },
  })
  const moved = (paymentId: string, status: 'issued' | 'check-mailed' | 'deposited' | 'check-cashed', date = '2026-11-03'): PaymentNews => ({
    kind: 'status',
    paymentId,
    status,
    date,
  })

  it.each([
    ['in order', [issued('p'), moved('p', 'deposited')], 'deposited'],
    ['the status before the payment', [moved('p', 'deposited'), issued('p')], 'deposited'],
    ['a stale issued after deposited', [issued('p'), moved('p', 'deposited'), moved('p', 'issued')], 'deposited'],
    ['the payment twice', [issued('p'), issued('p'), moved('p', 'check-mailed')], 'check-mailed'],
    ['mailed then cashed', [issued('p'), moved('p', 'check-cashed'), moved('p', 'check-mailed')], 'check-cashed'],
    ['issued already mailed', [issued('p', 'check-mailed' as never), moved('p', 'issued')], 'check-mailed'],
  ] as const)('%s', (_name, news, status) => {
    const states = paymentStates(news as unknown as PaymentNews[])
    expect(states).toHaveLength(1)
    expect(states[0]!.status).toBe(status)
  })

  it('a status of a payment never issued shows nothing; payments keep the order they were issued in', () => {
    expect(paymentStates([moved('ghost', 'deposited')])).toEqual([])
    expect(paymentStates([issued('b'), issued('a'), moved('a', 'deposited')]).map((p) => [p.paymentId, p.status])).toEqual([
      ['b', 'issued'],
      ['a', 'deposited'],
    ])
  })

  it('a payment.issued without an id (older events) is known by its event id', () => {
    const [n] = paymentNews({ id: 'evt-7', type: 'payment.issued', date: '2026-11-01', data: { amountCents: 5_00, method: 'check' } })
    expect(n).toMatchObject({ kind: 'issued', payment: { paymentId: 'evt-7', status: 'issued', payableTo: [] } })
  })

  it('the events: payment.issued with its status and payees, payment.status with a known status only', () => {
    const base = { id: 'e1', claimNumber: 'HO-2026-000123', sequence: 1 }
    expect(
      claimEventSchema.safeParse({
        ...base,
        type: 'payment.issued',
        data: { amountCents: 100, method: 'check', paymentId: 'p1', status: 'check-mailed', payableTo: ['A Bank'] },
      }).success,
    ).toBe(true)
    expect(claimEventSchema.safeParse({ ...base, type: 'payment.issued', data: { amountCents: 100, method: 'ach' } }).success).toBe(true)
    expect(claimEventSchema.safeParse({ ...base, type: 'payment.status', data: { paymentId: 'p1', status: 'deposited' } }).success).toBe(true)
    expect(claimEventSchema.safeParse({ ...base, type: 'payment.status', data: { paymentId: 'p1', status: 'lost' } }).success).toBe(false)
    expect(claimEventSchema.safeParse({ ...base, type: 'payment.status', data: { status: 'deposited' } }).success).toBe(false)
  })
})

describe("the lender's release", () => {
  const lender = {
    name: 'Texas Capital Mortgage',
    loanId: 'TCM-1',
    address1: '2000 McKinney Avenue',
    address2: '',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
  }

  it('names a lender however its name is spaced or cased, and only a lender of the policy', () => {
    expect(namesLender('TEXAS CAPITAL MORTGAGE', lender.name)).toBe(true)
    expect(namesLender('Texas Capital Mortgage, Inc.', lender.name)).toBe(false)
    expect(namesLender('', '')).toBe(false)
    expect(lenderReleases(['Another Bank'], 100_00, [lender])).toEqual([])
    expect(lenderReleases(['texas capital mortgage'], 100_00, [lender]).map((r) => r.lender.loanId)).toEqual(['TCM-1'])
  })

  it('asks for the endorsement always, and inspection and a staged release above the staged amount', () => {
    const small = lenderSteps(STAGED_RELEASE_ABOVE_CENTS)
    const large = lenderSteps(STAGED_RELEASE_ABOVE_CENTS + 1)
    expect(small.join(' ')).toContain('Endorse')
    expect(small.join(' ')).not.toContain('stages')
    expect(large.join(' ')).toContain('inspect')
    expect(large.join(' ')).toContain('stages')
  })
})
