import type { Env } from '../env'
import type { ProfileRow } from '../db/profiles'
import { policySchema } from '../../shared/schemas/policy'
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

/**
 * The profile and every linked policy's document in one round trip (a D1 batch of two reads), so the
 * cards' status and amounts cost no request per policy. Only this profile's links are read.
 */
export async function loadDashboard(env: Env, profileId: string, now: number): Promise<Dashboard | null> {
  const [profile, linked] = await env.DB.batch([
    env.DB.prepare('SELECT send_to_progressive FROM profiles WHERE profile_id = ?').bind(profileId),
    env.DB.prepare(
      `SELECT pp.policy_id, pp.nickname, p.plan_id, p.state, p.doc FROM profile_policies pp
       JOIN policies p ON p.policy_id = pp.policy_id WHERE pp.profile_id = ? ORDER BY pp.position, pp.policy_id`,
    ).bind(profileId),
  ])
  const row = (profile?.results as Pick<ProfileRow, 'send_to_progressive'>[] | undefined)?.[0]
  if (!row) return null
  const rows = (linked?.results ?? []) as { policy_id: string; nickname: string; plan_id: string; state: string; doc: string }[]
  return {
    sendToProgressive: row.send_to_progressive === 1,
    policies: rows.map((r) => {
      const parsed = policySchema.safeParse(safeJson(r.doc))
      return {
        policyId: r.policy_id,
        state: r.state,
        policyNickname: r.nickname,
        planID: r.plan_id,
        glance: parsed.success ? policyGlance(parsed.data, localDate(now, r.state)) : null,
      }
    }),
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
