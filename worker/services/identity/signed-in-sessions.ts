import type { Env } from '../../env'
import { liveSessionsOf, revokeOtherSessionsStatement, revokeSessionOf } from '../../db/identity/sessions'
import { forgetDevicesStatement } from '../../db/identity/known-devices'
import { deviceInWords } from '../../../shared/identity/device-words'
import { audit, auditStatement } from '../../db/audit'
import { hmacLetters } from '../../lib/signed-value'
import type { Locale } from '../../../shared/i18n/locale'

/** One place the profile is signed in, as the list shows it (issue 23 item 4). */
export interface SignedInSession {
  /** A handle for the Sign out button: an HMAC of the session id, so the page never shows a session id. */
  handle: string
  device: string
  place: string
  startedAt: number
  lastSeenAt: number
  current: boolean
}

const handleOf = (env: Env, sessionId: string) => hmacLetters(env, `session-handle:${sessionId}`, 16)

/** The profile's live direct-login sessions, this one first, then the most recently used; devices named in `locale`. */
export async function signedInSessions(env: Env, profileId: string, currentId: string, now = Date.now(), locale: Locale = 'en'): Promise<SignedInSession[]> {
  const rows = await liveSessionsOf(env.DB, profileId, now)
  const list = await Promise.all(
    rows.map(async (r) => ({
      handle: await handleOf(env, r.session_id),
      device: deviceInWords(r.user_agent, locale),
      place: r.place,
      startedAt: r.created_at,
      lastSeenAt: r.session_id === currentId ? now : Math.max(r.last_seen_at, r.created_at),
      current: r.session_id === currentId,
    })),
  )
  return list.sort((a, b) => Number(b.current) - Number(a.current))
}

/**
 * 'Sign out' on one row: the session the handle names ends at once (its next request finds the row
 * revoked). Only a session of this profile, and never the one asking (that is Log Out). Whether one ended.
 */
export async function signOutSession(env: Env, profileId: string, currentId: string, handle: string, requestId: string): Promise<boolean> {
  const rows = await liveSessionsOf(env.DB, profileId, Date.now())
  for (const r of rows) {
    if (r.session_id === currentId || (await handleOf(env, r.session_id)) !== handle) continue
    const ended = await revokeSessionOf(env.DB, profileId, r.session_id, Date.now())
    if (ended) await audit(env, requestId, 'session.signed_out_elsewhere', profileId)
    return ended
  }
  return false
}

/**
 * 'Sign out everywhere else': every other session ends, and every other device remembered for 2-step
 * sign-in must give a code again (decision 179), in one batch.
 */
export async function signOutEverywhereElse(env: Env, profileId: string, currentId: string, deviceId: string | null, requestId: string): Promise<void> {
  await env.DB.batch([
    revokeOtherSessionsStatement(env.DB, profileId, currentId, Date.now()),
    forgetDevicesStatement(env.DB, profileId, deviceId),
    auditStatement(env, requestId, 'session.signed_out_everywhere_else', profileId),
  ])
}
