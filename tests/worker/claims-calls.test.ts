import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, Browser, persona, policyOfAnotherPersona, seed, bearer } from './helpers'
import { policyTagged } from './servicing-helpers'
import { claimSeedAnswerSchema, claimsMatrixAnswerSchema } from '../../shared/claims/api-shapes'
import { CLAIM_REFUSAL } from '../../shared/claims/messages'

/**
 * Issue 10, spec 001 section 7: GET /v1/{family}/GetClaimsMatrix and GetPolicySeedDataForClaim. The
 * body is a JSON string holding { result, Messages } / { result, message }; the policy is scoped like
 * every family operation; pH.UseClaimsMatrixFiltered filters the matrix to the policy's plan.
 */

beforeAll(() => seed(), 120_000)

const sam = persona('direct.single')
const SAM_POLICY = policyTagged('claims.mitigation-window').policyId
const FILTERED = policyTagged('policy.claims-matrix-filtered').policyId
const FLOOD = policyTagged('claims.flood-open').policyId
const JSON_HEADERS = { 'X-Requested-With': 'portal' }

async function get(path: string, headers: Record<string, string>): Promise<Response> {
  return api(path, { headers })
}

/** The spec's answer: a JSON string whose content is the object. */
async function jsonString(res: Response): Promise<unknown> {
  expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
  const body = (await res.json()) as unknown
  expect(typeof body).toBe('string')
  return JSON.parse(body as string)
}

describe('GetClaimsMatrix', () => {
  it('answers the family matrix as a JSON string of { result, Messages }', async () => {
    const res = await get(`/v1/homeowners/GetClaimsMatrix?policyId=${SAM_POLICY}&lossDate=2026-11-20`, await bearer('direct.single'))
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const answer = claimsMatrixAnswerSchema.parse(await jsonString(res))
    expect(answer.Messages).toEqual([])
    expect(answer.result.length).toBeGreaterThan(10)
    expect(answer.result[0]).toEqual({
      Id: 101,
      PerilDescription: 'Water Damage',
      SubPerilDescription: 'Burst or frozen pipe',
      WeatherRelated: 1,
      MitigationRequired: 1,
    })
    expect(Object.keys(answer.result[0]!).sort()).toEqual(['Id', 'MitigationRequired', 'PerilDescription', 'SubPerilDescription', 'WeatherRelated'])
  })

  it('with pH.UseClaimsMatrixFiltered on, keeps only the rows of the policy plan; off, the whole matrix', async () => {
    const auth = await bearer('direct.multi')
    const filtered = claimsMatrixAnswerSchema.parse(await jsonString(await get(`/v1/homeowners/GetClaimsMatrix?policyId=${FILTERED}`, auth)))
    const ids = filtered.result.map((r) => r.Id)
    expect(ids).toContain(101)
    expect(ids).not.toContain(191) // Loss Assessment: condominium plans only
    expect(ids).not.toContain(192) // Manufactured Home

    const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(FILTERED).first<{ doc: string }>()
    const doc = JSON.parse(row!.doc) as { features: Record<string, boolean> }
    await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?')
      .bind(JSON.stringify({ ...doc, features: {} }), FILTERED)
      .run()
    try {
      const full = claimsMatrixAnswerSchema.parse(await jsonString(await get(`/v1/homeowners/GetClaimsMatrix?policyId=${FILTERED}`, auth)))
      expect(full.result.map((r) => r.Id)).toEqual(expect.arrayContaining([101, 191, 192]))
      expect(full.result.length).toBeGreaterThan(filtered.result.length)
    } finally {
      await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?').bind(row!.doc, FILTERED).run()
    }
  })

  it("answers an empty result with 'There was an error getting matrix data'", async () => {
    const auth = await bearer('direct.multi')
    const plans = await env.DB.prepare("SELECT matrix_id, plan_id FROM claims_matrix_plans WHERE plan_id = 'HO3'").all<{ matrix_id: number; plan_id: string }>()
    await env.DB.prepare("DELETE FROM claims_matrix_plans WHERE plan_id = 'HO3'").run()
    try {
      const answer = claimsMatrixAnswerSchema.parse(await jsonString(await get(`/v1/homeowners/GetClaimsMatrix?policyId=${FILTERED}`, auth)))
      expect(answer).toEqual({ result: [], Messages: ['There was an error getting matrix data'] })
    } finally {
      await env.DB.batch(
        plans.results.map((p) => env.DB.prepare('INSERT INTO claims_matrix_plans (matrix_id, plan_id) VALUES (?, ?)').bind(p.matrix_id, p.plan_id)),
      )
    }
  })

  it('answers the flood matrix under /v1/flood, and without a policyId the whole family matrix', async () => {
    const auth = await bearer('direct.edge-cases')
    const flood = claimsMatrixAnswerSchema.parse(await jsonString(await get(`/v1/flood/GetClaimsMatrix?policyId=${FLOOD}`, auth)))
    expect(flood.result.map((r) => r.PerilDescription)).toEqual(['Flood', 'Flood', 'Flood'])
    const all = claimsMatrixAnswerSchema.parse(await jsonString(await get('/v1/homeowners/GetClaimsMatrix', auth)))
    expect(all.result.every((r) => r.Id < 900)).toBe(true)
  })
})

