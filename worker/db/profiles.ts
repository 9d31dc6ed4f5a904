import type { D1Database } from '@cloudflare/workers-types'

export interface ProfileRow {
  profile_id: string
  user_name: string
  email_address: string
  password_hash: string
  send_to_progressive: number
  failed_logins: number
  locked_until: number
}

export interface LinkedPolicyRow {
  policy_id: string
  nickname: string
  plan_id: string
  state: string
}

/** User name or email, case-insensitively (both columns are COLLATE NOCASE). */
export function findProfileByLogin(db: D1Database, login: string): Promise<ProfileRow | null> {
  return db
    .prepare('SELECT * FROM profiles WHERE user_name = ?1 OR email_address = ?1 LIMIT 1')
    .bind(login)
    .first<ProfileRow>()
}

export function findProfile(db: D1Database, profileId: string): Promise<ProfileRow | null> {
  return db.prepare('SELECT * FROM profiles WHERE profile_id = ?').bind(profileId).first<ProfileRow>()
}

export async function linkedPolicies(db: D1Database, profileId: string): Promise<LinkedPolicyRow[]> {
  const { results } = await db
    .prepare(
      `SELECT pp.policy_id, pp.nickname, p.plan_id, p.state FROM profile_policies pp
       JOIN policies p ON p.policy_id = pp.policy_id WHERE pp.profile_id = ? ORDER BY pp.position, pp.policy_id`,
    )
    .bind(profileId)
    .all<LinkedPolicyRow>()
  return results
}

export async function isPolicyLinked(db: D1Database, profileId: string, policyId: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS ok FROM profile_policies WHERE profile_id = ? AND policy_id = ?')
    .bind(profileId, policyId)
    .first<{ ok: number }>()
  return row !== null
}

export async function updatePasswordHash(db: D1Database, profileId: string, hash: string): Promise<void> {
  await db.prepare('UPDATE profiles SET password_hash = ? WHERE profile_id = ?').bind(hash, profileId).run()
}
