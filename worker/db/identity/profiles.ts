import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { errorText, isUniqueViolation } from '../unique-violation'
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locale'

export interface ProfileRow {
  profile_id: string
  user_name: string
  email_address: string
  password_hash: string
  send_to_progressive: number
  failed_logins: number
  locked_until: number
  /** 2-step sign-in on (1) or off (0), decision 179. */
  two_step: number
  /** The language chosen for pages and mails (issue 36): 'en' or 'es'. */
  language: Locale
}

export interface LinkedPolicyRow {
  policy_id: string
  nickname: string
  plan_id: string
  state: string
}

/** User name or email, case-insensitively (both columns are COLLATE NOCASE). */
export function findProfileByLogin(db: D1Database, login: string): Promise<ProfileRow | null> {
  return db.prepare('SELECT * FROM profiles WHERE user_name = ?1 OR email_address = ?1 LIMIT 1').bind(login).first<ProfileRow>()
}

export function findProfile(db: D1Database, profileId: string): Promise<ProfileRow | null> {
  return db.prepare('SELECT * FROM profiles WHERE profile_id = ?').bind(profileId).first<ProfileRow>()
}

function linkedPoliciesQuery(db: D1Database, profileId: string) {
  return db
    .prepare(
      `SELECT pp.policy_id, pp.nickname, p.plan_id, p.state FROM profile_policies pp
       JOIN policies p ON p.policy_id = pp.policy_id WHERE pp.profile_id = ? ORDER BY pp.position, pp.policy_id`,
    )
    .bind(profileId)
}

export async function linkedPolicies(db: D1Database, profileId: string): Promise<LinkedPolicyRow[]> {
  const { results } = await linkedPoliciesQuery(db, profileId).all<LinkedPolicyRow>()
  return results
}

/** The profile and its linked policies in one round trip (one D1 batch; decision 141). */
export async function findProfileWithPolicies(db: D1Database, profileId: string): Promise<{ row: ProfileRow; policies: LinkedPolicyRow[] } | null> {
  const [profile, linked] = await db.batch<ProfileRow | LinkedPolicyRow>([
    db.prepare('SELECT * FROM profiles WHERE profile_id = ?').bind(profileId),
    linkedPoliciesQuery(db, profileId),
  ])
  const row = profile?.results[0] as ProfileRow | undefined
  return row ? { row, policies: (linked?.results ?? []) as LinkedPolicyRow[] } : null
}

export async function isPolicyLinked(db: D1Database, profileId: string, policyId: string): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS ok FROM profile_policies WHERE profile_id = ? AND policy_id = ?').bind(profileId, policyId).first<{ ok: number }>()
  return row !== null
}

export async function updatePasswordHash(db: D1Database, profileId: string, hash: string): Promise<void> {
  await db.prepare('UPDATE profiles SET password_hash = ? WHERE profile_id = ?').bind(hash, profileId).run()
}

// ---------------------------------------------------------------- issue 3: registration and linking

export function findProfileByUserName(db: D1Database, userName: string): Promise<ProfileRow | null> {
  return db.prepare('SELECT * FROM profiles WHERE user_name = ? LIMIT 1').bind(userName).first<ProfileRow>()
}

export function findProfileByEmail(db: D1Database, email: string): Promise<ProfileRow | null> {
  return db.prepare('SELECT * FROM profiles WHERE email_address = ? LIMIT 1').bind(email).first<ProfileRow>()
}

export interface NewProfile {
  profileId: string
  userName: string
  emailAddress: string
  passwordHash: string
  sendToProgressive: boolean
  createdAt: number
}

/** The profile and its first policy link (and `extra`, its audit line) in one transaction: all exist afterwards, or none. */
export async function insertProfileWithPolicy(db: D1Database, p: NewProfile, policyId: string, extra: D1PreparedStatement[] = []): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO profiles (profile_id, user_name, email_address, password_hash, send_to_progressive, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .bind(p.profileId, p.userName, p.emailAddress, p.passwordHash, p.sendToProgressive ? 1 : 0, p.createdAt),
    db.prepare("INSERT INTO profile_policies (policy_id, profile_id, nickname, position) VALUES (?, ?, '', 0)").bind(policyId, p.profileId),
    ...extra,
  ])
}

