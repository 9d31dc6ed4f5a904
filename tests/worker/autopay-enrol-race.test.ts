import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { withPolicy } from './servicing-helpers'
import { routeOutbound } from './sso-support'
import { enrolBody, jsonCall, savedCard } from './payment-support'
import { CHANGED_MEANWHILE } from '../../worker/services/payments/autopay'

/**
 * Issue 29 item 4 (decision 194): enrolments in automatic payments sent at the same moment. Before,
 * every request read 'not enrolled', all wrote, the one-active-per-policy index refused all but one,
 * and those answered 503 'store unavailable'; a request that read the winner's row replaced it with an
 * identical one and mailed the terms again. Now a request for the enrolment that is on answers it as
 * done (nothing written, nothing mailed), and one that lost to a different choice is a 409 problem.
 * Whatever the interleaving: one active enrolment, and one mail per enrolment written.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

const AT_ONCE = 6

async function enrolments(policyId: string) {
  const { results } = await env.DB.prepare('SELECT enrolment_id, method_id, status FROM autopay_enrolments WHERE policy_id = ?')
    .bind(policyId)
    .all<{ enrolment_id: string; method_id: string; status: string }>()
  return results
}

/** The 'Automatic payments are on' mails queued for the policy, whichever enrolment they belong to. */
async function enrolledMails(policyId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key LIKE 'autopay-enrolled:%' AND json_extract(payload, '$.subject') = ?")
    .bind(`Automatic payments are on for policy ${policyId}`)
    .first<{ n: number }>()
  return row!.n
}

describe('enrolments sent at the same moment', () => {
  it(`${AT_ONCE} identical PUTs: every one answers the same success; one enrolment, one mail`, async () => {
    const b = await withPolicy('HOM4010001')
    const card = await savedCard(b, '4111111111111111')
    const body = await enrolBody(b, 'HOM4010001', card.id)
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => jsonCall(b, 'PUT', '/v1/homeowners/AutoPay/HOM4010001', body)))
    expect(answers.map((r) => r.status)).toEqual(Array(AT_ONCE).fill(200))
    const texts = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { text: string }).text)))
    expect([...texts]).toEqual([expect.stringMatching(/^Automatic payments are on, from your Visa ending in 1111\. /)])
    expect(await enrolments('HOM4010001')).toEqual([expect.objectContaining({ method_id: card.id, status: 'active' })])
    expect(await enrolledMails('HOM4010001')).toBe(1)

    // Sent again later: the same answer, still nothing new written or mailed.
    const again = await jsonCall(b, 'PUT', '/v1/homeowners/AutoPay/HOM4010001', body)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { text: string }).text).toBe([...texts][0])
    expect(await enrolments('HOM4010001')).toHaveLength(1)
    expect(await enrolledMails('HOM4010001')).toBe(1)
  })

  it(`${AT_ONCE} PUTs choosing two cards: each a success or a 409 problem, never a 5xx; one active enrolment, a mail for each written`, async () => {
    const b = await withPolicy('HOM4020001')
    const visa = await savedCard(b, '4111111111111111')
    const master = await savedCard(b, '5555555555554444')
    const bodies = [await enrolBody(b, 'HOM4020001', visa.id), await enrolBody(b, 'HOM4020001', master.id)]
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => jsonCall(b, 'PUT', '/v1/homeowners/AutoPay/HOM4020001', bodies[i % 2])))
    for (const res of answers) {
      expect([200, 409]).toContain(res.status)
      if (res.status === 409) {
        expect(res.headers.get('Content-Type')).toBe('application/problem+json')
        expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(CHANGED_MEANWHILE)
      }
    }
    const rows = await enrolments('HOM4020001')
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1)
    expect(await enrolledMails('HOM4020001')).toBe(rows.length)
  })

  it('the Automatic Payments page, its form sent several times at once: every answer shows them on; one enrolment, one mail', async () => {
    const b = await withPolicy('COM4050003')
    const card = await savedCard(b, '4111111111111111')
    const body = await enrolBody(b, 'COM4050003', card.id)
    const fields = { intent: 'enrol', methodId: card.id, termsText: body.termsText, termsVersion: body.termsVersion, accepted: 'yes' }
    const answers = await Promise.all(Array.from({ length: 4 }, () => b.form('/automatic-payments', fields)))
    expect(answers.map((r) => [r.status, r.headers.get('Location')])).toEqual(Array(4).fill([303, '/automatic-payments?done=on']))
    expect(await enrolments('COM4050003')).toEqual([expect.objectContaining({ method_id: card.id, status: 'active' })])
    expect(await enrolledMails('COM4050003')).toBe(1)
  })
})
