import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { NotificationChannel, NotificationKind, PreferenceRow } from '../../../shared/notifications/preferences'

/**
 * A profile's notification choices, its verified mobile number and the code being checked (migration
 * 0028). The rules (defaults, what cannot be turned off, when a text may go) are
 * shared/notifications/preferences.ts; this file holds only the SQL.
 */
export interface PhoneRow {
  profile_id: string
  phone: string
  verified_at: number
  consent_version: string
  consent_text: string
  consent_at: number
  stopped_at: number | null
  stop_word: string | null
}

export interface PhoneCodeRow {
  profile_id: string
  phone: string
  code_hash: string
  consent_version: string
  expires_at: number
}

export async function preferenceRows(db: D1Database, profileId: string): Promise<PreferenceRow[]> {
  const { results } = await db
    .prepare('SELECT kind, channel, enabled FROM notification_preferences WHERE profile_id = ?1')
    .bind(profileId)
    .all<{ kind: NotificationKind; channel: NotificationChannel; enabled: number }>()
  return results.map((r) => ({ kind: r.kind, channel: r.channel, enabled: r.enabled === 1 }))
}

export function setPreferenceStatement(db: D1Database, profileId: string, row: PreferenceRow, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO notification_preferences (profile_id, kind, channel, enabled, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (profile_id, kind, channel) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
    )
    .bind(profileId, row.kind, row.channel, row.enabled ? 1 : 0, now)
}

export function phoneOfProfile(db: D1Database, profileId: string): Promise<PhoneRow | null> {
  return db.prepare('SELECT * FROM profile_phones WHERE profile_id = ?1').bind(profileId).first<PhoneRow>()
}

export function pendingCode(db: D1Database, profileId: string): Promise<PhoneCodeRow | null> {
  return db.prepare('SELECT * FROM phone_codes WHERE profile_id = ?1').bind(profileId).first<PhoneCodeRow>()
}

/** A new code for the profile, replacing any earlier one (which stops working). */
export function putCodeStatement(db: D1Database, c: PhoneCodeRow & { created_at: number }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO phone_codes (profile_id, phone, code_hash, consent_version, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (profile_id) DO UPDATE SET phone = excluded.phone, code_hash = excluded.code_hash,
         consent_version = excluded.consent_version, expires_at = excluded.expires_at, created_at = excluded.created_at`,
    )
    .bind(c.profile_id, c.phone, c.code_hash, c.consent_version, c.expires_at, c.created_at)
}

/**
 * The number verified, with the consent it was verified under: the code is used up (deleted only when it
 * is still the one checked, so two right entries at once verify once) and a STOP from before is cleared.
 */
export function verifyPhoneStatements(db: D1Database, code: PhoneCodeRow, consent: { text: string; at: number }): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO profile_phones (profile_id, phone, verified_at, consent_version, consent_text, consent_at, stopped_at, stop_word)
         SELECT ?1, ?2, ?3, ?4, ?5, ?3, NULL, NULL WHERE EXISTS (SELECT 1 FROM phone_codes WHERE profile_id = ?1 AND code_hash = ?6)
         ON CONFLICT (profile_id) DO UPDATE SET phone = excluded.phone, verified_at = excluded.verified_at,
           consent_version = excluded.consent_version, consent_text = excluded.consent_text, consent_at = excluded.consent_at,
           stopped_at = NULL, stop_word = NULL`,
      )
      .bind(code.profile_id, code.phone, consent.at, code.consent_version, consent.text, code.code_hash),
    db.prepare('DELETE FROM phone_codes WHERE profile_id = ?1 AND code_hash = ?2').bind(code.profile_id, code.code_hash),
  ]
}

/** Every profile's number that is `phone` stops getting texts (a STOP from it); how many were not stopped before. */
export async function stopPhone(db: D1Database, phone: string, word: string, now: number): Promise<number> {
  const res = await db.prepare('UPDATE profile_phones SET stopped_at = ?2, stop_word = ?3 WHERE phone = ?1 AND stopped_at IS NULL').bind(phone, now, word).run()
  return res.meta?.changes ?? 0
}

/** The profile that reported a claim (its texts go there), or null (a claim of the demo data, reported elsewhere). */
export async function claimReporter(db: D1Database, claimNumber: string): Promise<string | null> {
  const row = await db.prepare('SELECT profile_id FROM claims WHERE claim_number = ?1').bind(claimNumber).first<{ profile_id: string | null }>()
  return row?.profile_id ?? null
}
