import type { Env } from '../env'
import type { ProfileRow } from '../db/profiles'
import type { Policy } from '../../shared/schemas/policy'
import { docUnlessHeld, heldVersions, policyOrInvalidOf, versionColumn } from '../db/policy-cache'
import { localDate } from '../../shared/clock'
import { policyGlance, type PolicyGlance } from './account-home-glance'

export interface DashboardPolicy {
  policyId: string
  state: string
  policyNickname: string
  planID: string
  /** Null when the stored document does not read as a policy: the card still shows the spec's lines. */
  glance: PolicyGlance | null
}

export interface Dashboard {
  sendToProgressive: boolean
  policies: DashboardPolicy[]
}

interface LinkedRow {
  policy_id: string
  nickname: string
  plan_id: string
  state: string
  version: string
  doc: string | null
}

/** The profile's flag and its linked policies' rows, the documents only where the isolate lacks that version. */
async function readDashboard(env: Env, profileId: string, held: string) {
  const [profile, linked] = await env.DB.batch([
    env.DB.prepare('SELECT send_to_progressive FROM profiles WHERE profile_id = ?').bind(profileId),
    env.DB.prepare(
      `SELECT pp.policy_id, pp.nickname, p.plan_id, p.state, ${versionColumn('p')} AS version, ${docUnlessHeld('p', '?2')} AS doc
       FROM profile_policies pp JOIN policies p ON p.policy_id = pp.policy_id WHERE pp.profile_id = ?1 ORDER BY pp.position, pp.policy_id`,
    ).bind(profileId, held),
  ])
  const row = (profile?.results as Pick<ProfileRow, 'send_to_progressive'>[] | undefined)?.[0]
  return row ? { sendToProgressive: row.send_to_progressive === 1, rows: (linked?.results ?? []) as LinkedRow[] } : null
}

/** Each row's policy (null: the document does not read as one); undefined when a held one left the cache meanwhile. */
function policiesOf(rows: LinkedRow[]): (Policy | null)[] | undefined {
  const policies = rows.map((r) => policyOrInvalidOf(r.policy_id, r.version, r.doc))
  return policies.includes(undefined) ? undefined : (policies as (Policy | null)[])
}

/**
 * The profile and every linked policy in one round trip (a D1 batch of two reads), so the cards'
 * status and amounts cost no request per policy. Only this profile's links are read. The documents
 * come from the isolate's policy cache when it holds their version (decision 142), else are parsed
 * and kept there, as on the policy pages.
 */
export async function loadDashboard(env: Env, profileId: string, now: number): Promise<Dashboard | null> {
  let read = await readDashboard(env, profileId, heldVersions())
  let policies = read ? policiesOf(read.rows) : undefined
  if (read && !policies) {
    read = await readDashboard(env, profileId, '{}')
    policies = read ? policiesOf(read.rows) : undefined
  }
  if (!read || !policies) return null
  return {
    sendToProgressive: read.sendToProgressive,
    policies: read.rows.map((r, i) => {
      const policy = policies[i]
      return {
        policyId: r.policy_id,
        state: r.state,
        policyNickname: r.nickname,
        planID: r.plan_id,
        glance: policy ? policyGlance(policy, localDate(now, r.state)) : null,
      }
    }),
  }
}