describe('GetPolicySeedDataForClaim', () => {
  it('answers the seed data as a JSON string of { result, message }', async () => {
    const res = await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${SAM_POLICY}&lossDate=2026-11-20`, await bearer('direct.single'))
    expect(res.status).toBe(200)
    const answer = claimSeedAnswerSchema.parse(await jsonString(res))
    expect(answer.message).toBe('')
    expect(answer.result).toEqual({
      PlanId: 'HO5',
      IsPolicyActive: true,
      Exclusions: [],
      endorsements: ['Endorsement HO 04 16 Premises Alarm or Fire Protection System'],
      LocationAddress: '8804 Shoal Creek Boulevard',
      LocationCity: 'Austin',
      LocationState: 'TX',
      LocationZipCode: '78757',
      InsuredFirstName: 'Sam',
      InsuredLastName: 'Okafor',
      fnolFraudLanguage: expect.objectContaining({ FontName: 'Times New Roman', FontSize: '13', FontWeight: 'N' }),
      Deductibles: { 'All Other Perils': 100000, 'Wind/Hail': 350000 },
      ShellClaim: false,
      mitigationType: 0,
      ErrorMessages: [],
    })
  })

  it('accepts the date as MM/dd/yyyy too, and says the policy is not active on a date outside its term', async () => {
    const auth = await bearer('direct.single')
    const inside = claimSeedAnswerSchema.parse(
      await jsonString(await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${SAM_POLICY}&lossDate=11/20/2026`, auth)),
    )
    expect(inside.result?.IsPolicyActive).toBe(true)
    const before = claimSeedAnswerSchema.parse(
      await jsonString(await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${SAM_POLICY}&lossDate=2026-05-31`, auth)),
    )
    expect(before.result?.IsPolicyActive).toBe(false)
  })

  it('carries the exclusions of the wind-excluded condo and the bold Florida fraud language', async () => {
    const condo = policyTagged('claims.wind-excluded').policyId
    const answer = claimSeedAnswerSchema.parse(
      await jsonString(await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${condo}&lossDate=2026-11-20`, await bearer('direct.multi'))),
    )
    expect(answer.result?.Exclusions).toEqual(['WIND'])
    expect(answer.result?.LocationAddress).toBe('1500 Ocean Drive Unit 1204')
    expect(answer.result?.fnolFraudLanguage.FontWeight).toBe('Y')
  })

  it("answers an empty result with 'There was an error getting seed data'", async () => {
    const auth = await bearer('direct.single')
    const saved = await env.DB.prepare('SELECT * FROM claim_seed_data WHERE policy_id = ?').bind(SAM_POLICY).first<Record<string, unknown>>()
    await env.DB.prepare('DELETE FROM claim_seed_data WHERE policy_id = ?').bind(SAM_POLICY).run()
    try {
      const answer = claimSeedAnswerSchema.parse(
        await jsonString(await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${SAM_POLICY}&lossDate=2026-11-20`, auth)),
      )
      expect(answer).toEqual({ result: null, message: 'There was an error getting seed data' })
    } finally {
      const cols = Object.keys(saved!)
      await env.DB.prepare(`INSERT INTO claim_seed_data (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
        .bind(...Object.values(saved!))
        .run()
    }
  })

  it('refuses a missing or impossible date of loss with a 400 and the spec message', async () => {
    const auth = await bearer('direct.single')
    const missing = await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${SAM_POLICY}`, auth)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ errorMessage: 'The Date of Loss field is required.' })
    const invalid = await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${SAM_POLICY}&lossDate=2026-02-30`, auth)
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ errorMessage: 'The Date of Loss is not a valid date.' })
    const matrix = await get(`/v1/homeowners/GetClaimsMatrix?policyId=${SAM_POLICY}&lossDate=tomorrow`, auth)
    expect(matrix.status).toBe(400)
  })
})

describe('scope and session', () => {
  it("another person's policy answers exactly like a missing one (404)", async () => {
    const auth = await bearer('direct.single')
    const other = policyOfAnotherPersona(sam)
    for (const op of ['GetClaimsMatrix', 'GetPolicySeedDataForClaim']) {
      const theirs = await get(`/v1/homeowners/${op}?policyId=${other}&lossDate=2026-11-20`, auth)
      const missing = await get(`/v1/homeowners/${op}?policyId=HOM4999999&lossDate=2026-11-20`, auth)
      expect([theirs.status, missing.status], op).toEqual([404, 404])
      expect(await theirs.text()).toBe(await missing.text())
    }
  })

  it('a policy of the other family is a 404 too (flood policy on the homeowners route)', async () => {
    const res = await get(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${FLOOD}&lossDate=2026-11-20`, await bearer('direct.edge-cases'))
    expect(res.status).toBe(404)
    const ok = await get(`/v1/flood/GetPolicySeedDataForClaim?policyId=${FLOOD}&lossDate=2026-11-20`, await bearer('direct.edge-cases'))
    expect(ok.status).toBe(200)
  })

  it('without a session answers 401', async () => {
    for (const op of ['GetClaimsMatrix', 'GetPolicySeedDataForClaim']) {
      const res = await api(`/v1/homeowners/${op}?policyId=${SAM_POLICY}&lossDate=2026-11-20`)
      expect(res.status, op).toBe(401)
    }
  })

  it('answers the browser session cookie too (the island calls)', async () => {
    const b = new Browser()
    await b.login(sam)
    const res = await b.fetch(`/v1/homeowners/GetClaimsMatrix?policyId=${SAM_POLICY}&lossDate=2026-11-20`, { headers: JSON_HEADERS })
    expect(res.status).toBe(200)
    expect(claimsMatrixAnswerSchema.parse(await jsonString(res)).result.length).toBeGreaterThan(0)
  })

  it('FirstNoticeOfLoss is served (phase B, tests/worker/claims-report.test.ts): a POST without a claim is a 400, not NO ROUTE', async () => {
    const res = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_POLICY}`, { method: 'POST', headers: await bearer('direct.single') })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ errorMessage: CLAIM_REFUSAL.malformed })
  })
})
