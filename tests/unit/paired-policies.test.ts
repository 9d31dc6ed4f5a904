import { describe, expect, it } from 'vitest'
import { carriedLossOf } from '../../shared/claims/paired/carried-loss'
import {
  claimReportable,
  coverSameProperty,
  pairedPolicyFor,
  sameProperty,
  weatherLossPairs,
  type PairablePolicy,
} from '../../shared/claims/paired/paired-policies'

const home = { address1: '412 Magnolia Street', city: 'Pensacola', state: 'FL', zipCode: '32501' }

describe('sameProperty', () => {
  it.each([
    ['case', { ...home, address1: '412 MAGNOLIA STREET', city: 'pensacola', state: 'fl' }],
    ['punctuation and abbreviations', { ...home, address1: '412 Magnolia St.' }],
    ['spaces', { ...home, address1: '  412   Magnolia  Street ' }],
    ['ZIP+4', { ...home, zipCode: '32501-1234' }],
    ['a ZIP+4 without its dash', { ...home, zipCode: '325011234' }],
  ])('the same property despite %s', (_why, other) => {
    expect(sameProperty(home, other)).toBe(true)
  })

  it('reads unit numbers alike however they are written, and tells units apart', () => {
    const a = { ...home, address1: '412 Magnolia Street', address2: 'Apt 4B' }
    expect(sameProperty(a, { ...home, address1: '412 Magnolia St', address2: 'Unit 4b' })).toBe(true)
    expect(sameProperty(a, { ...home, address1: '412 Magnolia St #4B' })).toBe(true)
    expect(sameProperty(a, { ...home, address1: '412 Magnolia St., Apt. #4B' })).toBe(true)
    expect(sameProperty(a, { ...home, address2: 'Apt 5B' })).toBe(false)
    expect(sameProperty(a, home)).toBe(false)
  })

  it('tells different houses, streets, cities and ZIP codes apart', () => {
    expect(sameProperty(home, { ...home, address1: '414 Magnolia Street' })).toBe(false)
    expect(sameProperty(home, { ...home, address1: '412 Magnolia Avenue' })).toBe(false)
    expect(sameProperty(home, { ...home, city: 'Gulf Breeze' })).toBe(false)
    expect(sameProperty(home, { ...home, zipCode: '32502' })).toBe(false)
    expect(sameProperty(home, { ...home, state: 'AL' })).toBe(false)
  })
})

describe('weatherLossPairs', () => {
  it.each([
    ['homeowners', 'Wind/Hail', true],
    ['homeowners', 'Hurricane', true],
    ['homeowners', 'Named Storm', true],
    ['homeowners', 'Fire', false],
    ['homeowners', 'Theft', false],
    ['homeowners', 'Water Damage', false],
    ['homeowners', 'Lightning', false],
    ['flood', 'Flood', true],
    ['flood', 'Storm surge', true],
  ] as const)('%s %s: %s', (family, peril, pairs) => {
    expect(weatherLossPairs(family, peril)).toBe(pairs)
  })
})

const policy = (policyID: string, isFlood: boolean, o: Partial<PairablePolicy> = {}): PairablePolicy => ({
  policyID,
  isFlood,
  totalDue: 0,
  policyStatus: 'Active',
  previousCancelled: false,
  isExcessFlood: false,
  isUmbrella: false,
  riskAddresses: [home],
  ...o,
})

