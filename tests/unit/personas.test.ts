import { describe, expect, it } from 'vitest'
import personas from '../fixtures/personas.json'
import { isBirthDateExempt, policyFamily } from '../../shared/policy/family'
import { PLAN_CODES } from '../support/plans'
import type { Policy } from '../../shared/policy/schemas/policy'
import { manifestSchema } from '../../worker/db/seed/manifest'
import { planPdfJobs } from '../../worker/db/seed/pdfs'
import { buildSeedPolicies } from '../../worker/db/seed/policies'
import { isSafeFileName } from '../../worker/db/policy/document-keys'

/** The persona manifest (tests/fixtures/personas.json) and the policies the seed builds from it, without workerd. */

const manifest = manifestSchema.parse(personas)
const seeded = buildSeedPolicies(manifest)
const docs = new Map<string, Policy>(seeded.map((s) => [s.doc.policyID, s.doc]))
const linked = personas.personas.flatMap((p) => p.policies)

function tagged(tag: string): Policy {
  const entry = [...linked, ...personas.unlinkedPolicies].find((x) => x.tags.includes(tag))
  expect(entry, `a policy tagged ${tag}`).toBeDefined()
  return docs.get(entry!.policyId)!
}

const REQUIRED_PERSONA_TAGS = ['direct.multi', 'direct.single', 'direct.partner', 'direct.catalog']
const REQUIRED_POLICY_TAGS = [
  'policy.homeowners-balance',
  'policy.condo-paid',
  'policy.flood-balance',
  'policy.renewal-esign',
  'policy.cancelled',
  'policy.excess-flood',
  'policy.flood-paid',
  'policy.umbrella',
  'policy.lienholder',
  'policy.previous-cancelled',
]
const REQUIRED_UNLINKED_TAGS = ['unregistered.homeowners', 'unregistered.flood', 'unregistered.partner']

describe('persona manifest shape', () => {
  it('has exactly the agreed keys', () => {
    expect(Object.keys(personas).sort()).toEqual(['personas', 'unlinkedPolicies'])
    for (const p of personas.personas) {
      expect(Object.keys(p).sort()).toEqual(['email', 'key', 'password', 'policies', 'tags', 'userName'])
      for (const x of p.policies) expect(Object.keys(x).sort()).toEqual(['policyId', 'tags'])
    }
    for (const u of personas.unlinkedPolicies) expect(Object.keys(u).sort()).toEqual(['birthDate', 'lastName', 'policyId', 'tags'])
  })

  it('uses passwords that satisfy the complexity rule and unique user names and emails', () => {
    for (const p of personas.personas) {
      expect(p.password.length, p.key).toBeGreaterThanOrEqual(7)
      expect(p.password.length, p.key).toBeLessThanOrEqual(35)
      expect(p.password, p.key).toMatch(/[A-Z]/)
      expect(p.password, p.key).toMatch(/[a-z]/)
      expect(p.password, p.key).toMatch(/[^A-Za-z]/)
      expect(p.email, p.key).toMatch(/@example\.com$/)
    }
    const unique = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase())).size === xs.length
    expect(unique(personas.personas.map((p) => p.userName))).toBe(true)
    expect(unique(personas.personas.map((p) => p.email))).toBe(true)
    expect(unique(personas.personas.map((p) => p.key))).toBe(true)
  })

  it('lists every policy once, in one persona or as unlinked', () => {
    const ids = [...linked.map((x) => x.policyId), ...personas.unlinkedPolicies.map((u) => u.policyId)]
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[A-Z]{2,3}\d+$/)
  })
})

