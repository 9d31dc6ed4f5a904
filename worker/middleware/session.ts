import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { resolveSession, type SessionReadOptions } from '../services/identity/session'
import { readSessionCookie, clearSessionCookie } from '../services/identity/session-cookie'
import { touchSession } from '../db/identity/sessions'
import { background } from '../lib/background'
import { log } from '../lib/log'
import { requestLocale } from '../lib/request-locale'
import type { Locale } from '../../shared/i18n/locale'

/** 'Last seen' on the list of sessions is this precise: a session in use writes its row once a minute at most. */
const TOUCH_EVERY_MS = 60_000

/** Records that the session was used, after the response (never slowing the page, never failing it). */
function touch(c: Context<AppEnv>, sessionId: string): void {
  const write = touchSession(c.env.DB, sessionId, Date.now()).catch((err) => log('warn', 'last seen not written', { error: String(err) }))
  background(c)?.waitUntil(write)
}

interface SessionSource {
  /** /v1 only: `Authorization: Bearer` (the mobile app and partners) before the cookie. */
  bearer: boolean
  /** What the session's own round trip should bring for this request (a page's policy, Account Home's rows). */
  reads?: (c: Context<AppEnv>) => SessionReadOptions
}

/**
 * Loads the session from the cookie, or on /v1 from a bearer token first. Every request checks the row,
 * so logout and password change revoke at once. Sets session, authVia and sessionReads on the context.
 */
export function loadSession(source: SessionSource) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('sessionReads', {})
    const bearer = source.bearer ? /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] : undefined
    const cookie = readSessionCookie(c)
    const token = bearer ?? cookie
    if (token) {
      const resolved = await resolveSession(c.env, token, source.reads?.(c) ?? {})
      if (resolved) {
        c.set('session', resolved.session)
        c.set('sessionReads', resolved.reads)
        c.set('authVia', bearer ? 'bearer' : 'cookie')
        if (Date.now() - resolved.session.lastSeenAt > TOUCH_EVERY_MS) touch(c, resolved.session.id)
      } else if (!bearer && cookie) {
        clearSessionCookie(c)
      }
    }
    await next()
  })
}

/**
 * The language of a /v1 operation's answer, records and files: the page's for the portal's own pages (a
 * cookie session), the spec's English for an API caller (a bearer token: the app, partners), whatever its
 * Accept-Language says: /v1 speaks English (README, decision 229), and what a signature or consent records
 * as shown must be what a person was shown.
 */
export function operationLocale(c: Context<AppEnv>): Locale {
  return c.get('authVia') === 'cookie' ? requestLocale(c) : 'en'
}
