import { describe, it, expect, beforeAll } from 'vitest'
import { seed, Browser, persona } from '../worker/helpers'
import { JSON_HEADER } from '../../shared/site-request'

/**
 * ASVS 3.5.1 (issue 20, item 4): the cross-site check on /v1 follows how a call is authenticated. A call
 * that carries the session cookie is judged as a cookie call whatever other headers it carries: an
 * `Authorization` header no longer switches the check off while the cookie still signs the call in.
 */
beforeAll(() => seed(), 120_000)

async function signedIn(): Promise<Browser> {
  const b = new Browser()
  const res = await b.login(persona('direct.single'))
  expect(res.status).toBe(303)
  return b
}

describe('a cookie session with an Authorization header beside it', () => {
  it('an Authorization header that is not a bearer token: the cookie signs the call in, so the cookie rule applies (403)', async () => {
    const b = await signedIn()
    // No X-Requested-With: a cross-site form could send this. Before, any Authorization header waved it through.
    const res = await b.fetch('/v1/common/token', { method: 'POST', headers: { Authorization: 'Basic YTpi' } })
    expect(res.status).toBe(403)
  })

  it('a junk bearer token is the credential: it signs nothing in, and the cookie is not used (401)', async () => {
    const b = await signedIn()
    const res = await b.fetch('/v1/common/token', { method: 'POST', headers: { Authorization: 'Bearer not-a-token' } })
    expect(res.status).toBe(401)
    expect(res.headers.get('Set-Cookie') ?? '').not.toContain('__Host-')
  })

  it('from another origin is refused (403) whatever it carries', async () => {
    const b = await signedIn()
    const res = await b.fetch('/v1/common/token', { method: 'POST', headers: { Authorization: 'Bearer not-a-token', Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
  })

  it('the same call as the island makes it (this origin, X-Requested-With, no Authorization) continues the session', async () => {
    const b = await signedIn()
    const res = await b.fetch('/v1/common/token', { method: 'POST', headers: { ...JSON_HEADER } })
    expect(res.status).toBe(200)
  })

  it('without X-Requested-With, the cookie call is refused (403)', async () => {
    const b = await signedIn()
    const res = await b.fetch('/v1/common/token', { method: 'POST' })
    expect(res.status).toBe(403)
  })
})
