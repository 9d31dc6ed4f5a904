import { describe, it, expect } from 'vitest'
import {
  ADDITIONAL_INTEREST_NOTE,
  additionalInterestCap,
  escrowed,
  mortgageeCap,
  mortgageeHeading,
  shownAdditionalInterests,
  shownMortgagees,
  showsAdditionalInsureds,
  showsAdditionalInterestCountry,
  showsAdditionalInterests,
  showsMortgageeType,
  type CapFacts,
} from '../../shared/policy/mortgagees'
import { emailText, showsBirthDateAndMaritalStatus, showsFloodZone, showsUnderwritingStatus, underwritingNextStep } from '../../shared/policy/summary'

/** Spec 001 "Policy Summary page" and section 9, quoted in each table. */

const homeowners: CapFacts = { planId: 'HO3', isFlood: false, isExcessFlood: false, isManufacturedHome: false }
const flood: CapFacts = { planId: 'PRP', isFlood: true, isExcessFlood: false, isManufacturedHome: false }
const excess: CapFacts = { planId: 'EXC', isFlood: true, isExcessFlood: true, isManufacturedHome: false }

describe("Mortgagee display cap: '1 for renters or HO4-like plans, 6 for excess flood, 3 for flood, 4 for manufactured home, else 2'", () => {
  it.each([
    ['renters (HO4)', { ...homeowners, planId: 'HO4' }, 1],
    ['HO4-like (HOA)', { ...homeowners, planId: 'HOA' }, 1],
    ['excess flood', excess, 6],
    ['flood', flood, 3],
    ['manufactured home', { ...homeowners, planId: 'MFH', isManufacturedHome: true }, 4],
    ['homeowners HO3', homeowners, 2],
    ['umbrella', { ...homeowners, planId: 'UMB' }, 2],
    ['commercial', { ...homeowners, planId: 'CPP' }, 2],
  ] as const)('%s: %i', (_name, facts, cap) => expect(mortgageeCap(facts)).toBe(cap))

  it('shows only the first entries up to the cap (flood: 4 on file, 3 shown; excess flood: 7 on file, 6 shown)', () => {
    expect(shownMortgagees({ ...flood, mortgagees: [1, 2, 3, 4] })).toEqual([1, 2, 3])
    expect(shownMortgagees({ ...excess, mortgagees: [1, 2, 3, 4, 5, 6, 7] })).toEqual([1, 2, 3, 4, 5, 6])
    expect(shownMortgagees({ ...homeowners, mortgagees: [1] })).toEqual([1])
  })
})

describe("Mortgagee heading: 'Mortgagee', 'Mortgagees', 'Mortgagee/Lienholder' or 'Mortgagees/Lienholders' (lienholder form when any entry has type Lienholder)", () => {
  const M = { type: 'Mortgagee' as const }
  const L = { type: 'Lienholder' as const }
  it.each([
    ['one mortgagee', [M], 1, 'Mortgagee'],
    ['two mortgagees', [M, M], 2, 'Mortgagees'],
    ['one lienholder', [L], 1, 'Mortgagee/Lienholder'],
    ['a lienholder and a mortgagee', [L, M], 2, 'Mortgagees/Lienholders'],
    ['a mortgagee then a lienholder', [M, L], 2, 'Mortgagees/Lienholders'],
    ['two on file, cap 1 shows one', [M, M], 1, 'Mortgagee'],
    ['lienholder on file beyond the cap still makes it a lienholder policy', [M, L], 1, 'Mortgagee/Lienholder'],
  ] as const)('%s -> %s', (_name, all, shown, heading) => expect(mortgageeHeading(all, shown)).toBe(heading))
})

describe("'Escrowed' (Yes when escrowFlag is '1') only for type Mortgagee with mortgageeId 1 or 3", () => {
  it.each([
    ['Mortgagee', 1, '1', 'Yes'],
    ['Mortgagee', 1, '0', 'No'],
    ['Mortgagee', 3, '1', 'Yes'],
    ['Mortgagee', 3, '0', 'No'],
    ['Mortgagee', 2, '1', null],
    ['Mortgagee', 4, '1', null],
    ['Lienholder', 1, '1', null],
    ['Lienholder', 3, '0', null],
  ] as const)('%s id %i escrowFlag %s -> %s', (type, mortgageeId, escrowFlag, expected) => {
    expect(escrowed({ type, mortgageeId, escrowFlag })).toBe(expected)
  })
})

