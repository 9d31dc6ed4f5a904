import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { resolveSession } from '../services/session'
import { readSessionCookie, clearSessionCookie } from '../services/session-cookie'
import { isPagePath, matchRoute } from '../../shared/routes'

/**
 * Loads the session from the cookie, or for /v1 from `Authorization: Bearer` (the mobile app and
 * partners). Every request checks the row, so logout and password change revoke at once.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = c.req.path.startsWith('/v1') ? /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] : undefined
  const cookie = readSessionCookie(c)
  const token = bearer ?? cookie
  if (token) {
    // A page that needs a loaded policy gets it in the session's own query (decision 141), Account
    // Home its profile's policies in the session's own batch (decision 142).
    const route = isPagePath(c.req.path) ? matchRoute(c.req.path) : null
    const session = await resolveSession(c.env, token, {
      withPolicy: route?.session === 'policy',
      withDashboard: route?.name === 'AccountHome' && c.req.method === 'GET',
    })
    if (session) {
      c.set('session', session)
      c.set('authVia', bearer ? 'bearer' : 'cookie')
    } else if (!bearer && cookie) {
      clearSessionCookie(c)
    }
  }
  await next()
})
