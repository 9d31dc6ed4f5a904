import type { Context } from 'hono'
import type { Env } from '../../env'
import type { AppEnv } from '../../types'
import { setCurrentPolicy } from '../../db/identity/sessions'
import { endSession, startSession, type IssuedToken, type Session } from './session'
import { writeSessionCookie } from './session-cookie'

export interface Meta {
  ip: string
  userAgent: string
  requestId: string
}

/**
 * A new session id for the same person (a privilege change: a policy linked or unlinked). The old
 * row is revoked, so a token captured before the change stops working; the loaded policy carries over
 * (its scope is re-checked on every request anyway).
 */
export async function rotateSession(env: Env, old: Session, meta: Meta): Promise<{ session: Session; token: IssuedToken }> {
  const next = await startSession(env, {
    kind: old.kind,
    profileId: old.profileId,
    ssoScope: old.ssoScope,
    systemOrigin: old.systemOrigin,
    ip: meta.ip,
    userAgent: meta.userAgent,
    verifiedAt: old.verifiedAt,
  })
  if (old.currentPolicyId) {
    await setCurrentPolicy(env.DB, next.session.id, old.currentPolicyId)
    next.session.currentPolicyId = old.currentPolicyId
  }
  await endSession(env, old.id)
  return next
}

/** Puts a new session in place for the rest of this request and, for cookie callers, in the browser. */
export function adoptSession(c: Context<AppEnv>, session: Session, token: IssuedToken): void {
  if (c.get('authVia') !== 'bearer') writeSessionCookie(c, token.accountToken)
  c.set('session', session)
}
