import { SignJWT, jwtVerify } from 'jose'
import type { D1PreparedStatement } from '@cloudflare/workers-types'
import { devSessionIdleMinutes, type Env } from '../../env'
import {
  findSession,
  findSessionWithDashboard,
  findSessionWithPolicy,
  findSessionWithPolicyAndMethods,
  insertSessionStatement,
  extendSession,
  revokeSession,
  type NewSession,
  type SessionRow,
} from '../../db/identity/sessions'
import { heldVersions } from '../../db/policy/policy-cache'
import { randomToken } from '../../lib/random-token'
import { signingKey } from '../../lib/bytes'
import type { Session, SessionReads } from '../../types'

export type { Session, SessionReads } from '../../types'

/** Spec 000 section 9: default session length 15 minutes. The absolute cap stops endless refreshes. */
const SESSION_IDLE_MS = 15 * 60_000

/** The idle length of a new or refreshed session: spec 000's 15 minutes, or locally SESSION_IDLE_MINUTES. */
export function sessionIdleMs(env: Env): number {
  const minutes = devSessionIdleMinutes(env)
  return minutes === null ? SESSION_IDLE_MS : minutes * 60_000
}
const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000
/** A claim session (decision 220) is short: long enough to fill the claim form with its photos, then gone. */
const CLAIM_SESSION_ABSOLUTE_MS = 60 * 60_000

const ISSUER = 'policyholder-portal'
const AUDIENCE = 'policyholder-portal'
const KEY_ID = 'k1'
const ALGORITHMS = ['HS256']

/** A direct-login session of a profile (not SSO): what the profile pages and operations act for. */
export type ProfileSession = Session & { kind: 'direct'; profileId: string }

export function isProfileSession(session: Session | null): session is ProfileSession {
  return session?.kind === 'direct' && Boolean(session.profileId)
}

/**
 * The kind of a session that may pay or sign: a claim session (decision 220) never reaches those
 * operations (its allow-list), so meeting one here is a programming error, not a refusal.
 */
export function servicingKind(session: Session): 'direct' | 'sso' {
  if (session.kind === 'claim') throw new Error('a claim-reporting session reached a payment or a signature')
  return session.kind
}

export interface IssuedToken {
  accountToken: string
  tokenType: 'Bearer'
  expiresIn: number
}

function randomId(): string {
  return randomToken(18)
}

async function sign(env: Env, sessionId: string, subject: string, expiresAt: number): Promise<IssuedToken> {
  const accountToken = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(subject)
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await signingKey(env))
  return { accountToken, tokenType: 'Bearer', expiresIn: Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) }
}

function toSession(row: SessionRow): Session {
  return {
    id: row.session_id,
    kind: row.kind,
    profileId: row.profile_id,
    ssoScope: JSON.parse(row.policy_scope) as string[],
    systemOrigin: row.system_origin,
    currentPolicyId: row.current_policy_id,
    expiresAt: row.expires_at,
    verifiedAt: row.verified_at || row.created_at,
    lastSeenAt: row.last_seen_at || row.created_at,
  }
}

export interface StartSession {
  kind: Session['kind']
  profileId: string | null
  ssoScope?: string[]
  systemOrigin?: string
  ip: string
  userAgent: string
  /** The approximate place the edge saw ('' when unknown). */
  place?: string
  /** A rotated session keeps the time its person last proved it; a sign-in is proof now. */
  verifiedAt?: number
}

/** A new session row (new id: rotation on login and SSO) and its signed token. */
export async function startSession(env: Env, s: StartSession): Promise<{ session: Session; token: IssuedToken }> {
  const next = newSession(env, s)
  await next.statement.run()
  return next.issue()
}

/**
 * A new session as its INSERT statement, for a caller that writes it in one batch with its own rows (a
 * registration's profile, link and session: all or none), and `issue()`, its Session and signed token
 * once the statement has run.
 */
export function newSession(env: Env, s: StartSession): { statement: D1PreparedStatement; issue(): Promise<{ session: Session; token: IssuedToken }> } {
  const now = Date.now()
  const row: NewSession = {
    session_id: randomId(),
    kind: s.kind,
    profile_id: s.profileId,
    policy_scope: JSON.stringify(s.ssoScope ?? []),
    system_origin: s.systemOrigin ?? '',
    created_at: now,
    expires_at: now + sessionIdleMs(env),
    absolute_expires_at: now + (s.kind === 'claim' ? CLAIM_SESSION_ABSOLUTE_MS : SESSION_ABSOLUTE_MS),
    ip: s.ip,
    user_agent: s.userAgent.slice(0, 300),
    place: s.place ?? '',
    verified_at: s.verifiedAt ?? now,
  }
  return {
    statement: insertSessionStatement(env.DB, row),
    issue: async () => ({
      session: toSession({ ...row, current_policy_id: null, revoked_at: null, last_seen_at: now }),
      token: await sign(env, row.session_id, s.profileId ?? 'sso', row.expires_at),
    }),
  }
}

