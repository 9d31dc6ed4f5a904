import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { api, bearer, seed } from './helpers'
import { routeOutbound, portalEnv, standInFetch, STAND_IN_ORIGIN } from './sso-support'
import { forgetClaimRateCounts, homeownersClaim, NO_REPAIRS, SAM_HOME } from './claims-fixtures'
import { backoffMs, drainOutbox } from '../../worker/services/outbox/outbox'
import { vendorDispatchHandler } from '../../worker/services/claims/vendor-dispatch'
import { vendorDispatchOf, type VendorDispatchRow } from '../../worker/db/claims/vendor-dispatches'
import { vendorNetwork } from '../../worker/integrations/vendors'
import { VendorTimeoutError } from '../../worker/integrations/vendors/port'
import { arrivalText, VendorDispatchCard } from '../../worker/pages/claims/vendor-dispatch-card'

/**
 * Issue 19 item 6 (decision 170): a claim that asks for a National Vendor queues a 'vendor-dispatch'
 * message in its own batch; the drain sends it through the REAL adapter to the stand-in at
 * /__dev/vendors (through the worker itself: routeOutbound), once per claim, and stores the acceptance
 * the claim page's card shows. Every drain gets its clock: nothing here waits.
 */
const STAND_IN = portalEnv.VENDOR_API_URL!

interface ListedDispatch {
  idempotencyKey: string
  claimNumber: string
  company: string
  phone: string
  expectedArrival: string
  received: number
  services: string[]
}

async function reportClaim(repairs: Record<string, unknown>): Promise<string> {
  const form = new FormData()
  form.append('claimSubmission', JSON.stringify(homeownersClaim({ emergencyRepair: { ...NO_REPAIRS, ...repairs } })))
  const res = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
    method: 'POST',
    headers: { ...(await bearer('direct.single')), 'Idempotency-Key': `claim-${crypto.randomUUID()}` },
    body: form,
  })
  if (res.status !== 200) throw new Error(`report answered ${res.status}: ${await res.text()}`)
  return /HO-\d{4}-\d{6}/.exec(await res.text())![0]
}

/** Water Mitigation and Roof Tarping, from spec 001's National Vendor checklist. */
const reportWithVendor = () => reportClaim({ assignNationalVendor: 'yes', serviceOptions: [1, 4] })

const drainDispatches = (now: number) => drainOutbox(portalEnv, { channels: ['vendor-dispatch'], now })