describe("'a Type line only on lienholder policies'", () => {
  it.each([
    [[{ type: 'Mortgagee' as const }], false],
    [[{ type: 'Mortgagee' as const }, { type: 'Lienholder' as const }], true],
    [[], false],
  ])('%j -> %s', (all, expected) => expect(showsMortgageeType(all)).toBe(expected))
})

describe("Additional interest cap: '1 for HO4 and HOA plans, 4 for MFH, 2 otherwise'", () => {
  it.each([
    ['HO4', 1],
    ['HOA', 1],
    ['MFH', 4],
    ['HO3', 2],
    ['UMB', 2],
    ['DP3', 2],
    ['hoa', 1],
  ] as const)('%s: %i', (plan, cap) => {
    expect(additionalInterestCap(plan)).toBe(cap)
  })

  it('shows the first entries up to the cap (MFH: 5 on file, 4 shown; HO4: 2 on file, 1 shown)', () => {
    expect(shownAdditionalInterests({ planId: 'MFH', additionalInterests: ['a', 'b', 'c', 'd', 'e'] })).toEqual(['a', 'b', 'c', 'd'])
    expect(shownAdditionalInterests({ planId: 'HO4', additionalInterests: ['a', 'b'] })).toEqual(['a'])
  })
})

describe("Additional Interest(s): 'non-flood only, with the note (Typically Landlord/Property Manager); country shown for umbrella only'", () => {
  it('carries the note verbatim', () => expect(ADDITIONAL_INTEREST_NOTE).toBe('(Typically Landlord/Property Manager)'))
  it.each([
    ['homeowners', { isFlood: false, isUmbrella: false }, true, false],
    ['umbrella', { isFlood: false, isUmbrella: true }, true, true],
    ['flood', { isFlood: true, isUmbrella: false }, false, false],
  ] as const)('%s: shown %s, country %s', (_name, facts, shown, country) => {
    expect(showsAdditionalInterests(facts)).toBe(shown)
    expect(showsAdditionalInterestCountry(facts)).toBe(country)
  })
})

describe("Additional Insured(s): 'flood only, and only when additional named insureds exist'", () => {
  it.each([
    ['flood with insureds', { isFlood: true, additionalNamedInsureds: [{}] }, true],
    ['flood without insureds', { isFlood: true, additionalNamedInsureds: [] }, false],
    ['homeowners with insureds', { isFlood: false, additionalNamedInsureds: [{}] }, false],
  ] as const)('%s -> %s', (_name, facts, expected) => expect(showsAdditionalInsureds(facts)).toBe(expected))
})

describe("Summary fields: 'underwriting status (flood only, not excess flood, when non-empty, with a caution icon); flood zone (flood only); date of birth and marital status (non-flood only)'", () => {
  it.each([
    ['flood, status pending', { isFlood: true, isExcessFlood: false, underwritingStatus: 'Pending' }, true],
    ['flood, status empty', { isFlood: true, isExcessFlood: false, underwritingStatus: '' }, false],
    ['flood, status blank', { isFlood: true, isExcessFlood: false, underwritingStatus: '  ' }, false],
    ['excess flood, status pending', { isFlood: true, isExcessFlood: true, underwritingStatus: 'Pending' }, false],
    ['homeowners, status set', { isFlood: false, isExcessFlood: false, underwritingStatus: 'Pending' }, false],
  ] as const)('underwriting status: %s -> %s', (_name, facts, expected) => expect(showsUnderwritingStatus(facts)).toBe(expected))

  it.each([
    ['flood', true, true, false],
    ['non-flood', false, false, true],
  ] as const)('%s: flood zone %s, date of birth and marital status %s', (_name, isFlood, zone, dob) => {
    expect(showsFloodZone({ isFlood })).toBe(zone)
    expect(showsBirthDateAndMaritalStatus({ isFlood })).toBe(dob)
  })
})

describe("Email: 'Not on file' if empty", () => {
  it.each([
    ['', 'Not on file'],
    ['   ', 'Not on file'],
    ['a@example.com', 'a@example.com'],
  ])('%j -> %s', (email, text) => {
    expect(emailText(email)).toBe(text)
  })
})

describe('an underwriting status that waits on the policyholder has a next step (issue 35)', () => {
  it.each([
    ['Pending - Elevation Certificate Required', /^Underwriting needs an Elevation Certificate for this building: .*Please send it to your agent/],
    ['Pending - Signed Application', /^Underwriting is waiting for something from you\. Please ask your agent what is needed\.$/],
    ['Complete', null],
    ['', null],
  ] as const)('%j', (status, step) => {
    const got = underwritingNextStep(status)
    if (step === null) expect(got).toBeNull()
    else expect(got).toMatch(step)
  })
})
