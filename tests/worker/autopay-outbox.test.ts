import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import type { D1Database } from '@cloudflare/workers-types'
import { seed } from './helpers'
import { portalEnv, routeOutbound } from './sso-support'
import { chargesOf, enrolled as enrolledAt, setClock, storedPolicy } from './payment-support'
import type { Policy } from '../../shared/policy/schemas/policy'
import { runScheduledWork } from '../../worker/services/scheduled-work'
import { autopayDraftHandler, draftDedupeKey, queueAutopayDrafts } from '../../worker/services/payments/autopay-run'
import { backoffMs, drainOutbox, LEASE_MS, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import { leaseDue } from '../../worker/db/outbox'
import { paymentProcessor } from '../../worker/integrations/payments'
import { queuePaymentReminders } from '../../worker/services/payments/payment-reminders'
import type { Env } from '../../worker/env'

/**
 * Issue 29 item 5: automatic payments are outbox work. The cron only queues the drafts due, found by
 * the policies' indexed due-date column (migration 0022), one 'autopay-draft' message per policy and
 * due date; the outbox's handler charges, exactly once per policy and due date (decision 176's
 * guarantees: the processor reference, the pending row and its settlement, the mails). A crash between
 * queueing and charging, a charge whose write was lost and a processor timeout each end with one
 * charge and one payment row once the next drains have run. Time moves by passing the scheduled work
 * and the drain their clock (no sleeping).
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(async () => {
  vi.unstubAllGlobals()
  await setClock(null)
})

const DAY = 86_400_000
/** Enrolled ten days before the due date, the clock back to the real time after. */
async function enrolled(policyId: string, cardNumber: string) {
  const { policy, dueAt } = await enrolledAt(policyId, cardNumber)
  await setClock(null)
  return { policy, dueAt }
}

const APPROVED_CARD = '4111111111111111'
const CHARGED_THEN_TIMEOUT = '4000000000005043'

async function paymentRows(policyId: string) {
  const { results } = await env.DB.prepare(
    'SELECT payment_id, status, outcome, amount_cents, autopay_due_date FROM payments WHERE policy_id = ? ORDER BY created_at',
  )
    .bind(policyId)
    .all<{ payment_id: string; status: string; outcome: string | null; amount_cents: number; autopay_due_date: string | null }>()
  return results
}

async function outboxRow(dedupeKey: string) {
  return env.DB.prepare('SELECT id, status, attempts, next_attempt_at, last_error FROM outbox WHERE dedupe_key = ?')
    .bind(dedupeKey)
    .first<{ id: number; status: string; attempts: number; next_attempt_at: number; last_error: string | null }>()
}

const receipts = async (paymentId: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key = ?').bind(`payment-receipt:${paymentId}`).first<{ n: number }>())!.n

const drainDrafts = (now: number, handler = autopayDraftHandler()) =>
  drainOutbox(portalEnv, { channels: ['autopay-draft'], handlers: { 'autopay-draft': handler }, now })

/** One charge approved at the processor, one approved automatic payment with its receipt, nothing due. */
async function chargedOnce(policyId: string, policy: Policy): Promise<void> {
  const due = policy.amountDue + policy.pastDue
  expect(await chargesOf(policyId)).toEqual([expect.objectContaining({ outcome: 'approved', amountCents: due })])
  const rows = await paymentRows(policyId)
  expect(rows).toEqual([expect.objectContaining({ status: 'approved', amount_cents: due, autopay_due_date: policy.dueDate })])
  expect(await receipts(rows[0]!.payment_id)).toBe(1)
  expect((await storedPolicy(policyId)).amountDue + (await storedPolicy(policyId)).pastDue).toBe(0)
}

describe('the cron queues, the outbox charges', () => {
  it('queues a due draft once under two concurrent scheduler runs, charges nothing itself, and the drain charges it once', async () => {
    const { policy, dueAt } = await enrolled('HOM4010001', APPROVED_CARD)
    expect(await queueAutopayDrafts(portalEnv, dueAt - DAY)).toBe(0)
    const both = await Promise.all([queueAutopayDrafts(portalEnv, dueAt), queueAutopayDrafts(portalEnv, dueAt)])
    expect(both[0]! + both[1]!).toBe(1)
    expect(await outboxRow(draftDedupeKey('HOM4010001', policy.dueDate))).toMatchObject({ status: 'pending', attempts: 0 })
    expect(await chargesOf('HOM4010001')).toEqual([])
    expect(await paymentRows('HOM4010001')).toEqual([])

    await Promise.all([drainDrafts(dueAt), drainDrafts(dueAt)])
    await runScheduledWork(portalEnv as Env, dueAt + 60_000)
    await runScheduledWork(portalEnv as Env, dueAt + DAY)
    await chargedOnce('HOM4010001', policy)
    expect(await outboxRow(draftDedupeKey('HOM4010001', policy.dueDate))).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('a crash after queueing, before charging (a drain leased the draft and died): the next drain after its lease charges it once', async () => {
    const { policy, dueAt } = await enrolled('HOM4020001', APPROVED_CARD)
    expect(await queueAutopayDrafts(portalEnv, dueAt)).toBe(1)
    const leased = await leaseDue(portalEnv.DB as unknown as D1Database, {
      now: dueAt,
      leaseUntil: dueAt + LEASE_MS,
      token: 'a-drain-that-died',
      channels: ['autopay-draft'],
      limit: 1,
      maxAttempts: MAX_ATTEMPTS,
    })
    expect(leased).toHaveLength(1)
    // Its lease still holds: nobody charges yet.
    await runScheduledWork(portalEnv as Env, dueAt + LEASE_MS - 1)
    expect(await chargesOf('HOM4020001')).toEqual([])
    await runScheduledWork(portalEnv as Env, dueAt + LEASE_MS)
    await runScheduledWork(portalEnv as Env, dueAt + LEASE_MS + 60_000)
    await chargedOnce('HOM4020001', policy)
    expect(await outboxRow(draftDedupeKey('HOM4020001', policy.dueDate))).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it("a crash after the processor charged, the portal's write lost: the retry finds the charge by its reference; one charge, one payment row", async () => {
    const { policy, dueAt } = await enrolled('BLD4050001', APPROVED_CARD)
    await queueAutopayDrafts(portalEnv, dueAt)
    const lost = autopayDraftHandler({ batch: () => Promise.reject(new Error('D1_ERROR: database unavailable')) })
    expect(await drainDrafts(dueAt, lost)).toMatchObject({ retried: 1 })
    expect(await chargesOf('BLD4050001')).toHaveLength(1)
    expect(await paymentRows('BLD4050001')).toEqual([expect.objectContaining({ status: 'pending', outcome: null })])
    const draft = (await outboxRow(draftDedupeKey('BLD4050001', policy.dueDate)))!
    expect(draft).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: dueAt + backoffMs(1) })

    // The draft's retry (30 s) asks by reference and settles; the payment's own check (2 min) finds it settled.
    for (const later of [backoffMs(1), 3 * 60_000, 10 * 60_000]) await runScheduledWork(portalEnv as Env, dueAt + later)
    await chargedOnce('BLD4050001', policy)
  })

  it('a crash between writing the payment and calling the processor: the retry charges the same reference, once', async () => {
    const { policy, dueAt } = await enrolled('COM4050003', APPROVED_CARD)
    await queueAutopayDrafts(portalEnv, dueAt)
    const real = paymentProcessor(portalEnv)
    const dies = autopayDraftHandler({ processor: { ...real, charge: () => Promise.reject(new Error('the isolate went away')) } })
    expect(await drainDrafts(dueAt, dies)).toMatchObject({ retried: 1 })
    expect(await chargesOf('COM4050003')).toEqual([])
    expect(await paymentRows('COM4050003')).toEqual([expect.objectContaining({ status: 'pending' })])
    for (const later of [backoffMs(1), 3 * 60_000, 11 * 60_000]) await runScheduledWork(portalEnv as Env, dueAt + later)
    await chargedOnce('COM4050003', policy)
  })

  it('a processor timeout does not charge twice: the draft is done, the payment is settled by reference; the draft run again charges nothing', async () => {
    const { policy, dueAt } = await enrolled('HOM4040001', CHARGED_THEN_TIMEOUT)
    await runScheduledWork(portalEnv as Env, dueAt)
    expect(await paymentRows('HOM4040001')).toEqual([expect.objectContaining({ status: 'pending', outcome: 'unknown' })])
    const key = draftDedupeKey('HOM4040001', policy.dueDate)
    expect(await outboxRow(key)).toMatchObject({ status: 'delivered', attempts: 1 })
    // The draft delivered again (a dead letter's Retry, a lease lost) while the payment is pending, then after.
    const again = () => env.DB.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE dedupe_key = ?").bind(key).run()
    await again()
    await Promise.all([runScheduledWork(portalEnv as Env, dueAt + 60_000), runScheduledWork(portalEnv as Env, dueAt + 60_000)])
    await again()
    await runScheduledWork(portalEnv as Env, dueAt + 10 * 60_000)
    await chargedOnce('HOM4040001', policy)
  })

  it('waits while another payment on the policy is in flight (retried, not dropped), then charges what is still due', async () => {
    const { policy, dueAt } = await enrolled('DWL4050005', APPROVED_CARD)
    const inFlight = 'pay_inflightxxxxxxxxxxxxxxxxxxxxxx'
    await env.DB.prepare(
      `INSERT INTO payments (payment_id, idempotency_key, request_fingerprint, policy_id, family, session_id, session_kind, channel, request_id,
         amount_cents, method_kind, brand, last4, payer_name, created_at)
       VALUES (?, 'by-hand', 'f', 'DWL4050005', 'homeowners', 's', 'direct', 'api', 'r', 100, 'card', 'Visa', '1111', 'P', ?)`,
    )
      .bind(inFlight, dueAt)
      .run()
    await queueAutopayDrafts(portalEnv, dueAt)
    expect(await drainDrafts(dueAt)).toMatchObject({ retried: 1 })
    const key = draftDedupeKey('DWL4050005', policy.dueDate)
    expect(await outboxRow(key)).toMatchObject({ status: 'pending', last_error: 'another payment on the policy is in flight' })
    // That payment is refused; the draft's retry charges the amount due.
    await env.DB.prepare("UPDATE payments SET status = 'declined', outcome = 'declined', settled_at = ? WHERE payment_id = ?").bind(dueAt, inFlight).run()
    await drainDrafts(dueAt + backoffMs(1))
    expect(await outboxRow(key)).toMatchObject({ status: 'delivered', attempts: 2 })
    expect(await chargesOf('DWL4050005')).toEqual([expect.objectContaining({ outcome: 'approved', amountCents: policy.amountDue + policy.pastDue })])
    expect((await paymentRows('DWL4050005')).filter((r) => r.autopay_due_date)).toEqual([expect.objectContaining({ status: 'approved' })])
  })

  it('a draft no longer due when its message is delivered (the enrolment stopped) charges nothing and is done', async () => {
    const { policy, dueAt } = await enrolled('HOM4040006', APPROVED_CARD)
    await queueAutopayDrafts(portalEnv, dueAt)
    await env.DB.prepare("UPDATE autopay_enrolments SET status = 'stopped', stopped_at = ? WHERE policy_id = 'HOM4040006' AND status = 'active'")
      .bind(dueAt)
      .run()
    expect(await drainDrafts(dueAt)).toMatchObject({ delivered: 1 })
    expect(await chargesOf('HOM4040006')).toEqual([])
    expect(await paymentRows('HOM4040006')).toEqual([])
    expect(await outboxRow(draftDedupeKey('HOM4040006', policy.dueDate))).toMatchObject({ status: 'delivered' })
  })
})

describe('the due-date column', () => {
  /** The statements a task prepares, recorded on their way to D1. */
  function recording(db: D1Database): { db: D1Database; sql: string[] } {
    const sql: string[] = []
    const proxy = new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') {
          return (query: string) => {
            sql.push(query)
            return target.prepare(query)
          }
        }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    return { db: proxy, sql }
  }

  async function plan(query: string): Promise<string[]> {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).bind('2026-01-01', '2026-01-31').all<{ detail: string }>()
    return results.map((r) => r.detail)
  }

  it.each([
    ['the automatic payments', (e: Env, now: number) => queueAutopayDrafts(e, now)],
    ['the payment reminders', (e: Env, now: number) => queuePaymentReminders(e, now)],
  ])('%s of the day are found by an index search on policies, never a scan', async (_name, task) => {
    const { db, sql } = recording(portalEnv.DB as unknown as D1Database)
    await task({ ...portalEnv, DB: db } as unknown as Env, Date.parse('2026-01-15T17:00:00Z'))
    const query = sql.find((q) => /FROM policies p/.test(q))!
    const steps = await plan(query)
    expect(steps).toContainEqual(expect.stringMatching(/^SEARCH p USING INDEX policies_due \(due_date>\? AND due_date<\?\)/))
    expect(steps.filter((s) => /^SCAN/.test(s))).toEqual([])
  })

  it('follows the document wherever it is written: the seed, a direct update, the payment posting trigger', async () => {
    const mismatched = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM policies
       WHERE due_date IS NOT json_extract(doc, '$.dueDate')
          OR due_cents != coalesce(json_extract(doc, '$.amountDue'), 0) + coalesce(json_extract(doc, '$.pastDue'), 0)`,
    ).first<{ n: number }>()
    expect(mismatched!.n).toBe(0)
    await env.DB.prepare(
      "UPDATE policies SET doc = json_set(doc, '$.dueDate', '2031-02-03', '$.amountDue', 12345, '$.pastDue', 5) WHERE policy_id = 'FLD4010003'",
    ).run()
    expect(await env.DB.prepare("SELECT due_date, due_cents FROM policies WHERE policy_id = 'FLD4010003'").first()).toEqual({
      due_date: '2031-02-03',
      due_cents: 12350,
    })
    // (The automatic payments above were posted by the trigger of 0009: nothing is due on them any more.)
    expect(await env.DB.prepare("SELECT due_cents FROM policies WHERE policy_id = 'HOM4010001'").first()).toEqual({ due_cents: 0 })
  })
})
