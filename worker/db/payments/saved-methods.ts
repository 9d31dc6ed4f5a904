import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { SavedMethodView } from '../../../shared/payments/saved-methods'
import { isUniqueViolation } from '../unique-violation'

/**
 * saved_payment_methods (0019): per profile, what may be shown of a card or account the processor keeps,
 * and its token. The token leaves this module only towards the processor (SavedMethodRow), never in a view.
 */
export interface SavedMethodRow {
  method_id: string
  profile_id: string
  token: string
  kind: 'card' | 'bank'
  brand: string
  last4: string
  exp_month: number | null
  exp_year: number | null
  nickname: string
  is_default: 0 | 1
  bank_validated_at: number | null
  created_at: number
}

export type NewSavedMethod = Omit<SavedMethodRow, 'is_default'> & {
  consent_text: string
  consent_version: string
  consent_session_id: string
  source_payment_id: string | null
}

export function viewOf(r: SavedMethodRow): SavedMethodView {
  return {
    id: r.method_id,
    kind: r.kind,
    brand: r.brand,
    last4: r.last4,
    expMonth: r.exp_month,
    expYear: r.exp_year,
    nickname: r.nickname,
    isDefault: r.is_default === 1,
  }
}

const COLUMNS = 'method_id, profile_id, token, kind, brand, last4, exp_month, exp_year, nickname, is_default, bank_validated_at, created_at'

/** The profile's methods, the default first; `profile` is an SQL expression of one parameter (an id, or a subquery). */
export function savedMethodsStatement(db: D1Database, profile: '?' | `(SELECT ${string} = ?)`, value: string): D1PreparedStatement {
  return db.prepare(`SELECT ${COLUMNS} FROM saved_payment_methods WHERE profile_id = ${profile} ORDER BY is_default DESC, created_at, method_id`).bind(value)
}

export async function listSavedMethods(db: D1Database, profileId: string): Promise<SavedMethodRow[]> {
  const { results } = await savedMethodsStatement(db, '?', profileId).all<SavedMethodRow>()
  return results
}

/** The profile's method by id; another profile's is null, like a missing one. */
export function findSavedMethod(db: D1Database, profileId: string, methodId: string): Promise<SavedMethodRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM saved_payment_methods WHERE profile_id = ? AND method_id = ?`).bind(profileId, methodId).first<SavedMethodRow>()
}

/** Inserts it (the default when the profile has none); 'exists' when its payment or token was saved already. */
export async function insertSavedMethod(db: D1Database, m: NewSavedMethod): Promise<'inserted' | 'exists'> {
  try {
    await db
      .prepare(
        `INSERT INTO saved_payment_methods (method_id, profile_id, token, kind, brand, last4, exp_month, exp_year, nickname, is_default,
           bank_validated_at, consent_text, consent_version, consent_session_id, source_payment_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,
           CASE WHEN EXISTS (SELECT 1 FROM saved_payment_methods WHERE profile_id = ?2 AND is_default = 1) THEN 0 ELSE 1 END,
           ?10, ?11, ?12, ?13, ?14, ?15)`,
      )
      .bind(
        m.method_id,
        m.profile_id,
        m.token,
        m.kind,
        m.brand,
        m.last4,
        m.exp_month,
        m.exp_year,
        m.nickname,
        m.bank_validated_at,
        m.consent_text,
        m.consent_version,
        m.consent_session_id,
        m.source_payment_id,
        m.created_at,
      )
      .run()
    return 'inserted'
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists'
    throw err
  }
}

export function renameSavedMethodStatement(db: D1Database, profileId: string, methodId: string, nickname: string): D1PreparedStatement {
  return db.prepare('UPDATE saved_payment_methods SET nickname = ? WHERE profile_id = ? AND method_id = ?').bind(nickname, profileId, methodId)
}

/** The default moves in one batch: the old one off, then the new one on (the partial unique index holds). */
export function setDefaultStatements(db: D1Database, profileId: string, methodId: string): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE saved_payment_methods SET is_default = 0 WHERE profile_id = ? AND is_default = 1 AND method_id <> ?').bind(profileId, methodId),
    db.prepare('UPDATE saved_payment_methods SET is_default = 1 WHERE profile_id = ? AND method_id = ?').bind(profileId, methodId),
  ]
}

/** Removes it; when it was the default, the oldest remaining one becomes the default. */
export function removeSavedMethodStatements(db: D1Database, profileId: string, methodId: string): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM saved_payment_methods WHERE profile_id = ? AND method_id = ?').bind(profileId, methodId),
    db
      .prepare(
        `UPDATE saved_payment_methods SET is_default = 1 WHERE method_id = (
           SELECT method_id FROM saved_payment_methods WHERE profile_id = ?1 ORDER BY created_at, method_id LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM saved_payment_methods WHERE profile_id = ?1 AND is_default = 1)`,
      )
      .bind(profileId),
  ]
}

export function markBankValidatedStatement(db: D1Database, methodId: string, at: number): D1PreparedStatement {
  return db.prepare('UPDATE saved_payment_methods SET bank_validated_at = ? WHERE method_id = ? AND bank_validated_at IS NULL').bind(at, methodId)
}
