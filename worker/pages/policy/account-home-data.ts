import type { Locale } from '../../../shared/i18n/locale'
import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { heldVersions, policyOrInvalidOf } from '../../db/policy/policy-cache'
import { findDashboardRows, type DashboardRows, type LinkedPolicyRow } from '../../db/identity/profile-dashboard'
import { localDate } from '../../../shared/clock'
import { pendingPaymentOf } from '../../db/payments/payments'
import { autopayOf } from '../../db/payments/autopay'
import { policyGlance, type PolicyGlance } from './account-home-glance'
import type { OpenClaimRow } from '../../db/claims/claim-page'

export interface DashboardPolicy {
  policyId: string
  state: string
  policyNickname: string
  planID: string
  /** Whether the policy of record has coverages, so a proof of insurance can say what it covers. */
  hasCoverages: boolean
  /** Null when the stored document does not read as a policy: the card still shows the spec's lines. */
  glance: PolicyGlance | null
}

export interface Dashboard {
  sendToProgressive: boolean
  /** The open claims of the linked policies, read in the same round trip (decision 235). */
  openClaims: OpenClaimRow[]
  /** The insured's first name on the first linked policy that reads as one and has it; '' when none does. */
  firstName: string
  policies: DashboardPolicy[]
}

/** Each row's policy (null: the document does not read as one); undefined when a held one left the cache meanwhile. */
function policiesOf(rows: LinkedPolicyRow[]): (Policy | null)[] | undefined {
  const policies = rows.map((r) => policyOrInvalidOf(r.policy_id, r.version, r.doc))
  return policies.includes(undefined) ? undefined : (policies as (Policy | null)[])
}

/**
 * The profile and every linked policy in one round trip (a D1 batch), so the cards' status and amounts
 * cost no request per policy; only this profile's links are read. On a GET of Account Home that round
 * trip is the session's own (decision 142: resolveSession withDashboard). The documents come from the
 * isolate's policy cache when it holds their version, else are parsed and kept there, as on the policy
 * pages.
 */
export async function loadDashboard(
  env: Env,
  profileId: string,
  now: number,
  preread?: DashboardRows | null,
  locale: Locale = 'en',
): Promise<Dashboard | null> {
  const pre = preread
  let read = pre !== undefined ? pre : await findDashboardRows(env.DB, profileId, heldVersions())
  let policies = read ? policiesOf(read.rows) : undefined
  if (read && !policies) {
    read = await findDashboardRows(env.DB, profileId, '{}')
    policies = read ? policiesOf(read.rows) : undefined
  }
  if (!read || !policies) return null
  return {
    sendToProgressive: read.sendToProgressive,
    openClaims: read.openClaims,
    firstName: policies.find((p) => p?.firstName.trim())?.firstName.trim() ?? '',
    policies: read.rows.map((r, i) => {
      const policy = policies[i]
      return {
        policyId: r.policy_id,
        state: r.state,
        policyNickname: r.nickname,
        planID: r.plan_id,
        hasCoverages: policy?.coverages !== undefined,
        glance: policy ? policyGlance(policy, localDate(now, r.state), pendingPaymentOf(r.pending_payment), autopayOf(r.autopay), locale) : null,
      }
    }),
  }
}
