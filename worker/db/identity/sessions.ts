import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { dashboardRowsOf, dashboardStatements, type DashboardRows } from './profile-dashboard'
import type { PolicyColumns } from '../policy/policies'
import { docUnlessHeld, versionColumn } from '../policy/policy-cache'
import { pendingPaymentColumn } from '../payments/payments'
import { autopayColumn } from '../payments/autopay'
import { savedMethodsStatement, type SavedMethodRow } from '../payments/saved-methods'

/** direct: a profile's sign-in; sso: a partner's; claim: reporting a claim without signing in (decision 220). */
type SessionKind = 'direct' | 'sso' | 'claim'

export interface SessionRow {
  session_id: string
  kind: SessionKind
  profile_id: string | null
  policy_scope: string
  system_origin: string
  current_policy_id: string | null
  created_at: number
  expires_at: number
  absolute_expires_at: number
  revoked_at: number | null
  last_seen_at: number
  place: string
  verified_at: number
}

export type NewSession = Omit<SessionRow, 'revoked_at' | 'current_policy_id' | 'last_seen_at'> & { ip: string; user_agent: string }

/** The session row's INSERT, to run alone or inside a batch with what must happen with it (registration). */
export function insertSessionStatement(db: D1Database, s: NewSession): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO sessions (session_id, kind, profile_id, policy_scope, system_origin, created_at, expires_at,
        absolute_expires_at, ip, user_agent, last_seen_at, place, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?6, ?11, ?12)`,
    )
    .bind(
      s.session_id,
      s.kind,
      s.profile_id,
      s.policy_scope,
      s.system_origin,
      s.created_at,
      s.expires_at,
      s.absolute_expires_at,
      s.ip,
      s.user_agent,
      s.place,
      s.verified_at,
    )
}

export function findSession(db: D1Database, id: string): Promise<SessionRow | null> {
  return db.prepare('SELECT * FROM sessions WHERE session_id = ?').bind(id).first<SessionRow>()
}

/** The session row and its loaded policy's columns (null when none), with the link to its profile. */
export type SessionWithPolicyRow = SessionRow & { policy: (PolicyColumns & { linked: boolean }) | null }

type SessionWithPolicyQueryRow = SessionRow & {
  policy_policy_id: string | null
  policy_version: string
  policy_doc: string | null
  policy_send_to_progressive: number
  policy_linked: number
  policy_pending_payment: string | null
  policy_autopay: string | null
}

function sessionWithPolicyStatement(db: D1Database, id: string, held: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT s.*, p.policy_id AS policy_policy_id, ${versionColumn('p')} AS policy_version, ${docUnlessHeld('p', '?2')} AS policy_doc,
         p.send_to_progressive AS policy_send_to_progressive, pp.policy_id IS NOT NULL AS policy_linked,
         ${pendingPaymentColumn('p')} AS policy_pending_payment, ${autopayColumn('p')} AS policy_autopay
       FROM sessions s
       LEFT JOIN policies p ON p.policy_id = s.current_policy_id
       LEFT JOIN profile_policies pp ON pp.policy_id = s.current_policy_id AND pp.profile_id = s.profile_id
       WHERE s.session_id = ?1`,
    )
    .bind(id, held)
}

function sessionWithPolicyOf(row: SessionWithPolicyQueryRow): SessionWithPolicyRow {
  const { policy_policy_id, policy_version, policy_doc, policy_send_to_progressive, policy_linked, policy_pending_payment, policy_autopay, ...session } = row
  const policy =
    policy_policy_id === null
      ? null
      : {
          policy_id: policy_policy_id,
          version: policy_version,
          doc: policy_doc,
          send_to_progressive: policy_send_to_progressive,
          pending_payment: policy_pending_payment,
          autopay: policy_autopay,
          linked: policy_linked === 1,
        }
  return { ...session, policy }
}

/**
 * The session and, in the same query, the policy it has loaded (decision 141): one round trip for a
 * policy page instead of two. `linked` says whether the policy is linked to the session's profile; the
 * caller applies the scope rules (services/policy-access.ts).
 */
export async function findSessionWithPolicy(db: D1Database, id: string, held: string): Promise<SessionWithPolicyRow | null> {
  const row = await sessionWithPolicyStatement(db, id, held).first<SessionWithPolicyQueryRow>()
  return row ? sessionWithPolicyOf(row) : null
}

