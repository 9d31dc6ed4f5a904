import { describe, it, expect, beforeAll } from 'vitest'
import { api, persona, policyOfAnotherPersona, seed, bearer } from './helpers'

/**
 * The homeowners operations Mortgagee, AdditionalInterest, MailingAddress, Phone and Email (spec 000
 * section 7, named without payloads; issue 13 spec gap, decision 133): read-only GETs of those parts of
 * the policy, scoped like GetPolicy.
 */
beforeAll(() => seed())

type Json = Record<string, unknown>
const getJson = async (path: string, headers: Record<string, string>) => {
  const res = await api(path, { headers })
  return { status: res.status, body: (await res.json()) as Json, cache: res.headers.get('Cache-Control') }
}

describe('GET /v1/homeowners/{Mortgagee|AdditionalInterest|MailingAddress|Phone|Email}/{policyId}', () => {
  it('each returns its part of the policy of record, exactly as GetPolicy has it', async () => {
    const h = await bearer('direct.multi')
    const policy = (await getJson('/v1/homeowners/GetPolicy/HOM4010001', h)).body
    const parts: [string, string][] = [
      ['Mortgagee', 'mortgagees'],
      ['AdditionalInterest', 'additionalInterests'],
      ['MailingAddress', 'mailingAddress'],
      ['Phone', 'homePhone'],
      ['Email', 'email'],
    ]
    for (const [operation, field] of parts) {
      const res = await getJson(`/v1/homeowners/${operation}/HOM4010001`, h)
      expect(res.status, operation).toBe(200)
      expect(res.cache).toBe('no-store')
      expect(res.body).toEqual({ policyID: 'HOM4010001', [field]: policy[field] })
    }
    const mortgagees = (await getJson('/v1/homeowners/Mortgagee/hom4010001/', h)).body.mortgagees as Json[]
    expect(mortgagees.length).toBeGreaterThan(0)
    expect(mortgagees[0]).toMatchObject({ type: expect.stringMatching(/^(Mortgagee|Lienholder)$/), name: expect.any(String), escrowFlag: expect.any(String) })
  })

  it('a flood policy is served on the homeowners route (flood has none); the flood route says NO ROUTE FOR REQUEST', async () => {
    const h = await bearer('direct.multi')
    const res = await getJson('/v1/homeowners/Mortgagee/FLD4010003', h)
    expect(res.status).toBe(200)
    expect((res.body.mortgagees as Json[]).length).toBe(4)
    const flood = await getJson('/v1/flood/Mortgagee/FLD4010003', h)
    expect(flood.status).toBe(404)
    expect(flood.body).toMatchObject({ errorMessage: 'NO ROUTE FOR REQUEST' })
  })

  it('an empty part is empty, not missing (no email on file)', async () => {
    const h = await bearer('direct.multi')
    expect((await getJson('/v1/homeowners/Email/CND4010002', h)).body).toEqual({ policyID: 'CND4010002', email: '' })
  })

  it("another person's policy answers exactly like a missing one; no session is a 401; writes are not served", async () => {
    const me = persona('direct.single')
    const h = await bearer('direct.single')
    const other = policyOfAnotherPersona(me)
    for (const operation of ['Mortgagee', 'AdditionalInterest', 'MailingAddress', 'Phone', 'Email']) {
      const theirs = await api(`/v1/homeowners/${operation}/${other}`, { headers: h })
      const missing = await api(`/v1/homeowners/${operation}/HOZ999999`, { headers: h })
      const malformed = await api(`/v1/homeowners/${operation}/not-a-policy`, { headers: h })
      expect(theirs.status, operation).toBe(404)
      const body = await theirs.text()
      expect(body).toBe(await missing.text())
      expect(body).toBe(await malformed.text())
      expect((await api(`/v1/homeowners/${operation}/${me.policies[0]!.policyId}`)).status).toBe(401)
    }
    const write = await api(`/v1/homeowners/Email/${me.policies[0]!.policyId}`, {
      method: 'PUT',
      headers: { ...h, 'Content-Type': 'application/json', Origin: 'https://localhost' },
      body: JSON.stringify({ email: 'x@example.com' }),
    })
    expect(write.status).toBe(404)
  })
})
