import type { PolicyFamily } from '../../policy/family'
import { mayReportClaim, type PermissionFacts } from '../../policy/permissions'
import { floodClaimBlocked } from '../policy-facts'

/**
 * One loss, two policies (issue 33 item 4, decision 213): a homeowners policy and a flood policy on the
 * same property. After a storm the wind claim and the flood claim are one loss; the portal offers the
 * other claim when the first is a weather loss the other policy may cover.
 */

export interface RiskAddress {
  address1: string
  address2?: string
  city: string
  state: string
  zipCode: string
}

export interface PairablePolicy extends PermissionFacts {
  policyID: string
  isFlood: boolean
  totalDue: number
  riskAddresses: readonly RiskAddress[]
}

/** Street words as the post office abbreviates them (USPS Publication 28), so 'Street' and 'St.' agree. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  circle: 'cir',
  highway: 'hwy',
  parkway: 'pkwy',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
}

/** Words that introduce a unit: 'Apt 4', 'Unit 4', 'Ste 4', '# 4' all say unit 4. */
const UNIT_WORDS = new Set(['apt', 'apartment', 'unit', 'ste', 'suite', 'no', 'number', '#'])

/** The words of an address line: lower case, punctuation gone but '#', abbreviations applied, the unit as '#4'. */
function lineWords(line: string): string[] {
  const words = line
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9# ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    if (!UNIT_WORDS.has(w) || i === 0) {
      out.push(STREET_WORDS[w] ?? w)
      continue
    }
    while (i + 1 < words.length && UNIT_WORDS.has(words[i + 1]!)) i++ // 'Apt #4'
    if (i + 1 < words.length) out.push(`#${words[++i]}`)
  }
  return out
}

/** An address reduced to what tells properties apart: street and unit words, city, state, the five-digit ZIP. */
function propertyKey(a: RiskAddress): string {
  const street = lineWords(`${a.address1} ${a.address2 ?? ''}`).join(' ')
  const city = lineWords(a.city).join(' ')
  const zip = a.zipCode.replace(/\D/g, '').slice(0, 5)
  return [street, city, a.state.trim().toUpperCase(), zip].join('|')
}

/** Whether two addresses are the same property (case, punctuation, abbreviations, unit words and ZIP+4 aside). */
export function sameProperty(a: RiskAddress, b: RiskAddress): boolean {
  return propertyKey(a) === propertyKey(b)
}

const familyOf = (p: { isFlood: boolean }): PolicyFamily => (p.isFlood ? 'flood' : 'homeowners')

/**
 * The perils of a weather loss that the other family's policy may also cover: wind, hail or a hurricane
 * on a homeowners policy (the water that came with it is the flood policy's), and a flood (the wind that
 * came with it is the homeowners policy's). A fire, a theft or a burst pipe pairs with nothing.
 */
const PAIRED_PERILS: Readonly<Record<PolicyFamily, RegExp>> = {
  homeowners: /\b(wind|hail|hurricane|tropical storm|named storm|windstorm)\b/i,
  flood: /\b(flood|storm surge)\b/i,
}

export function weatherLossPairs(family: PolicyFamily, peril: string): boolean {
  return PAIRED_PERILS[family].test(peril)
}

/** Two different policies, one flood and one not, on the same property. */
export function coverSameProperty(a: PairablePolicy, b: PairablePolicy): boolean {
  if (a.policyID === b.policyID || familyOf(a) === familyOf(b)) return false
  return a.riskAddresses.some((x) => b.riskAddresses.some((y) => sameProperty(x, y)))
}

/** Whether a claim may be reported on the policy online now (not cancelled, not excess flood, no flood balance). */
export function claimReportable(p: PairablePolicy): boolean {
  return mayReportClaim(p) && !floodClaimBlocked(p)
}

/**
 * The policy to offer the other claim on, after a claim of `peril` on `claimed`: the first of `others`
 * (the person's other policies) on the same property, of the other family, where a claim may be reported
 * online; null when the peril is not a weather loss that pairs, or no such policy exists.
 */
export function pairedPolicyFor<P extends PairablePolicy>(claimed: PairablePolicy, peril: string, others: readonly P[]): P | null {
  if (!weatherLossPairs(familyOf(claimed), peril)) return null
  return others.find((o) => coverSameProperty(claimed, o) && claimReportable(o)) ?? null
}
