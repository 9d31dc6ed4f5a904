import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import { vendorNetwork } from '../../worker/integrations/vendors'
import { api, ORIGIN } from './helpers'

/** ENVIRONMENT=production: no vendor-network stand-in, and the adapter talks only to the real network (decision 170). */
const portalEnv = env as unknown as Env

describe('the vendor network in production', () => {
  it('has no stand-in', async () => {
    for (const [path, method] of [
      ['/__dev/vendors', 'GET'],
      ['/__dev/vendors/dispatches', 'GET'],
      ['/__dev/vendors/dispatches', 'POST'],
      ['/__dev/vendors/fail', 'POST'],
    ] as const) {
      const res = await api(path, { method, headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, ...(method === 'POST' ? { body: '{}' } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('dispatches at VENDOR_API_URL with VENDOR_API_KEY and the claim key, and names no origin', async () => {
    const calls: { url: string; headers: Headers }[] = []
    const fetch = async (input: string, init: RequestInit) => {
      calls.push({ url: input, headers: new Headers(init.headers) })
      return Response.json(
        { dispatch: { status: 'accepted', company: 'Lone Star Restoration', phone: '1-800-555-0142', expectedArrival: '2026-03-01T18:00:00Z' } },
        { status: 201 },
      )
    }
    const outcome = await vendorNetwork(portalEnv, { fetch }).dispatch({
      claimNumber: 'HO-2026-000001',
      policyId: 'HOM4010001',
      services: ['Water Mitigation'],
      lossAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      contact: { name: 'M', phone: '512-555-0100', email: 'm@example.com' },
      description: '',
    })
    expect(outcome).toEqual({ accepted: { company: 'Lone Star Restoration', phone: '1-800-555-0142', expectedArrival: '2026-03-01T18:00:00Z' } })
    expect(calls[0]!.url).toBe(`${portalEnv.VENDOR_API_URL}/dispatches`)
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${portalEnv.VENDOR_API_KEY}`)
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('portal:HO-2026-000001:vendor-dispatch')
    expect(calls[0]!.headers.get('Origin')).toBeNull()
  })
})
