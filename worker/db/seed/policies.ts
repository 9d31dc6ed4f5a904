import { policyFamily } from '../../../shared/policy/family'
import { policySchema, type Policy } from '../../../shared/policy/schemas/policy'
import { FLOOD_PLANS, type PolicyDefinition } from './build'
import { profileIdOf, type Manifest } from './manifest'
import { SEED_COVERAGES } from './coverages'
import { CATALOG_POLICIES } from './policies-catalog'
import { DIRECT_POLICIES } from './policies-direct'
import { EDGE_POLICIES } from './policies-edge'
import { UNLINKED_POLICIES } from './policies-unlinked'
import { WORST_DAY_POLICIES } from './policies-worst-day'
import { PAIRED_POLICIES } from './policies-paired'

/** Every demo policy definition, by policy id. */
const POLICY_DEFINITIONS: ReadonlyMap<string, PolicyDefinition> = new Map(
  [...DIRECT_POLICIES, ...EDGE_POLICIES, ...CATALOG_POLICIES, ...WORST_DAY_POLICIES, ...PAIRED_POLICIES, ...UNLINKED_POLICIES].map((d) => [d.policyId, d]),
)

export interface SeedPolicy {
  doc: Policy
  /** The persona profile it is linked to, or null for an unlinked (registration) policy. */
  profileId: string | null
  nickname: string
  position: number
  sendToProgressive: boolean
}

/**
 * Builds and validates one policy document (policySchema.parse fills the defaults). Its coverages come
 * from SEED_COVERAGES, their endorsements from the policy's 'Endorsement …' documents.
 */
function buildPolicy(def: PolicyDefinition): Policy {
  const input = def.build()
  const coverages = SEED_COVERAGES[def.policyId]
  if (!coverages) throw new Error(`policy ${def.policyId} has no seed coverages`)
  const endorsements = (input.policyDocuments ?? []).map((d) => d.description).filter((d) => d.startsWith('Endorsement'))
  const doc = policySchema.parse({ ...input, coverages: { ...coverages, endorsements } })
  if (doc.policyID !== def.policyId) throw new Error(`definition ${def.policyId} built ${doc.policyID}`)
  checkFamily(doc)
  return doc
}

/** Plan, number prefix and flags must agree (spec 000 section 1: AEX, EX, FLD numbers are flood). */
function checkFamily(doc: Policy): void {
  const floodPlan = FLOOD_PLANS.includes(doc.planId)
  const floodNumber = policyFamily(doc.policyID) === 'flood'
  const ok =
    floodPlan === floodNumber &&
    doc.isFlood === floodPlan &&
    doc.isExcessFlood === (doc.planId === 'EXC') &&
    (doc.planId !== 'EXC' || /^(AEX|EX[A-Z])\d+$/.test(doc.policyID)) &&
    (!floodPlan || doc.planId === 'EXC' || doc.policyID.startsWith('FLD'))
  if (!ok) throw new Error(`policy ${doc.policyID}: plan ${doc.planId} does not match its number or flood flags`)
}

/** Every policy of the manifest, built, with its link; fails loudly on any mismatch. */
export function buildSeedPolicies(manifest: Manifest): SeedPolicy[] {
  const seen = new Set<string>()
  const take = (policyId: string): PolicyDefinition => {
    if (seen.has(policyId)) throw new Error(`policy ${policyId} appears twice in the persona manifest`)
    seen.add(policyId)
    const def = POLICY_DEFINITIONS.get(policyId)
    if (!def) throw new Error(`policy ${policyId} has no seed definition`)
    return def
  }
  const out: SeedPolicy[] = []
  for (const persona of manifest.personas) {
    persona.policies.forEach((entry, position) => {
      const def = take(entry.policyId)
      out.push({
        doc: buildPolicy(def),
        profileId: profileIdOf(persona),
        nickname: def.nickname,
        position,
        sendToProgressive: def.sendToProgressive ?? false,
      })
    })
  }
  for (const entry of manifest.unlinkedPolicies) {
    const def = take(entry.policyId)
    const doc = buildPolicy(def)
    if (doc.lastName !== entry.lastName || doc.birthDate !== entry.birthDate) {
      throw new Error(`unlinked policy ${entry.policyId}: manifest last name or birth date differs from the policy`)
    }
    out.push({ doc, profileId: null, nickname: '', position: 0, sendToProgressive: def.sendToProgressive ?? false })
  }
  for (const id of POLICY_DEFINITIONS.keys()) {
    if (!seen.has(id)) throw new Error(`policy definition ${id} is not in the persona manifest`)
  }
  return out
}
