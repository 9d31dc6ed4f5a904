import type { Env } from '../../env'
import { findProfileWithPolicies, linkedPolicies, type LinkedPolicyRow, type ProfileRow } from '../../db/identity/profiles'

/** The profile as spec 000 section 3 names it; never the password hash. */
export interface ProfileView {
  profileId: string
  userName: string
  emailAddress: string
  sendToProgressive: boolean
  policies: { policyId: string; state: string; policyNickname: string; planID: string }[]
}

export async function profileView(env: Env, row: ProfileRow): Promise<ProfileView> {
  return viewOf(row, await linkedPolicies(env.DB, row.profile_id))
}

function viewOf(row: ProfileRow, policies: LinkedPolicyRow[]): ProfileView {
  return {
    profileId: row.profile_id,
    userName: row.user_name,
    emailAddress: row.email_address,
    sendToProgressive: row.send_to_progressive === 1,
    policies: policies.map((p) => ({ policyId: p.policy_id, state: p.state, policyNickname: p.nickname, planID: p.plan_id })),
  }
}

export async function loadProfileView(env: Env, profileId: string): Promise<ProfileView | null> {
  const found = await findProfileWithPolicies(env.DB, profileId)
  return found ? viewOf(found.row, found.policies) : null
}