describe('pairedPolicyFor', () => {
  const ho = policy('HOM1', false)
  const fld = policy('FLD1', true, { riskAddresses: [{ ...home, address1: '412 MAGNOLIA ST', zipCode: '32501-0007' }] })

  it('pairs a homeowners wind claim with the flood policy on the same property, and back', () => {
    expect(pairedPolicyFor(ho, 'Wind/Hail', [fld])).toBe(fld)
    expect(pairedPolicyFor(fld, 'Flood', [ho])).toBe(ho)
  })

  it('offers nothing for a peril that does not pair', () => {
    expect(pairedPolicyFor(ho, 'Fire', [fld])).toBeNull()
  })

  it('offers nothing for a policy elsewhere, of the same family, or the same policy', () => {
    expect(pairedPolicyFor(ho, 'Wind/Hail', [policy('FLD2', true, { riskAddresses: [{ ...home, address1: '9 Bay Road' }] })])).toBeNull()
    expect(pairedPolicyFor(ho, 'Wind/Hail', [policy('HOM2', false)])).toBeNull()
    expect(coverSameProperty(ho, ho)).toBe(false)
  })

  it('offers nothing where a claim cannot be reported online: cancelled, excess flood, a flood balance', () => {
    expect(pairedPolicyFor(ho, 'Wind/Hail', [{ ...fld, policyStatus: 'Cancelled' }])).toBeNull()
    expect(pairedPolicyFor(ho, 'Wind/Hail', [{ ...fld, isExcessFlood: true }])).toBeNull()
    expect(pairedPolicyFor(ho, 'Wind/Hail', [{ ...fld, totalDue: 5000 }])).toBeNull()
  })
})

describe('the demo data (claims.paired-home-flood)', () => {
  it("noor's homeowners and flood policies are one property, both open to a claim online; no other persona holds such a pair open to claims", async () => {
    const { buildSeedPolicies } = await import('../../worker/db/seed/policies')
    const { loadManifest, profileIdOf } = await import('../../worker/db/seed/manifest')
    const manifest = loadManifest()
    const seeded = buildSeedPolicies(manifest)
    const tagged = manifest.personas.flatMap((p) => p.policies.filter((x) => x.tags.includes('claims.paired-home-flood')).map((x) => x.policyId))
    const [homePolicy, floodPolicy] = tagged.map((id) => seeded.find((s) => s.doc.policyID === id)!.doc)
    expect(homePolicy!.isFlood).toBe(false)
    expect(pairedPolicyFor(homePolicy!, 'Wind/Hail', [floodPolicy!])).toBe(floodPolicy)
    expect(pairedPolicyFor(floodPolicy!, 'Flood', [homePolicy!])).toBe(homePolicy)
    const pairs = manifest.personas.flatMap((persona) => {
      const held = seeded.filter((s) => s.profileId === profileIdOf(persona)).map((s) => s.doc)
      return held.flatMap((a) =>
        held.filter((b) => a.policyID < b.policyID && coverSameProperty(a, b) && claimReportable(a) && claimReportable(b)).map((b) => [a.policyID, b.policyID]),
      )
    })
    expect(pairs).toEqual([[homePolicy!.policyID, floodPolicy!.policyID].sort()])
  })
})

describe('carriedLossOf', () => {
  const stored = {
    lossDescription: 'Wind took the roof.',
    homePhone: '850-555-0142',
    workPhone: '',
    cellPhone: '850-555-0199',
    preferredContact: '3',
    emailAddress: 'noor.paired@example.com',
    claimReportedByName: 'Noor Haddad',
    claimReportedByPhone: '850-555-0142',
  }

  it('carries what both forms ask, with the time of loss only from a flood claim', () => {
    expect(carriedLossOf('2026-11-20', { ...stored, lossDate: '11/20/2026 02:05:00 PM' })).toEqual({
      lossDate: '2026-11-20',
      lossTime: '14:05',
      description: 'Wind took the roof.',
      homePhone: '850-555-0142',
      workPhone: '',
      cellPhone: '850-555-0199',
      preferredContact: '3',
      email: 'noor.paired@example.com',
      reporterName: 'Noor Haddad',
      reporterPhone: '850-555-0142',
      reporterRelationship: '',
    })
    const fromHome = carriedLossOf('2026-11-20', { ...stored, lossDate: '11/20/2026', claimReportedByRelationship: 'Self', causeOfLoss: 'Wind/Hail' })
    expect(fromHome).toMatchObject({ lossTime: '', reporterRelationship: 'Self' })
    expect(fromHome).not.toHaveProperty('causeOfLoss')
  })

  it('takes only text, and no more of it than the forms hold', () => {
    expect(carriedLossOf('2026-11-20', { lossDescription: 42, emailAddress: null, claimReportedByName: 'x'.repeat(500) })).toMatchObject({
      description: '',
      email: '',
      reporterName: 'x'.repeat(100),
    })
  })
})