/** The same update as a statement, for a batch with what must happen with it (the old address's notice). */
export function updateProfileIdentityStatement(db: D1Database, profileId: string, userName: string, emailAddress: string): D1PreparedStatement {
  return db.prepare('UPDATE profiles SET user_name = ?, email_address = ? WHERE profile_id = ?').bind(userName, emailAddress, profileId)
}

export function flagSendToProgressiveStatement(db: D1Database, profileId: string): D1PreparedStatement {
  return db.prepare('UPDATE profiles SET send_to_progressive = 1 WHERE profile_id = ?').bind(profileId)
}

/** The profile a policy is linked to, or null (a policy links to at most one profile). */
export async function policyOwner(db: D1Database, policyId: string): Promise<string | null> {
  const row = await db.prepare('SELECT profile_id FROM profile_policies WHERE policy_id = ?').bind(policyId).first<{ profile_id: string }>()
  return row?.profile_id ?? null
}

/** Links a policy at the end of the profile's list. Fails (UNIQUE) when the policy is linked already. */
export function insertPolicyLinkStatement(db: D1Database, profileId: string, policyId: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO profile_policies (policy_id, profile_id, nickname, position)
       VALUES (?1, ?2, '', (SELECT COALESCE(MAX(position) + 1, 0) FROM profile_policies WHERE profile_id = ?2))`,
    )
    .bind(policyId, profileId)
}

/**
 * Unlinks a policy, but never the profile's last one (checked in the same statement, so two concurrent
 * removals cannot leave a profile empty). Returns whether a row was removed.
 */
export async function deletePolicyLink(db: D1Database, profileId: string, policyId: string): Promise<boolean> {
  const res = await db
    .prepare(
      `DELETE FROM profile_policies WHERE profile_id = ?1 AND policy_id = ?2
         AND (SELECT COUNT(*) FROM profile_policies WHERE profile_id = ?1) > 1`,
    )
    .bind(profileId, policyId)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

export async function updateNickname(db: D1Database, profileId: string, policyId: string, nickname: string): Promise<boolean> {
  const res = await db.prepare('UPDATE profile_policies SET nickname = ? WHERE profile_id = ? AND policy_id = ?').bind(nickname, profileId, policyId).run()
  return (res.meta?.changes ?? 0) > 0
}

/** D1 reports constraint failures as errors whose message names the column. */
export function uniqueViolation(err: unknown): 'user_name' | 'email_address' | 'policy_id' | null {
  const message = errorText(err)
  if (!isUniqueViolation(err) && !/PRIMARY KEY/i.test(message)) return null
  if (/profiles\.user_name/.test(message)) return 'user_name'
  if (/profiles\.email_address/.test(message)) return 'email_address'
  if (/profile_policies\.policy_id/.test(message)) return 'policy_id'
  return null
}

export function setTwoStepStatement(db: D1Database, profileId: string, on: boolean): D1PreparedStatement {
  return db.prepare('UPDATE profiles SET two_step = ? WHERE profile_id = ?').bind(on ? 1 : 0, profileId)
}

/** The language mails to this person are written in (issue 36): their profile's choice, English when none is found. */
export async function profileLanguage(db: D1Database, profileId: string): Promise<Locale> {
  const row = await db.prepare('SELECT language FROM profiles WHERE profile_id = ?').bind(profileId).first<{ language: string }>()
  return isLocale(row?.language) ? row.language : DEFAULT_LOCALE
}

export async function setProfileLanguage(db: D1Database, profileId: string, language: Locale): Promise<void> {
  await db.prepare('UPDATE profiles SET language = ? WHERE profile_id = ?').bind(language, profileId).run()
}
