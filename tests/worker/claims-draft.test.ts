import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { DRAFT_MAX_BYTES } from '../../shared/claims/draft'
import { api, seed, bearer } from './helpers'
import { policyTagged } from './servicing-helpers'
import { homeownersClaim, SAM_HOME } from './claims-fixtures'

/**
 * Issue 10 phase B: the claim draft, server-side per policy and owner. It survives a new login (a new
 * session), is discarded by DELETE and by reporting the claim, and another person's policy is a 404.
 */

beforeAll(() => seed(), 120_000)

const ERIN_CANCELLED = policyTagged('policy.cancelled').policyId
const URL_OF = (policyId: string) => `/v1/homeowners/ClaimDraft/${policyId}`

const put = (auth: Record<string, string>, body: unknown, policyId = SAM_HOME) =>
  api(URL_OF(policyId), { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
const get = async (auth: Record<string, string>, policyId = SAM_HOME) => {
  const res = await api(URL_OF(policyId), { headers: auth })
  return { status: res.status, body: (await res.json()) as { draft: { values: unknown; version: number } | null } }
}
const del = (auth: Record<string, string>) => api(URL_OF(SAM_HOME), { method: 'DELETE', headers: auth })

describe('ClaimDraft', () => {
  it('saves, answers, survives a new login, is replaced by the next save and discarded by DELETE', async () => {
    const first = await bearer('direct.single')
    await del(first)
    expect(await get(first)).toEqual({ status: 200, body: { draft: null } })

    const values = { lossDate: '2026-11-20', description: 'Water in the basement', insured: { cellPhone: '512-555-0101' } }
    const saved = await put(first, { values })
    expect(saved.status).toBe(200)
    expect(((await saved.json()) as { version: number }).version).toBe(1)

    const later = await bearer('direct.single') // a new login: another session, the same profile
    expect((await get(later)).body.draft).toMatchObject({ values, version: 1 })
    await put(later, { values: { ...values, description: 'Water in the basement and the garage' } })
    expect((await get(first)).body.draft).toMatchObject({ values: { description: 'Water in the basement and the garage' }, version: 2 })

    expect((await del(later)).status).toBe(204)
    expect((await get(first)).body.draft).toBeNull()
  })

  it('is gone once the claim is reported', async () => {
    const auth = await bearer('direct.single')
    await put(auth, { values: { description: 'Almost done' } })
    const form = new FormData()
    form.append('claimSubmission', JSON.stringify(homeownersClaim({ lossDescription: 'Almost done' })))
    const res = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, { method: 'POST', headers: auth, body: form })
    expect(res.status).toBe(200)
    expect((await get(auth)).body.draft).toBeNull()
  })

  it("refuses what is not a draft (400), a draft over 16 KB (413), another person's policy (404), a cancelled policy (403)", async () => {
    const auth = await bearer('direct.single')
    expect((await put(auth, { values: { files: ['x'] } })).status).toBe(400)
    expect((await put(auth, { values: 'text' })).status).toBe(400)
    const long = 'x'.repeat(2000)
    const big = {
      description: long,
      insured: { firstName: long, lastName: long, homePhone: long, workPhone: long, cellPhone: long, email: long, confirmEmail: long },
      reporter: { name: long },
    }
    expect((await put(auth, { values: big })).status).toBe(413)

    const maria = await bearer('direct.multi')
    expect((await get(maria)).status).toBe(404)
    expect((await put(maria, { values: {} })).status).toBe(404)
    expect((await api(URL_OF(SAM_HOME), { method: 'DELETE', headers: maria })).status).toBe(404)
    const erin = await bearer('direct.edge-cases')
    expect((await get(erin, ERIN_CANCELLED)).status).toBe(403)
  })
})

describe('ClaimDraft limits (issue 20 item 10)', () => {
  it('measures the draft in bytes as stored (UTF-8): 10,000 é fit 16 KB as UTF-16 units but are 20,000 bytes (413)', async () => {
    const auth = await bearer('direct.single')
    const e = 'é'.repeat(2000)
    const values = { description: e, cause: e, detailedCause: e, lossDate: e, lossTime: e }
    expect(JSON.stringify(values).length).toBeLessThan(DRAFT_MAX_BYTES)
    const res = await put(auth, { values })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ errorMessage: 'The draft is too large.' })
    // The same draft in ASCII (10,000 bytes) is kept.
    const a = 'a'.repeat(2000)
    expect((await put(auth, { values: { description: a, cause: a, detailedCause: a, lossDate: a, lossTime: a } })).status).toBe(200)
  })

  it('saving is rate limited per policy and account: 300 saves in 15 minutes, then 429', async () => {
    const auth = await bearer('direct.single')
    // 299 saves already in this window on the policy.
    await env.DB.prepare('INSERT OR REPLACE INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, 299, ?, 0)')
      .bind(`rate:claim-draft:policy:${SAM_HOME}`, Date.now() - 1000)
      .run()
    expect((await put(auth, { values: { description: 'the 300th save' } })).status).toBe(200)
    const refused = await put(auth, { values: { description: 'the 301st save' } })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await get(auth)).body.draft).toMatchObject({ values: { description: 'the 300th save' } })
    await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim-draft:%'").run()
  })
})