describe('tag coverage', () => {
  it('has every persona, policy and unlinked tag the specs need', () => {
    const personaTags = personas.personas.flatMap((p) => p.tags)
    for (const t of REQUIRED_PERSONA_TAGS) expect(personaTags, t).toContain(t)
    const policyTags = linked.flatMap((x) => x.tags)
    for (const t of REQUIRED_POLICY_TAGS) expect(policyTags, t).toContain(t)
    const unlinkedTags = personas.unlinkedPolicies.flatMap((u) => u.tags)
    for (const t of REQUIRED_UNLINKED_TAGS) expect(unlinkedTags, t).toContain(t)
  })

  it('gives direct.single exactly one policy and direct.multi three or more', () => {
    const single = personas.personas.find((p) => p.tags.includes('direct.single'))!
    const multi = personas.personas.find((p) => p.tags.includes('direct.multi'))!
    expect(single.policies).toHaveLength(1)
    expect(multi.policies.length).toBeGreaterThanOrEqual(3)
    for (const t of ['policy.homeowners-balance', 'policy.condo-paid', 'policy.flood-balance']) {
      expect(
        multi.policies.flatMap((x) => x.tags),
        t,
      ).toContain(t)
    }
  })

  it('uses every plan code of spec 000 section 1', () => {
    const plans = new Set([...docs.values()].map((d) => d.planId))
    for (const code of PLAN_CODES) expect(plans, code).toContain(code)
  })
})

describe('tagged policies show what their tags say', () => {
  it('policy.homeowners-balance', () => {
    const p = tagged('policy.homeowners-balance')
    expect(policyFamily(p.policyID)).toBe('homeowners')
    expect(p.totalDue).toBeGreaterThan(0)
    expect(p.eSignatureRequired).toBe(true)
    expect(p.originalTransType).not.toBe('RN')
    expect(p.claims.length).toBeGreaterThanOrEqual(2)
    expect(p.payments.length).toBeGreaterThanOrEqual(12)
    expect(new Set(p.policyPacketDocuments.map((x) => x.transactionType))).toEqual(new Set(['NB', 'EB', 'RN']))
    expect(p.policyStatements.length).toBeGreaterThan(0)
    expect(p.acknowledgement).toMatch(/<p>/)
    expect(p.applicationFileName).not.toBe('')
    expect(p.policyDocuments.map((d) => d.fileName)).toContain(p.applicationFileName)
    expect(p.policyDocuments.map((d) => d.description)).toContain('CEA Application')
  })

  it('policy.condo-paid and policy.flood-balance', () => {
    const condo = tagged('policy.condo-paid')
    expect([condo.planId, condo.totalDue]).toEqual(['HO6', 0])
    const flood = tagged('policy.flood-balance')
    expect(flood.isFlood).toBe(true)
    expect(flood.isExcessFlood).toBe(false)
    expect(flood.totalDue).toBeGreaterThan(0)
    expect(flood.underwritingStatus).not.toBe('')
    expect(flood.numberOfTermsDue).toBe(0)
  })

  it('policy.renewal-esign, policy.cancelled, policy.previous-cancelled', () => {
    const rn = tagged('policy.renewal-esign')
    expect([rn.eSignatureRequired, rn.originalTransType, rn.isFlood, rn.isUmbrella]).toEqual([true, 'RN', false, false])
    expect(tagged('policy.cancelled').policyStatus).toContain('Cancelled')
    const prev = tagged('policy.previous-cancelled')
    expect(prev.previousCancelled).toBe(true)
    expect(prev.policyStatus).not.toContain('Cancelled')
  })

  it('policy.excess-flood, policy.flood-paid, policy.umbrella, policy.lienholder', () => {
    const exc = tagged('policy.excess-flood')
    expect([exc.planId, exc.isFlood, exc.isExcessFlood]).toEqual(['EXC', true, true])
    expect(exc.policyID).toMatch(/^(AEX|EX[A-Z])\d+$/)
    const paid = tagged('policy.flood-paid')
    expect([paid.isFlood, paid.isExcessFlood, paid.totalDue, paid.underwritingStatus]).toEqual([true, false, 0, ''])
    const umb = tagged('policy.umbrella')
    expect([umb.planId, umb.isUmbrella]).toEqual(['UMB', true])
    expect(umb.additionalInterests.some((a) => a.country !== 'USA')).toBe(true)
    expect(tagged('policy.lienholder').mortgagees.some((m) => m.type === 'Lienholder')).toBe(true)
  })

  it('unlinked policies answer verification with the manifest values', () => {
    for (const u of personas.unlinkedPolicies) {
      const d = docs.get(u.policyId)!
      expect([d.lastName, d.birthDate], u.policyId).toEqual([u.lastName, u.birthDate])
      if (u.birthDate === null) expect(isBirthDateExempt(u.policyId), u.policyId).toBe(true)
    }
    expect(policyFamily(tagged('unregistered.flood').policyID)).toBe('flood')
    expect(tagged('unregistered.flood').policyID).toMatch(/^FLD/)
    const partner = seeded.find((s) => s.doc.policyID === tagged('unregistered.partner').policyID)!
    expect(partner.sendToProgressive).toBe(true)
    expect(seeded.filter((s) => s.profileId === null)).toHaveLength(personas.unlinkedPolicies.length)
  })
})

