import { describe, expect, it } from 'vitest'
import { createMiddleware } from 'hono/factory'
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../worker/types'
import type { Session } from '../../worker/services/identity/session'
import { defineOperation, register } from '../../worker/api/operation'

/**
 * Issue 30 item 3: a declared operation's handler gets what its rules promise (a session, a profile),
 * taken from what the rules' middleware set, and a declaration whose middleware did not set it fails
 * loudly rather than handing the handler a null.
 */
const direct: Session = {
  id: 'sess-direct',
  kind: 'direct',
  profileId: 'profile-1',
  ssoScope: [],
  systemOrigin: 'portal',
  currentPolicyId: null,
  expiresAt: Date.now() + 60_000,
  verifiedAt: Date.now(),
  lastSeenAt: Date.now(),
}
const sso: Session = { ...direct, id: 'sess-sso', kind: 'sso', profileId: null, ssoScope: ['H1'] }

const ok = { 200: { description: 'The grant, as the handler saw it.' } }
const errors: string[] = []

/** A /v1-like app whose requests carry the given session (the real app reads it from the token). */
function appWith(session: Session | null): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>()
  api.use('*', async (c, next) => {
    c.set('requestId', 'req-test')
    c.set('session', session)
    await next()
  })
  api.onError((err, c) => {
    errors.push(err.message)
    return c.text('unexpected', 500)
  })
  return api
}

const forAnyone = defineOperation({ method: 'get', path: '/anyone', responses: ok }, { auth: 'anyone' })
const forProfile = defineOperation({ method: 'get', path: '/profile', responses: ok }, { auth: 'profile' })
/** Middleware of the route's own that undoes what the rules' middleware checked: the declaration and its middleware disagree. */
const losesTheSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('session', null)
  await next()
})
const disagreeing = defineOperation({ method: 'get', path: '/disagreeing', middleware: [losesTheSession], responses: ok }, { auth: 'session' })

function mount(api: OpenAPIHono<AppEnv>): OpenAPIHono<AppEnv> {
  register(api, forAnyone, (c, { session }) => c.json({ session: session?.id ?? null }))
  register(api, forProfile, (c, { session, profileId }) => c.json({ session: session.id, profileId }))
  register(api, disagreeing, (c, { session }) => c.json({ session: session.id }))
  return api
}

describe('a declared operation hands its handler what its rules grant', () => {
  it('an open operation: the session if there is one, else null', async () => {
    expect(await (await mount(appWith(null)).request('/anyone')).json()).toEqual({ session: null })
    expect(await (await mount(appWith(sso)).request('/anyone')).json()).toEqual({ session: 'sess-sso' })
  })

  it("a 'profile' operation: the direct-login session and its profile; others are refused before the handler", async () => {
    const res = await mount(appWith(direct)).request('/profile')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ session: 'sess-direct', profileId: 'profile-1' })
    expect((await mount(appWith(sso)).request('/profile')).status).toBe(403)
    expect((await mount(appWith(null)).request('/profile')).status).toBe(401)
  })

  it('a declaration whose middleware did not leave what its rules promise fails loudly, never with a null', async () => {
    errors.length = 0
    const res = await mount(appWith(direct)).request('/disagreeing')
    expect(res.status).toBe(500)
    expect(errors).toEqual(['GET /disagreeing: its rules promise a session, which its middleware did not set'])
  })

  it('a route not declared with defineOperation cannot be registered', () => {
    const bare = createRoute({ method: 'get', path: '/bare', responses: ok })
    expect(() => register(new OpenAPIHono<AppEnv>(), bare as typeof forAnyone, (c) => c.text('never'))).toThrow(
      'register(): GET /bare was not declared with defineOperation()',
    )
  })
})
