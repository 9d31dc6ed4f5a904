import type { SsoParams, TestSsoForm } from './schemas/sso'
import { POLICY_ID_PATTERN } from './schemas/sso'
import { pathOf } from '../routes'

/** The product's texts of spec 000 "SSO landing" and section 8, verbatim. */
export const SSO_TEXT = {
  accessDenied: 'Access to policy denied.',
  noPolicies: 'No policies returned from ping',
  policyLoadFailed: 'Exception thrown retrieving policy data',
  testSsoDenied: 'Access to TestSSO page denied.',
} as const

export const SSO_PARAMS_COOKIE = 'ssoParams'

/** Step 4: PPA must equal 'yes' (any letter case) for the partner flow to go on. */
export function isPpa(value: string | undefined): boolean {
  return value?.toLowerCase() === 'yes'
}

/**
 * The parameters the landing works with. A query that names a policy is a fresh arrival and stands
 * alone; otherwise (the return from the ping login, which brings only the token) the saved cookie's
 * parameters apply, with whatever the query does give taking precedence.
 */
export function mergeSsoParams(query: SsoParams, saved: SsoParams | null): SsoParams {
  if (query.policyId || !saved) return { ...query }
  const out: SsoParams = { ...saved }
  for (const [k, v] of Object.entries(query) as [keyof SsoParams, never][]) if (v !== undefined) out[k] = v
  return out
}

export interface LandingEntry {
  hasToken: boolean
  hasSavedParams: boolean
  hasPolicyId: boolean
  fromTestSso: boolean
}

/**
 * Step 1: with no token, no saved 'ssoParams' cookie, no SSO parameters to act on, and not coming from
 * Test SSO, there is nothing to sign in with: back to account home.
 */
export function landingEntry(e: LandingEntry): 'account-home' | 'continue' {
  return !e.hasToken && !e.hasSavedParams && !e.hasPolicyId && !e.fromTestSso ? 'account-home' : 'continue'
}

/** Step 4: what happens once the parameters are stored. */
export function landingNextStep(s: { ppa: boolean; hasToken: boolean; fake: boolean }): 'idle' | 'ping-login' | 'exchange' {
  if (!s.ppa) return 'idle'
  if (!s.hasToken && !s.fake) return 'ping-login'
  return 'exchange'
}

/** Steps 5 to 7: the returned list decides. */
export function policyAccess(policies: readonly string[], policyId: string | undefined): 'no-policies' | 'denied' | 'granted' {
  if (policies.length === 0) return 'no-policies'
  return policyId && policies.includes(policyId) ? 'granted' : 'denied'
}

const MAX_SSO_POLICIES = 200

/**
 * The policy list an identity service returned: an array or a comma-separated string; entries trimmed,
 * uppercased, de-duplicated; anything that is not a policy number is dropped.
 */
export function normalizePolicyList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  const out: string[] = []
  for (const item of items) {
    if (typeof item !== 'string') continue
    const id = item.trim().toUpperCase()
    if (POLICY_ID_PATTERN.test(id) && !out.includes(id)) out.push(id)
    if (out.length >= MAX_SSO_POLICIES) break
  }
  return out
}

/**
 * Test SSO's Click (spec 000 "Test SSO"): the landing address with PPA=yes, policyId (uppercased),
 * actionCd, fakePingResponse=true, SystemOrigin and PgrOptOutPref, and nothing else. The form's
 * product type is not among the spec's parameters, so it stays out of the address.
 */
export function testSsoLandingUrl(form: TestSsoForm): string {
  const pairs: [string, string][] = [
    ['PPA', 'yes'],
    ['policyId', form.policyId.trim().toUpperCase()],
    ['actionCd', form.actionCd],
    ['fakePingResponse', 'true'],
    ['SystemOrigin', form.SystemOrigin],
    ['PgrOptOutPref', form.PgrOptOutPref],
  ]
  const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')
  return `${pathOf('SSOProgressiveLanding')}?${query}`
}