describe('policy documents', () => {
  const all = [...docs.values()]

  it('keep plan, number prefix and flood flags consistent', () => {
    for (const d of all) {
      const flood = ['PRP', 'STD', 'MP3', 'EXC'].includes(d.planId)
      expect(policyFamily(d.policyID) === 'flood', d.policyID).toBe(flood)
      expect(d.isFlood, d.policyID).toBe(flood)
      expect(d.isExcessFlood, d.policyID).toBe(d.planId === 'EXC')
      if (flood && d.planId !== 'EXC') expect(d.policyID, d.policyID).toMatch(/^(FLD|AEX)/)
      if (flood) expect(d.additionalInterests, d.policyID).toEqual([])
      else expect(d.additionalNamedInsureds, d.policyID).toEqual([])
    }
  })

  it('each have a Dec Page document and safe file names', () => {
    for (const d of all) {
      expect(
        d.policyDocuments.some((x) => x.description.includes('Dec Page')),
        d.policyID,
      ).toBe(true)
      for (const x of [...d.policyDocuments, ...d.standardDocuments]) expect(isSafeFileName(x.fileName), x.fileName).toBe(true)
      expect(
        d.payments.every((x) => Number.isInteger(x.amount)),
        d.policyID,
      ).toBe(true)
    }
  })

  it('carry the field-level variety later pages need', () => {
    const counts = all.map((d) => d.mortgagees.length)
    expect(Math.max(...counts)).toBe(7)
    expect(counts).toContain(1)
    expect(all.some((d) => d.mortgagees.some((m) => m.mortgageeId === 1 && m.escrowFlag === '1' && m.type === 'Mortgagee'))).toBe(true)
    expect(all.some((d) => !d.isFlood && d.additionalInterests.length > 0)).toBe(true)
    expect(all.some((d) => d.isFlood && d.additionalNamedInsureds.length > 0)).toBe(true)
    expect(all.some((d) => d.eftFlag && d.totalDue > 0)).toBe(true)
    expect(all.some((d) => d.paymentMessage !== '' && d.totalDue > 0)).toBe(true)
    expect(all.some((d) => d.recentPayment > 0 && d.totalDue > 0)).toBe(true)
    expect(all.some((d) => !d.isFlood && d.numberOfTermsDue === 2)).toBe(true)
    expect(all.some((d) => d.isFlood && d.features['pH.DisableFloodPayments'] === true)).toBe(true)
    expect(all.some((d) => d.features['pH.UseClaimsMatrixFiltered'] === true)).toBe(true)
    expect(all.some((d) => d.originalTransType === '17A')).toBe(true)
    expect(all.some((d) => d.payments.length > 30)).toBe(true)
  })

  it('are deterministic', () => {
    const again = buildSeedPolicies(manifest)
    expect(JSON.stringify(again.map((s) => s.doc))).toBe(JSON.stringify(seeded.map((s) => s.doc)))
  })

  it('plan one R2 key per document, application, packet and coverage form', () => {
    const keys = planPdfJobs(all).map((j) => j.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const d of all) {
      for (const x of d.policyDocuments) expect(keys).toContain(`policies/${d.policyID}/documents/${x.fileName}`)
      if (d.applicationFileName) expect(keys).toContain(`policies/${d.policyID}/documents/${d.applicationFileName}`)
      for (const pk of d.policyPacketDocuments) expect(keys).toContain(`policies/${d.policyID}/packets/${pk.transactionType}-${pk.effectiveDate}.pdf`)
      for (const x of d.standardDocuments) expect(keys).toContain(`standard/${x.fileName}`)
    }
  })
})
