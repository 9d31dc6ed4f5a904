import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import { policyAdmin } from '../../worker/integrations/policy-admin'
import { api, ORIGIN } from './helpers'

/** ENVIRONMENT=production: no policy administration stand-in, and the adapter talks only to the carrier's system (decision 214). */
const portalEnv = env as unknown as Env

describe('the policy administration system in production', () => {
  it('has no stand-in', async () => {
    for (const [path, method] of [
      ['/__dev/policy-admin', 'GET'],
      ['/__dev/policy-admin/changes', 'GET'],
      ['/__dev/policy-admin/changes/quotes', 'POST'],
      ['/__dev/policy-admin/fail', 'POST'],
    ] as const) {
      const res = await api(path, { method, headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, ...(method === 'POST' ? { body: '{}' } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('binds at POLICY_ADMIN_URL with POLICY_ADMIN_API_KEY and the change id as key, and names no origin', async () => {
    const calls: { url: string; headers: Headers }[] = []
    const fetch = async (input: string, init: RequestInit) => {
      calls.push({ url: input, headers: new Headers(init.headers) })
      return Response.json({ status: 'referred', changeId: 'chg_1', reason: 'release' })
    }
    expect(await policyAdmin(portalEnv, fetch).bind('q_1', 'pc_1')).toEqual({ status: 'referred', changeId: 'chg_1', reason: 'release' })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(`${portalEnv.POLICY_ADMIN_URL}/changes/quotes/q_1/bind`)
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${portalEnv.POLICY_ADMIN_API_KEY}`)
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('pc_1')
    expect(calls[0]!.headers.get('Origin')).toBeNull()
  })
})