/**
 * The same, and in the same batch (still one round trip) the saved payment methods of the session's
 * profile, for Make a Payment (none for a session without a profile). The caller uses them only once the
 * session proved live and direct.
 */
export async function findSessionWithPolicyAndMethods(
  db: D1Database,
  id: string,
  held: string,
): Promise<{ session: SessionWithPolicyRow; savedMethods: SavedMethodRow[] } | null> {
  const [session, methods] = await db.batch([
    sessionWithPolicyStatement(db, id, held),
    savedMethodsStatement(db, '(SELECT profile_id FROM sessions WHERE session_id = ?)', id),
  ])
  const row = (session?.results as SessionWithPolicyQueryRow[] | undefined)?.[0]
  return row ? { session: sessionWithPolicyOf(row), savedMethods: (methods?.results as SavedMethodRow[] | undefined) ?? [] } : null
}

/**
 * The session and, in the same batch (one round trip), Account Home's reads for the session's profile
 * (decision 142): its flag and linked policies, found through the session row. The caller uses them only
 * once the session proved live and direct, for that same profile.
 */
export async function findSessionWithDashboard(
  db: D1Database,
  id: string,
  held: string,
): Promise<{ session: SessionRow; dashboard: DashboardRows | null } | null> {
  const [session, profile, linked, claims] = await db.batch([
    db.prepare('SELECT * FROM sessions WHERE session_id = ?').bind(id),
    ...dashboardStatements(db, '(SELECT profile_id FROM sessions WHERE session_id = ?1)', id, held),
  ])
  const row = (session?.results as SessionRow[] | undefined)?.[0]
  return row ? { session: row, dashboard: dashboardRowsOf(profile, linked, claims) } : null
}

export async function extendSession(db: D1Database, id: string, expiresAt: number): Promise<void> {
  await db.prepare('UPDATE sessions SET expires_at = ? WHERE session_id = ? AND revoked_at IS NULL').bind(expiresAt, id).run()
}

export async function setCurrentPolicy(db: D1Database, id: string, policyId: string | null): Promise<void> {
  await db.prepare('UPDATE sessions SET current_policy_id = ? WHERE session_id = ?').bind(policyId, id).run()
}

export async function revokeSession(db: D1Database, id: string, at: number): Promise<void> {
  await db.prepare('UPDATE sessions SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL').bind(at, id).run()
}

/** When the session was last used; written at most once a minute per session (see middleware/session.ts). */
export async function touchSession(db: D1Database, id: string, at: number): Promise<void> {
  await db.prepare('UPDATE sessions SET last_seen_at = ? WHERE session_id = ?').bind(at, id).run()
}

/** The person proved it again in this session (a step-up code or a passkey). */
export async function markSessionVerified(db: D1Database, id: string, at: number): Promise<void> {
  await db.prepare('UPDATE sessions SET verified_at = ? WHERE session_id = ? AND revoked_at IS NULL').bind(at, id).run()
}

export interface LiveSessionRow {
  session_id: string
  created_at: number
  last_seen_at: number
  user_agent: string
  place: string
}

/** The profile's sessions that still work, the most recently used first. */
export async function liveSessionsOf(db: D1Database, profileId: string, now: number): Promise<LiveSessionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT session_id, created_at, last_seen_at, user_agent, place FROM sessions
       WHERE profile_id = ?1 AND kind = 'direct' AND revoked_at IS NULL AND expires_at > ?2 AND absolute_expires_at > ?2
       ORDER BY MAX(last_seen_at, created_at) DESC, created_at DESC`,
    )
    .bind(profileId, now)
    .all<LiveSessionRow>()
  return results
}

/** Ends one session of the profile (never another profile's: the profile is part of the match). Whether one ended. */
export async function revokeSessionOf(db: D1Database, profileId: string, sessionId: string, at: number): Promise<boolean> {
  const r = await db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE session_id = ? AND profile_id = ? AND revoked_at IS NULL')
    .bind(at, sessionId, profileId)
    .run()
  return (r.meta.changes ?? 0) > 0
}

/** Ends every session of the profile but `keep`. */
export function revokeOtherSessionsStatement(db: D1Database, profileId: string, keep: string, at: number): D1PreparedStatement {
  return db.prepare('UPDATE sessions SET revoked_at = ? WHERE profile_id = ? AND session_id <> ? AND revoked_at IS NULL').bind(at, profileId, keep)
}
