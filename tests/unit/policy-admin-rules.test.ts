import { describe, expect, it } from 'vitest'
import { bindParts, rate, RATING_RULES } from '../../worker/dev/policy-admin/rules'
import type { MortgageeEntry } from '../../shared/policy/changes/mortgagee'

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

describe('the rating table', () => {
  it('holds one row per kind and action, each with its reason written down', () => {
    const keys = RATING_RULES.map((r) => `${r.kind}:${r.action}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.sort()).toEqual(['deductible:change', 'mailing-address:update', 'mortgagee:add', 'mortgagee:remove', 'mortgagee:replace'])
    for (const r of RATING_RULES) expect(r.why.length).toBeGreaterThan(10)
  })

  it.each([
    ['add', { action: 'add', position: 3, lender }, { ok: true, premiumChangeCents: 0, referral: null }],
    ['replace', { action: 'replace', position: 1, lender }, { ok: true, premiumChangeCents: 0, referral: null }],
    ['remove', { action: 'remove', position: 2 }, { ok: true, premiumChangeCents: 0, referral: expect.stringContaining('released its interest') }],
  ] as const)('rates a mortgagee %s by its row', (_, change, want) => {
    expect(rate({ kind: 'mortgagee', change }, { mortgagees: [wells, golden] })).toEqual(want)
  })

  it('refuses a change to an entry the policy does not have', () => {
    expect(rate({ kind: 'mortgagee', change: { action: 'replace', position: 3, lender } }, { mortgagees: [wells, golden] })).toEqual({
      ok: false,
      reason: 'That mortgage company is not on your policy.',
    })
    expect(rate({ kind: 'mortgagee', change: { action: 'remove', position: 1 } }, { mortgagees: [] })).toMatchObject({ ok: false })
    expect(rate({ kind: 'mortgagee', change: { action: 'add', position: 4, lender } }, { mortgagees: [wells, golden] })).toMatchObject({ ok: false })
  })
})

describe('binding', () => {
  it('replaces in place, keeping the number, escrow unknown', () => {
    expect(bindParts({ kind: 'mortgagee', change: { action: 'replace', position: 1, lender } }, { mortgagees: [wells, golden] }).mortgagees).toEqual([
      { ...lender, mortgageeId: 1, escrowFlag: '0' },
      golden,
    ])
  })

  it('adds at its place with the next number, and removes', () => {
    expect(bindParts({ kind: 'mortgagee', change: { action: 'add', position: 1, lender } }, { mortgagees: [wells, golden] }).mortgagees).toEqual([
      { ...lender, mortgageeId: 3, escrowFlag: '0' },
      wells,
      golden,
    ])
    expect(bindParts({ kind: 'mortgagee', change: { action: 'remove', position: 1 } }, { mortgagees: [wells, golden] }).mortgagees).toEqual([golden])
  })
})