/** What the session's round trip should bring besides the session. */
export interface SessionReadOptions {
  withPolicy?: boolean
  withDashboard?: boolean
  /** Only with withPolicy. */
  withSavedMethods?: boolean
}

/**
 * Tokens this isolate verified lately, with the session they name and when they expire (issue 38: jose's
 * checks were a fifth of a signed-in page's CPU, for the same token on every page). A signature does not
 * change, so one verification holds until the token expires; revocation and the idle and absolute limits
 * are the row's, read on every request. Bounded, and dropped when the secret changes.
 */
const verifiedTokens = new Map<string, { jti: string; expiresAtMs: number }>()
let verifiedUnder = ''
const MAX_VERIFIED_TOKENS = 1000

/** The session id a token names if its signature, issuer, audience and expiry hold, else null. */
async function verifiedTokenId(env: Env, token: string): Promise<string | null> {
  if (verifiedUnder !== env.SESSION_SIGNING_KEY) {
    verifiedTokens.clear()
    verifiedUnder = env.SESSION_SIGNING_KEY
  }
  const known = verifiedTokens.get(token)
  if (known && known.expiresAtMs > Date.now()) return known.jti
  verifiedTokens.delete(token)
  try {
    const { payload } = await jwtVerify(token, await signingKey(env), { issuer: ISSUER, audience: AUDIENCE, algorithms: ALGORITHMS })
    if (!payload.jti || payload.exp === undefined) return null
    if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.delete(verifiedTokens.keys().next().value!)
    verifiedTokens.set(token, { jti: payload.jti, expiresAtMs: payload.exp * 1000 })
    return payload.jti
  } catch {
    return null
  }
}

/**
 * The live session a token names, or null: bad signature, expired, revoked or past its cap. The row is
 * read on every request (revocation is immediate) and never written here. In the same round trip it
 * brings what the page needs first (decision 141, 142): with `withPolicy` (a policy page) the loaded
 * policy, for the guards, and with `withSavedMethods` too (Make a Payment) the profile's saved methods;
 * with `withDashboard` (Account Home) the profile's flag and linked policies. The caller keeps those
 * reads in the request's context.
 */
export async function resolveSession(env: Env, token: string, opts: SessionReadOptions = {}): Promise<{ session: Session; reads: SessionReads } | null> {
  const jti = await verifiedTokenId(env, token)
  if (!jti) return null
  const read = await readSession(env, jti, opts)
  const now = Date.now()
  const row = read?.row
  if (!read || !row || row.revoked_at !== null || row.expires_at <= now || row.absolute_expires_at <= now) return null
  return { session: toSession(row), reads: read.reads }
}

/** One round trip: the session's row and what `opts` asks for with it. */
async function readSession(env: Env, jti: string, opts: SessionReadOptions): Promise<{ row: SessionRow; reads: SessionReads } | null> {
  if (opts.withPolicy && opts.withSavedMethods) {
    const found = await findSessionWithPolicyAndMethods(env.DB, jti, heldVersions())
    return found && { row: found.session, reads: { policy: found.session.policy, savedMethods: found.savedMethods } }
  }
  if (opts.withPolicy) {
    const found = await findSessionWithPolicy(env.DB, jti, heldVersions())
    return found && { row: found, reads: { policy: found.policy } }
  }
  if (opts.withDashboard) {
    const found = await findSessionWithDashboard(env.DB, jti, heldVersions())
    return found && { row: found.session, reads: { dashboard: found.dashboard } }
  }
  const row = await findSession(env.DB, jti)
  return row && { row, reads: {} }
}

/** "Continue": a fresh token with a new idle deadline, never past the absolute cap. */
export async function refreshSession(env: Env, session: Session): Promise<IssuedToken> {
  const row = await findSession(env.DB, session.id)
  const now = Date.now()
  const expiresAt = Math.min(now + sessionIdleMs(env), row?.absolute_expires_at ?? now)
  await extendSession(env.DB, session.id, expiresAt)
  session.expiresAt = expiresAt
  return sign(env, session.id, session.profileId ?? 'sso', expiresAt)
}

export async function endSession(env: Env, sessionId: string): Promise<void> {
  await revokeSession(env.DB, sessionId, Date.now())
}
