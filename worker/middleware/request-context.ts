import { createMiddleware } from 'hono/factory'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../types'
import { findCardNumber } from '../../shared/payments/pan'

const SID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/

/**
 * A session id as this portal would give it: well-formed and holding nothing the card rule takes for a
 * card number (decision 201: the SID is logged and kept with a signature; one that held a number is
 * replaced, like a malformed one, rather than refused: it only ties log lines together).
 */
export function usableSid(given: string | undefined): given is string {
  return !!given && SID_PATTERN.test(given) && !findCardNumber(given)
}

/** A new session id; about 1 random UUID in 700 holds digits the card rule takes for a card, and is drawn again. */
export function newSid(): string {
  for (;;) {
    const sid = crypto.randomUUID()
    if (usableSid(sid)) return sid
  }
}

/**
 * A request id for logs, and the session-id header of spec 000 section 7 (SID): taken from the
 * request header or the userSid cookie when usable (usableSid), generated otherwise, echoed on the response.
 * Pages also keep it in the userSid cookie (`sidCookie`); /v1 callers carry the header themselves.
 */
export function requestContext(opts: { sidCookie: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('requestId', crypto.randomUUID())
    const given = c.req.header('SID') ?? getCookie(c, 'userSid')
    const sid = usableSid(given) ? given : newSid()
    c.set('sid', sid)
    c.set('session', null)
    c.set('sessionReads', {})
    c.set('authVia', null)
    await next()
    // A handler may adopt another session id (the SSO landing takes the partner's tracking id).
    const final = c.get('sid')
    c.header('SID', final)
    c.header('X-Request-Id', c.get('requestId'))
    if (opts.sidCookie && getCookie(c, 'userSid') !== final) {
      setCookie(c, 'userSid', final, { path: '/', sameSite: 'Lax', secure: true, httpOnly: true })
    }
  })
}
