import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import { claimsSystem } from '../../worker/integrations/claims-system'
import { api, ORIGIN } from './helpers'

/** ENVIRONMENT=production: no claims-system stand-in, and the adapter talks only to the real system. */
const portalEnv = env as unknown as Env

describe('the claims system in production', () => {
  it('has no stand-in', async () => {
    for (const [path, method] of [
      ['/__dev/claims-system', 'GET'],
      ['/__dev/claims-system/claims', 'GET'],
      ['/__dev/claims-system/fail', 'POST'],
      ['/__dev/claims-system/claims/HO-2026-000001/events', 'POST'],
      ['/__dev/claims-system/claim/v1/claims', 'POST'],
    ] as const) {
      const res = await api(path, { method, headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, ...(method === 'POST' ? { body: '{}' } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('files at CLAIMS_SYSTEM_URL with CLAIMS_SYSTEM_SECRET, and names no origin', async () => {
    const calls: { url: string; headers: Headers }[] = []
    const fetch = async (input: string, init: RequestInit) => {
      calls.push({ url: input, headers: new Headers(init.headers) })
      const claim = { id: 'cc-1', reference: 'HO-2026-000001', draftClaimNumber: 'DR-1', claimNumber: 'CLM-1', status: 'open' }
      return Response.json({ data: claim }, { status: 201 })
    }
    const result = await claimsSystem(portalEnv, { fetch }).submitClaim({
      claimNumber: 'HO-2026-000001',
      policyId: 'HOM4010001',
      family: 'homeowners',
      lossDate: '2026-03-01',
      peril: 'Water Damage',
      description: '',
      reporter: { name: 'M', phone: '', relationship: 'Self' },
      contactEmail: '',
      reportedAt: '2026-03-01T00:00:00Z',
      documents: [],
    })
    expect(result).toEqual({ carrierClaimNumber: 'CLM-1', status: 'open' })
    expect(calls[0]!.url).toBe(`${portalEnv.CLAIMS_SYSTEM_URL}/claim/v1/claims`)
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${portalEnv.CLAIMS_SYSTEM_SECRET}`)
    expect(calls[0]!.headers.get('Origin')).toBeNull()
  })

  it('refuses a stand-in address or a missing secret', () => {
    expect(() => claimsSystem({ ...portalEnv, CLAIMS_SYSTEM_URL: 'https://portal.example/__dev/claims-system' })).toThrow(/cannot use the local stand-in/)
    expect(() => claimsSystem({ ...portalEnv, CLAIMS_SYSTEM_SECRET: undefined })).toThrow(/production needs CLAIMS_SYSTEM_URL and CLAIMS_SYSTEM_SECRET/)
  })

  it('still takes signed events at /hooks/claims-system (an unsigned one is 401)', async () => {
    const res = await api('/hooks/claims-system', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(401)
  })
})