async function standIn(path: string, method: 'POST' | 'DELETE', body?: unknown): Promise<Response> {
  return standInFetch(`${STAND_IN}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: STAND_IN_ORIGIN },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function dispatchesOf(claimNumber: string): Promise<ListedDispatch[]> {
  const res = await standInFetch(`${STAND_IN}/dispatches`)
  return ((await res.json()) as { dispatches: ListedDispatch[] }).dispatches.filter((d) => d.claimNumber === claimNumber)
}

const outboxRow = (claimNumber: string) =>
  env.DB.prepare('SELECT status, attempts, next_attempt_at, last_error FROM outbox WHERE dedupe_key = ?')
    .bind(`vendor-dispatch:${claimNumber}`)
    .first<{ status: string; attempts: number; next_attempt_at: number; last_error: string | null }>()

const card = (dispatch: VendorDispatchRow | null) => renderToString(createElement(VendorDispatchCard, { dispatch, state: 'TX', claimsPhone: '1-800-555-0199' }))

beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await forgetClaimRateCounts()
  await standIn('/dispatches', 'DELETE')
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel = 'vendor-dispatch' AND status IN ('pending', 'leased')").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('vendor dispatch', () => {
  it('a claim asking for a National Vendor is dispatched once after the drain (twice drained: once), the acceptance stored and shown', async () => {
    const t = Date.now()
    const claimNumber = await reportWithVendor()
    expect(await outboxRow(claimNumber)).toMatchObject({ status: 'pending', attempts: 0 })
    const requested = await vendorDispatchOf(env.DB, claimNumber)
    expect(requested).toMatchObject({ status: 'requested', company: null, phone: null, expected_arrival: null, accepted_at: null })
    expect(requested!.requested_at).toBeGreaterThanOrEqual(t)
    expect(card(requested)).toContain('requested, waiting for a vendor')

    const t0 = Date.now() + 1000
    expect(await drainDispatches(t0)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    const [sent, ...more] = await dispatchesOf(claimNumber)
    expect(more).toEqual([])
    expect(sent).toMatchObject({ idempotencyKey: `portal:${claimNumber}:vendor-dispatch`, received: 1, services: ['Water Mitigation', 'Roof Tarping'] })

    const accepted = await vendorDispatchOf(env.DB, claimNumber)
    expect(accepted).toEqual({
      claim_number: claimNumber,
      status: 'accepted',
      company: sent!.company,
      phone: sent!.phone,
      expected_arrival: Date.parse(sent!.expectedArrival),
      requested_at: requested!.requested_at,
      accepted_at: t0,
    })
    const html = card(accepted)
    expect(html).toContain(`<dd>${sent!.company.replace(/&/g, '&amp;')}</dd>`)
    expect(html).toContain(`href="tel:${sent!.phone.replace(/\D/g, '')}"`)
    expect(html).toContain(arrivalText(Date.parse(sent!.expectedArrival), 'TX'))
    expect(html).not.toContain('waiting for a vendor')

    // Drained again, and the row put back by hand (as the dev outbox's Retry would): still one dispatch, sent once.
    expect(await drainDispatches(t0 + 86_400_000)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    await env.DB.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE dedupe_key = ?").bind(`vendor-dispatch:${claimNumber}`).run()
    expect(await drainDispatches(t0 + 86_400_000)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await dispatchesOf(claimNumber)).toMatchObject([{ received: 1 }])
    expect((await vendorDispatchOf(env.DB, claimNumber))!.accepted_at).toBe(t0)
  })

  it('a claim without the request queues nothing and shows no card', async () => {
    const claimNumber = await reportClaim({ assignNationalVendor: 'no', serviceOptions: [] })
    expect(await outboxRow(claimNumber)).toBeNull()
    expect(await vendorDispatchOf(env.DB, claimNumber)).toBeNull()
    expect(await drainDispatches(Date.now() + 1000)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    expect(await dispatchesOf(claimNumber)).toEqual([])
    expect(card(null)).toBe('')
  })

  it('the vendor network down: retried with backoff, dispatched once after recovery', async () => {
    expect((await standIn('/fail', 'POST', { times: 2, status: 503 })).status).toBe(200)
    const claimNumber = await reportWithVendor()
    const t0 = Date.now() + 1000

    expect(await drainDispatches(t0)).toEqual({ delivered: 0, retried: 1, dead: 0 })
    const first = await outboxRow(claimNumber)
    expect(first).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: t0 + backoffMs(1) })
    expect(first!.last_error).toMatch(/outcome unknown: http-status HTTP 503/)
    expect(await vendorDispatchOf(env.DB, claimNumber)).toMatchObject({ status: 'requested' })
    expect(await dispatchesOf(claimNumber)).toEqual([])

    expect(await drainDispatches(t0 + backoffMs(1) - 1)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    expect(await drainDispatches(t0 + backoffMs(1))).toEqual({ delivered: 0, retried: 1, dead: 0 })

    const recovered = t0 + backoffMs(1) + backoffMs(2)
    expect(await drainDispatches(recovered)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await dispatchesOf(claimNumber)).toMatchObject([{ received: 1 }])
    expect(await vendorDispatchOf(env.DB, claimNumber)).toMatchObject({ status: 'accepted', accepted_at: recovered })
  })

  it('an answer lost after the network acted (timeout): the retry with the same key is the same dispatch, not a second vendor', async () => {
    expect((await standIn('/fail', 'POST', { times: 1, timeout: true })).status).toBe(200)
    const claimNumber = await reportWithVendor()
    const t0 = Date.now() + 1000

    expect(await drainDispatches(t0)).toEqual({ delivered: 0, retried: 1, dead: 0 })
    expect((await outboxRow(claimNumber))!.last_error).toMatch(/outcome unknown: timeout HTTP 504/)
    const [held] = await dispatchesOf(claimNumber)
    expect(held).toMatchObject({ received: 1 })

    expect(await drainDispatches(t0 + backoffMs(1))).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await dispatchesOf(claimNumber)).toEqual([{ ...held, received: 2 }])
    expect(await vendorDispatchOf(env.DB, claimNumber)).toMatchObject({ status: 'accepted', company: held!.company })
  })

  it('no vendor yet (pending): the delivery fails so the outbox asks again; a refusal is final and the card says to call', async () => {
    const claimNumber = await reportWithVendor()
    const meta = { id: 0, dedupeKey: `vendor-dispatch:${claimNumber}`, attempt: 1, now: Date.now() }
    const pending = async () => Response.json({ dispatch: { status: 'pending' } }, { status: 201 })
    await expect(vendorDispatchHandler({ fetch: pending })(portalEnv, { claimNumber }, meta)).rejects.toThrow(/no vendor has accepted yet/)
    expect(await vendorDispatchOf(env.DB, claimNumber)).toMatchObject({ status: 'requested' })

    const refusing = async () => Response.json({ error: 'no vendor serves this ZIP code' }, { status: 422 })
    await expect(vendorDispatchHandler({ fetch: refusing })(portalEnv, { claimNumber }, meta)).rejects.toThrow(/refused: HTTP 422/)
    const refused = await vendorDispatchOf(env.DB, claimNumber)
    expect(refused).toMatchObject({ status: 'refused' })
    expect(card(refused)).toContain('href="tel:18005550199"')
  })

  it('the adapter gives up after its timeout: outcome unknown, as a timeout', async () => {
    const hanging = (_input: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason), { once: true }))
    const request = {
      claimNumber: 'HO-2026-990001',
      policyId: SAM_HOME,
      services: ['Board-Up'],
      lossAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      contact: { name: 'Sam Okafor', phone: '512-555-0176', email: 'sam.single@example.com' },
      description: 'A window broke.',
    }
    await expect(vendorNetwork(portalEnv, { fetch: hanging, timeoutMs: 1 }).dispatch(request)).rejects.toBeInstanceOf(VendorTimeoutError)
  })

  it('the arrival is shown on the policyholder clock', () => {
    const at = Date.UTC(2026, 2, 5, 20, 30) // 2:30 PM in Texas (CST), 3:30 PM in Florida (EST)
    expect(arrivalText(at, 'TX')).toBe('03/05/2026 at 2:30 PM CST')
    expect(arrivalText(at, 'FL')).toBe('03/05/2026 at 3:30 PM EST')
    expect(arrivalText(Date.UTC(2026, 2, 5, 19, 5), 'TX')).toBe('03/05/2026 at 1:05 PM CST')
    expect(arrivalText(Date.UTC(2026, 2, 5, 6, 15), 'TX')).toBe('03/05/2026 at 12:15 AM CST')
    // The zone's name at that instant: daylight time in July, and Hawaii's own.
    expect(arrivalText(Date.UTC(2026, 6, 1, 19, 0), 'CA')).toBe('07/01/2026 at 12:00 PM PDT')
    expect(arrivalText(Date.UTC(2026, 6, 1, 19, 0), 'HI')).toBe('07/01/2026 at 9:00 AM HST')
  })

  it('in Spanish, with the article the hour takes: a la una, a las dos', () => {
    expect(arrivalText(Date.UTC(2026, 2, 5, 20, 30), 'TX', 'es')).toBe('5 mar 2026 a las 2:30 PM CST')
    expect(arrivalText(Date.UTC(2026, 2, 5, 19, 30), 'TX', 'es')).toBe('5 mar 2026 a la 1:30 PM CST')
    expect(arrivalText(Date.UTC(2026, 2, 5, 7, 5), 'TX', 'es')).toBe('5 mar 2026 a la 1:05 AM CST')
    expect(arrivalText(Date.UTC(2026, 2, 5, 6, 15), 'TX', 'es')).toBe('5 mar 2026 a las 12:15 AM CST')
    expect(arrivalText(Date.UTC(2026, 2, 5, 17, 0), 'FL', 'es')).toBe('5 mar 2026 a las 12:00 PM EST')
    expect(arrivalText(Date.UTC(2026, 6, 1, 20, 45), 'CA', 'es')).toBe('1 jul 2026 a la 1:45 PM PDT')
  })
})
