import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { routeOutbound, portalEnv } from './sso-support'
import { PNG, SAM_HOME, lossDay } from './claims-fixtures'
import { claimRow, drainClaimNotices, noticeRow, reportHomeownersClaim, resetClaimsSystem, standIn, standInClaims, STAND_IN } from './claims-system-support'
import { backoffMs } from '../../worker/services/outbox/outbox'
import { claimsSystem } from '../../worker/integrations/claims-system'
import { ClaimsSystemTimeoutError, ClaimsSystemRefusedError } from '../../worker/integrations/claims-system/port'

/**
 * Issue 19 item 1: every reported claim reaches the claims system through the outbox's 'claim-notice'
 * channel, once, by its claim number; the carrier's number lands on the claim. The REAL adapter talks
 * to the stand-in at /__dev/claims-system through the worker itself (routeOutbound). Every drain gets
 * its clock: nothing here waits.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('claim-notice delivery', () => {
  it('a reported claim is queued in its batch, listed once by the claims system after the drain, and still once after another', async () => {
    const claimNumber = await reportHomeownersClaim()
    expect(await noticeRow(claimNumber)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(await claimRow(claimNumber)).toMatchObject({ status: 'Reported', carrier_claim_number: null })

    const t0 = Date.now() + 1000
    expect(await drainClaimNotices(t0)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    const [held, ...more] = await standInClaims(claimNumber)
    expect(more).toEqual([])
    expect(held).toEqual({
      claimNumber,
      carrierClaimNumber: expect.stringMatching(/^CLM-[0-9A-F]{8}$/),
      policyId: SAM_HOME,
      lossDate: lossDay('TX'),
      status: 'open',
      documents: [{ name: 'kitchen.png', contentType: 'image/png', bytes: PNG.length }],
      // (the policyholder's messages, decision 208, and the claims of the same loss, decision 213: none)
      notes: [],
      related: [],
    })
    // The carrier's number is on the claim, which is now 'Received' (Claims History reads this status).
    expect(await claimRow(claimNumber)).toMatchObject({ status: 'Received', carrier_claim_number: held!.carrierClaimNumber, sent_at: t0 })

    // Drained again (and the row put back by hand, as the dev outbox's Retry would): still one claim.
    expect(await drainClaimNotices(t0 + 86_400_000)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    await env.DB.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE dedupe_key = ?").bind(`claim-notice:${claimNumber}`).run()
    expect(await drainClaimNotices(t0 + 86_400_000)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await standInClaims(claimNumber)).toHaveLength(1)
  })

  it('the claims system down: the claim is taken and shown as reported, the outbox retries with backoff, delivered once after recovery', async () => {
    expect((await standIn('/fail', 'POST', { times: 2, status: 503 })).status).toBe(200)
    const claimNumber = await reportHomeownersClaim()
    const t0 = Date.now() + 1000

    expect(await drainClaimNotices(t0)).toEqual({ delivered: 0, retried: 1, dead: 0 })
    const first = await noticeRow(claimNumber)
    expect(first).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: t0 + backoffMs(1) })
    expect(first.last_error).toMatch(/outcome unknown: http-status HTTP 503/)
    expect(await claimRow(claimNumber)).toMatchObject({ status: 'Reported', carrier_claim_number: null })
    expect(await standInClaims(claimNumber)).toEqual([])

    // Not due before its backoff is over.
    expect(await drainClaimNotices(t0 + backoffMs(1) - 1)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    expect(await drainClaimNotices(t0 + backoffMs(1))).toEqual({ delivered: 0, retried: 1, dead: 0 })
    expect(await noticeRow(claimNumber)).toMatchObject({ attempts: 2, next_attempt_at: t0 + backoffMs(1) + backoffMs(2) })

    // Recovered.
    expect(await drainClaimNotices(t0 + backoffMs(1) + backoffMs(2))).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await standInClaims(claimNumber)).toHaveLength(1)
    expect(await claimRow(claimNumber)).toMatchObject({ status: 'Received', carrier_claim_number: expect.stringMatching(/^CLM-/) })
  })

  it('an answer lost after the claims system acted (timeout): the retry is "already executed", the claim is looked up, never filed twice', async () => {
    expect((await standIn('/fail', 'POST', { times: 1, timeout: true })).status).toBe(200)
    const claimNumber = await reportHomeownersClaim()
    const t0 = Date.now() + 1000

    expect(await drainClaimNotices(t0)).toEqual({ delivered: 0, retried: 1, dead: 0 })
    expect((await noticeRow(claimNumber)).last_error).toMatch(/outcome unknown: timeout HTTP 504/)
    // The draft was made before the answer was lost.
    expect(await standInClaims(claimNumber)).toMatchObject([{ status: 'draft', carrierClaimNumber: null }])

    expect(await drainClaimNotices(t0 + backoffMs(1))).toEqual({ delivered: 1, retried: 0, dead: 0 })
    const held = await standInClaims(claimNumber)
    expect(held).toMatchObject([{ status: 'open', carrierClaimNumber: expect.stringMatching(/^CLM-/) }])
    expect((await claimRow(claimNumber)).carrier_claim_number).toBe(held[0]!.carrierClaimNumber)
  })
})

describe('claims-system adapter', () => {
  const notice = (claimNumber: string) => ({
    claimNumber,
    policyId: SAM_HOME,
    family: 'homeowners' as const,
    lossDate: '2026-03-01',
    peril: 'Water Damage',
    description: 'A pipe burst.',
    reporter: { name: 'Sam Okafor', phone: '512-555-0176', relationship: 'Self' },
    contactEmail: 'sam.single@example.com',
    reportedAt: '2026-03-02T10:00:00.000Z',
    documents: [],
  })

  it('sends the claim number as the transaction id of each step, and the secret as a bearer token', async () => {
    const { calls } = routeOutbound()
    const result = await claimsSystem(portalEnv).submitClaim(notice('HO-2026-990001'))
    expect(result).toEqual({ carrierClaimNumber: expect.stringMatching(/^CLM-/), status: 'open' })
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts.map((c) => [c.url, c.headers['gw-dbtransaction-id']])).toEqual([
      [`${STAND_IN}/claim/v1/claims`, 'portal:HO-2026-990001:draft'],
      [expect.stringMatching(/\/claim\/v1\/claims\/cc-[0-9a-f]{16}\/submit$/), 'portal:HO-2026-990001:submit'],
    ])
    expect(posts[0]!.headers.authorization).toBe(`Bearer ${portalEnv.CLAIMS_SYSTEM_SECRET}`)
    // The same claim again: both steps 'already executed', the same answer.
    expect(await claimsSystem(portalEnv).submitClaim(notice('HO-2026-990001'))).toEqual(result)
  })

  it('no answer in time is a timeout (outcome unknown); a refusal is typed', async () => {
    const hanging = (_input: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason), { once: true }))
    await expect(claimsSystem(portalEnv, { fetch: hanging, timeoutMs: 1 }).submitClaim(notice('HO-2026-990002'))).rejects.toBeInstanceOf(
      ClaimsSystemTimeoutError,
    )
    const refusing = async () => Response.json({ errorCode: 'gw.api.rest.exceptions.BadInputException' }, { status: 400 })
    await expect(claimsSystem(portalEnv, { fetch: refusing }).submitClaim(notice('HO-2026-990003'))).rejects.toBeInstanceOf(ClaimsSystemRefusedError)
  })
})
