import { describe, expect, it } from 'vitest'
import { bindParts, rate, RATING_RULES } from '../../worker/dev/policy-admin/rules'
import type { MortgageeEntry } from '../../shared/policy/changes/mortgagee'
import { BILLING_PLANS, BILLING_TEXT, type BillingNow } from '../../shared/policy/changes/billing-plan'

/** The policy administration stand-in's stated rules (decision 214): each row as the table says, and what binding does. */
const wells: MortgageeEntry = {
  type: 'Mortgagee',
  name: 'Wells Fargo Home Mortgage',
  loanId: 'WF-1',
  address1: 'PO Box 100515',
  address2: '',
  city: 'Florence',
  state: 'SC',
  zipCode: '29502',
  mortgageeId: 1,
  escrowFlag: '1',
}
const golden: MortgageeEntry = { ...wells, name: 'Golden 1 Credit Union', loanId: 'G1-2', mortgageeId: 2, escrowFlag: '0' }
const lender = {
  type: 'Mortgagee' as const,
  name: 'Harbor Bank',
  loanId: 'HB-77',
  address1: '1 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
}

/** The day a change is quoted and bound on (the mortgagee rows do not depend on it). */
const DAY = '2026-11-28'

describe('the rating table', () => {
  it('holds one row per kind and action, each with its reason written down', () => {
    const keys = RATING_RULES.map((r) => `${r.kind}:${r.action}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.sort()).toEqual([
      'billing-plan:four',
      'billing-plan:full',
      'billing-plan:monthly',
      'billing-plan:two',
      'deductible:change',
      'mailing-address:update',
      'mortgagee:add',
      'mortgagee:remove',
      'mortgagee:replace',
    ])
    for (const r of RATING_RULES) expect(r.why.length).toBeGreaterThan(10)
  })

  it.each([
    ['add', { action: 'add', position: 3, lender }, { ok: true, premiumChangeCents: 0, referral: null }],
    ['replace', { action: 'replace', position: 1, lender }, { ok: true, premiumChangeCents: 0, referral: null }],
    ['remove', { action: 'remove', position: 2 }, { ok: true, premiumChangeCents: 0, referral: expect.stringContaining('released its interest') }],
  ] as const)('rates a mortgagee %s by its row', (_, change, want) => {
    expect(rate({ kind: 'mortgagee', change }, { mortgagees: [wells, golden] }, DAY)).toEqual(want)
  })

  it('refuses a change to an entry the policy does not have', () => {
    expect(rate({ kind: 'mortgagee', change: { action: 'replace', position: 3, lender } }, { mortgagees: [wells, golden] }, DAY)).toEqual({
      ok: false,
      reason: 'That mortgage company is not on your policy.',
    })
    expect(rate({ kind: 'mortgagee', change: { action: 'remove', position: 1 } }, { mortgagees: [] }, DAY)).toMatchObject({ ok: false })
    expect(rate({ kind: 'mortgagee', change: { action: 'add', position: 4, lender } }, { mortgagees: [wells, golden] }, DAY)).toMatchObject({ ok: false })
  })
})

describe('binding', () => {
  it('replaces in place, keeping the number, escrow unknown', () => {
    expect(bindParts({ kind: 'mortgagee', change: { action: 'replace', position: 1, lender } }, { mortgagees: [wells, golden] }, DAY).mortgagees).toEqual([
      { ...lender, mortgageeId: 1, escrowFlag: '0' },
      golden,
    ])
  })

  it('adds at its place with the next number, and removes', () => {
    expect(bindParts({ kind: 'mortgagee', change: { action: 'add', position: 1, lender } }, { mortgagees: [wells, golden] }, DAY).mortgagees).toEqual([
      { ...lender, mortgageeId: 3, escrowFlag: '0' },
      wells,
      golden,
    ])
    expect(bindParts({ kind: 'mortgagee', change: { action: 'remove', position: 1 } }, { mortgagees: [wells, golden] }, DAY).mortgagees).toEqual([golden])
  })
})

describe('billing plans (decision 217)', () => {
  const billing: BillingNow = { owedCents: 198000, pastDueCents: 0, plan: null, dueDay: 10, expiry: '2027-11-10', schedule: [] }

  it('rates every plan at no premium change, bound at once', () => {
    for (const plan of BILLING_PLANS) {
      expect(rate({ kind: 'billing-plan', change: { action: plan, dueDay: 10 } }, { billing }, DAY)).toEqual({
        ok: true,
        premiumChangeCents: 0,
        referral: null,
      })
    }
  })

  it('refuses a past-due balance, nothing owed, and a schedule past the policy’s end, with the form’s words', () => {
    const monthly = { kind: 'billing-plan' as const, change: { action: 'monthly' as const, dueDay: 10 } }
    expect(rate(monthly, { billing: { ...billing, pastDueCents: 100 } }, DAY)).toEqual({ ok: false, reason: BILLING_TEXT.pastDue })
    expect(rate(monthly, { billing: { ...billing, owedCents: 0 } }, DAY)).toEqual({ ok: false, reason: BILLING_TEXT.nothingOwed })
    // Ten months from 12/10/2026 end 09/10/2027: a policy ending 08/01/2027 cannot take them.
    expect(rate(monthly, { billing: { ...billing, expiry: '2027-08-01' } }, DAY)).toEqual({ ok: false, reason: BILLING_TEXT.notOffered('2027-08-01') })
    expect(rate(monthly, {}, DAY)).toMatchObject({ ok: false })
  })

  it('binds the plan’s schedule from the day after the change, fees joining what is owed', () => {
    const bound = bindParts({ kind: 'billing-plan', change: { action: 'monthly', dueDay: 10 } }, { billing }, DAY).billing!
    expect(bound.plan).toBe('monthly')
    expect(bound.dueDay).toBe(10)
    expect(bound.schedule).toHaveLength(10)
    expect(bound.schedule[0]).toEqual({ dueDate: '2026-12-10', amountCents: 19800 + 500, feeCents: 500 })
    expect(bound.schedule[9]!.dueDate).toBe('2027-09-10')
    expect(bound.owedCents).toBe(198000 + 10 * 500)
  })
})
