import { describe, it, expect, beforeEach } from 'vitest'
import { env } from 'cloudflare:workers'
import { identityService } from '../../worker/integrations/identity'
import type { PickupResult } from '../../worker/integrations/identity/port'
import { pingHttpAdapter } from '../../worker/integrations/identity/ping-http'
import { referenceHash } from '../../worker/integrations/identity/used-references'
import { dropOff, failIdentity, portalEnv, resetStandIns, standInFetch, type OutboundCall } from './sso-support'

/**
 * The REAL identity adapter (GET {PING_BASE_URL}/ext/ref/pickup?REF=… with the adapter credentials)
 * against the identity stand-in, reached through the worker itself: every answer and failure mode.
 */
function recordingFetch() {
  const calls: OutboundCall[] = []
  const fetch = (input: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url: input, headers: Object.fromEntries(new Headers(init.headers) as unknown as Iterable<[string, string]>) })
    return standInFetch(input, init)
  }
  return { calls, fetch }
}

const failed = (r: PickupResult) => (r.ok ? null : { failure: r.failure, status: r.status, detail: r.detail })

beforeEach(() => resetStandIns())

describe('identity adapter: the reference pickup', () => {
  it('picks the attributes up with the adapter credentials and instance id', async () => {
    const REF = await dropOff({ policies: ['hom4020001', 'FLD4010003'], pgrPartnerLoggingToken: 'partner-token-1' })
    const { calls, fetch } = recordingFetch()
    const result = await identityService(portalEnv, { fetch }).pickup(REF)
    expect(result).toEqual({ ok: true, attributes: { policies: ['HOM4020001', 'FLD4010003'], partnerLoggingToken: 'partner-token-1' } })
    expect(calls).toHaveLength(1)
    const url = new URL(calls[0]!.url)
    expect(url.origin + url.pathname).toBe(`${portalEnv.PING_BASE_URL}/ext/ref/pickup`)
    expect(url.searchParams.get('REF')).toBe(REF)
    expect(calls[0]!.method).toBe('GET')
    expect(calls[0]!.headers['ping.uname']).toBe(portalEnv.PING_ADAPTER_ID)
    expect(calls[0]!.headers['ping.instanceid']).toBe(portalEnv.PING_INSTANCE_ID)
    expect(calls[0]!.headers['ping.pwd']).toBe(portalEnv.PING_ADAPTER_SECRET ?? '')
  })

  it('accepts a comma-separated policy list', async () => {
    const REF = await dropOff({ policies: 'HOM4020001, CND4010002' })
    const result = await identityService(portalEnv, { fetch: standInFetch }).pickup(REF)
    expect(result.ok && result.attributes.policies).toEqual(['HOM4020001', 'CND4010002'])
  })

  it('uses each reference once: the second use is refused from D1 without asking the identity service', async () => {
    const REF = await dropOff({ policies: ['HOM4020001'] })
    const first = await identityService(portalEnv, { fetch: standInFetch }).pickup(REF)
    expect(first.ok).toBe(true)
    const { calls, fetch } = recordingFetch()
    const again = await identityService(portalEnv, { fetch }).pickup(REF)
    expect(failed(again)).toEqual({ failure: 'reused-reference', status: null, detail: 'reference already used' })
    expect(calls).toHaveLength(0)
    const row = await env.DB.prepare('SELECT ref_hash FROM sso_used_references WHERE ref_hash = ?')
      .bind(await referenceHash(REF))
      .first()
    expect(row).not.toBeNull()
    const plain = await env.DB.prepare('SELECT COUNT(*) AS n FROM sso_used_references WHERE ref_hash = ?').bind(REF).first<{ n: number }>()
    expect(plain!.n).toBe(0) // only the hash is kept
  })

  it('refuses an expired reference (404 at the identity service)', async () => {
    const REF = await dropOff({ policies: ['HOM4020001'], expiresInSeconds: 0 })
    expect(failed(await identityService(portalEnv, { fetch: standInFetch }).pickup(REF))).toEqual({
      failure: 'invalid-reference',
      status: 404,
      detail: 'HTTP 404',
    })
  })

  it('refuses an unknown reference (404)', async () => {
    expect(failed(await identityService(portalEnv, { fetch: standInFetch }).pickup('0123456789abcdef0123456789abcdef'))).toMatchObject({
      failure: 'invalid-reference',
      status: 404,
    })
  })

  it('does not send something that is not a reference', async () => {
    const { calls, fetch } = recordingFetch()
    expect(failed(await identityService(portalEnv, { fetch }).pickup('../../etc/passwd?x=1'))).toMatchObject({ failure: 'invalid-reference', status: null })
    expect(calls).toHaveLength(0)
  })

  it('reports wrong adapter credentials as rejected (the stand-in checks them)', async () => {
    const REF = await dropOff({ policies: ['HOM4020001'] })
    const adapter = pingHttpAdapter({
      baseUrl: portalEnv.PING_BASE_URL,
      adapterId: portalEnv.PING_ADAPTER_ID,
      adapterSecret: 'wrong-secret',
      instanceId: portalEnv.PING_INSTANCE_ID,
      fetch: standInFetch,
    })
    expect(failed(await adapter.pickup(REF))).toEqual({ failure: 'rejected-credentials', status: 401, detail: 'HTTP 401' })
  })

  it.each([
    ['401', { failure: 'rejected-credentials', status: 401, detail: 'HTTP 401' }],
    ['404', { failure: 'invalid-reference', status: 404, detail: 'HTTP 404' }],
    ['500', { failure: 'unavailable', status: 500, detail: 'HTTP 500' }],
    ['502', { failure: 'unavailable', status: 502, detail: 'HTTP 502' }],
    ['broken-json', { failure: 'unavailable', status: 200, detail: 'broken JSON' }],
    ['not-json', { failure: 'unavailable', status: 200, detail: 'not JSON' }],
  ])('identity service told to fail with %s', async (mode, expected) => {
    const REF = await dropOff({ policies: ['HOM4020001'] })
    await failIdentity(mode)
    expect(failed(await identityService(portalEnv, { fetch: standInFetch }).pickup(REF))).toEqual(expected)
  })

  it('gives up when the identity service does not answer in time (timeout)', async () => {
    const REF = await dropOff({ policies: ['HOM4020001'] })
    // The stand-in holds its answer for 2 s; the adapter's timeout (30 s in service) is 20 ms here.
    await failIdentity('timeout', { delayMs: 2000 })
    const result = await identityService(portalEnv, { fetch: standInFetch, timeoutMs: 20 }).pickup(REF)
    expect(failed(result)).toEqual({ failure: 'unavailable', status: null, detail: 'timeout' })
  })

  it('reports a refused connection as unavailable', async () => {
    const adapter = pingHttpAdapter({ baseUrl: 'http://203.0.113.9/ping', adapterId: 'a', adapterSecret: 's', instanceId: 'i', fetch: standInFetch })
    expect(failed(await adapter.pickup('0123456789abcdef'))).toEqual({ failure: 'unavailable', status: null, detail: 'network error' })
  })

  it('refuses attributes of the wrong shape', async () => {
    const fetch = async () => Response.json({ policies: { not: 'a list' } })
    const adapter = pingHttpAdapter({ baseUrl: portalEnv.PING_BASE_URL, adapterId: 'a', adapterSecret: 's', instanceId: 'i', fetch })
    expect(failed(await adapter.pickup('0123456789abcdef'))).toEqual({ failure: 'unavailable', status: 200, detail: 'unexpected attributes' })
  })

  it('the fail mode is used up: the next pickup works again', async () => {
    const REF = await dropOff({ policies: ['HOM4020001'] })
    await failIdentity('500')
    const first = await identityService(portalEnv, { fetch: standInFetch }).pickup(await dropOff({ policies: ['X123'] }))
    expect(first.ok).toBe(false)
    expect((await identityService(portalEnv, { fetch: standInFetch }).pickup(REF)).ok).toBe(true)
  })
})
