import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { text, withPolicy } from './servicing-helpers'
import { portalEnv, routeOutbound } from './sso-support'
import { JSON_HEADER } from '../../shared/site-request'
import { chargesOf, enrolled, jsonCall, setClock, storedPolicy } from './payment-support'
import { SAVE_CONSENT_VERSION, type SavedMethodView } from '../../shared/payments/saved-methods'
import { runScheduledWork } from '../../worker/services/scheduled-work'
import type { Env } from '../../worker/env'

/**
 * Issue 22 item 2: automatic payments. A policy enrolled with a saved method is charged the amount due
 * on its due date exactly once per policy and due date: two scheduler runs at once, runs again, and a
 * processor that charges but answers with a timeout all end with one charge at the processor, one
 * payment, one receipt. A decline mails the policyholder and shows in the payment-due box with the way
 * to pay now; the box's 'Next EFT Draft' comes from the enrolment. Stop is refused inside 3 business days.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(async () => {
  vi.unstubAllGlobals()
  await setClock(null)
})

const DAY = 86_400_000

async function autopayRows(policyId: string) {
  const { results } = await env.DB.prepare(
    'SELECT payment_id, status, amount_cents, autopay_due_date FROM payments WHERE policy_id = ? AND autopay_due_date IS NOT NULL',
  )
    .bind(policyId)
    .all<{ payment_id: string; status: string; amount_cents: number; autopay_due_date: string }>()
  return results
}

async function mailsLike(prefix: string, paymentId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key = ?').bind(`${prefix}:${paymentId}`).first<{ n: number }>()
  return row!.n
}

describe('automatic payments on the due date', () => {
  it('charges the amount due once, though the scheduler runs twice at once and again later', async () => {
    const { b, policy, dueAt } = await enrolled('HOM4010001', '4111111111111111')
    const due = policy.amountDue + policy.pastDue
    const box = text(await (await b.fetch('/policy-information')).text())
    expect(box).toContain('Next EFT Draft:')
    expect(box).toContain('from your Visa ending in 1111: you do not need to do anything.')
    // Account Home's card says the same, from the enrolment (the policy itself is not on EFT).
    expect(policy.eftFlag).toBe(false)
    expect(text(await (await b.fetch('/account-home')).text())).toContain('from your Visa ending in 1111: you do not need to do anything.')
    const enrolMail = await env.DB.prepare("SELECT payload FROM outbox WHERE dedupe_key LIKE 'autopay-enrolled:%'").first<{ payload: string }>()
    expect(JSON.parse(enrolMail!.payload).text).toContain(
      'I authorize ProgHome Insurance to charge my Visa ending in 1111 on each due date of policy HOM4010001',
    )

    await runScheduledWork(portalEnv as Env, dueAt - DAY)
    expect(await chargesOf('HOM4010001')).toEqual([])

    const both = await Promise.all([runScheduledWork(portalEnv as Env, dueAt), runScheduledWork(portalEnv as Env, dueAt)])
    // Queued once (its outbox dedupe key), charged by whichever drain leased it.
    expect(both.map((r) => r.autopay)).toEqual(expect.arrayContaining([1, 0]))
    await runScheduledWork(portalEnv as Env, dueAt + 60_000)
    await runScheduledWork(portalEnv as Env, dueAt + DAY)
    expect(await chargesOf('HOM4010001')).toEqual([expect.objectContaining({ outcome: 'approved', amountCents: due })])
    const rows = await autopayRows('HOM4010001')
    expect(rows).toEqual([expect.objectContaining({ status: 'approved', amount_cents: due, autopay_due_date: policy.dueDate })])
    expect(await mailsLike('payment-receipt', rows[0]!.payment_id)).toBe(1)
    expect(text(await (await b.fetch('/payment-history')).text())).toContain('Online Payment - Credit Card')
    expect((await storedPolicy('HOM4010001')).amountDue).toBe(0)
  })

  it('charges once when the processor charges and then times out: the next run asks by reference and settles it', async () => {
    const { policy, dueAt } = await enrolled('HOM4040001', '4000000000005043')
    const report = await runScheduledWork(portalEnv as Env, dueAt)
    expect(report.autopay).toBe(1)
    expect((await autopayRows('HOM4040001'))[0]).toMatchObject({ status: 'pending' })
    await Promise.all([runScheduledWork(portalEnv as Env, dueAt + 60_000), runScheduledWork(portalEnv as Env, dueAt + 60_000)])
    await runScheduledWork(portalEnv as Env, dueAt + 10 * 60_000)
    expect(await chargesOf('HOM4040001')).toEqual([expect.objectContaining({ outcome: 'approved', amountCents: policy.amountDue + policy.pastDue })])
    const rows = await autopayRows('HOM4040001')
    expect(rows).toEqual([expect.objectContaining({ status: 'approved' })])
    expect(await mailsLike('payment-receipt', rows[0]!.payment_id)).toBe(1)
  })

  it('never charges again when the processor never received the draft: the settlement asks by reference, then says it did not go through', async () => {
    const { dueAt } = await enrolled('HOM4040006', '4000000000004087')
    await runScheduledWork(portalEnv as Env, dueAt)
    expect((await autopayRows('HOM4040006'))[0]).toMatchObject({ status: 'pending' })
    for (const later of [60_000, 2 * 60_000, 11 * 60_000, 12 * 60_000]) await runScheduledWork(portalEnv as Env, dueAt + later)
    expect(await chargesOf('HOM4040006')).toEqual([])
    const rows = await autopayRows('HOM4040006')
    expect(rows).toEqual([expect.objectContaining({ status: 'failed' })])
    expect(await mailsLike('autopay-declined', rows[0]!.payment_id)).toBe(1)
  })

  it('mails a decline and shows it in the payment-due box with Make a Payment; the next runs charge nothing more', async () => {
    const { b, dueAt } = await enrolled('BLD4050001', '4000000000000002')
    await runScheduledWork(portalEnv as Env, dueAt)
    await runScheduledWork(portalEnv as Env, dueAt + DAY)
    const rows = await autopayRows('BLD4050001')
    expect(rows).toEqual([expect.objectContaining({ status: 'declined' })])
    expect(await chargesOf('BLD4050001')).toHaveLength(1)
    const mail = await env.DB.prepare('SELECT payload FROM outbox WHERE dedupe_key = ?')
      .bind(`autopay-declined:${rows[0]!.payment_id}`)
      .first<{ payload: string }>()
    expect(JSON.parse(mail!.payload)).toMatchObject({ kind: 'autopay-declined', subject: 'Your automatic payment on policy BLD4050001 did not go through' })
    const html = await (await b.fetch('/policy-information')).text()
    expect(text(html)).toContain('did not go through, and nothing was charged. Please pay now.')
    expect(html).toContain('href="/make-payment"')
  })
})

describe('stopping automatic payments', () => {
  it('is refused within 3 business days of the draft, and allowed before', async () => {
    const { b, policy, methodId } = await enrolled('HOM4020001', '5555555555554444')
    const base = `/v1/homeowners/AutoPay/HOM4020001`
    const remove = await jsonCall(b, 'DELETE', `/v1/profile/PaymentMethods/${methodId}`)
    expect(remove.status).toBe(202)
    expect(((await remove.json()) as { errorMessage: string }).errorMessage).toContain('pays policy HOM4020001 automatically')
    await setClock(new Date(Date.parse(`${policy.dueDate}T15:00:00Z`) - DAY).toISOString())
    const late = await jsonCall(b, 'DELETE', base)
    expect(late.status).toBe(202)
    expect(((await late.json()) as { errorMessage: string }).errorMessage).toContain('can no longer be stopped or changed')
    await setClock(new Date(Date.parse(`${policy.dueDate}T15:00:00Z`) - 8 * DAY).toISOString())
    const stop = await jsonCall(b, 'DELETE', base)
    expect(stop.status).toBe(200)
    const status = (await (await b.fetch(base, { headers: JSON_HEADER })).json()) as { enrolled: boolean }
    expect(status.enrolled).toBe(false)
  })

  it("keeps another profile's policy out (404)", async () => {
    const other = await withPolicy('HOM4010001')
    expect((await jsonCall(other, 'DELETE', '/v1/homeowners/AutoPay/HOM4020001')).status).toBe(404)
  })
})

describe('the Automatic Payments page (no script needed)', () => {
  it('chooses a saved method, shows its terms with a checkbox, turns them on, and stops them', async () => {
    const policy = await storedPolicy('COM4050003')
    await setClock(new Date(Date.parse(`${policy.dueDate}T12:00:00Z`) - 10 * DAY).toISOString())
    const b = await withPolicy('COM4050003')
    const add = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
      kind: 'bank',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      billingName: 'Casey',
      consent: { accepted: true, version: SAVE_CONSENT_VERSION },
    })
    const { method } = (await add.json()) as { method: SavedMethodView }
    expect(text(await (await b.fetch('/automatic-payments')).text())).toContain('Pay from')
    const offer = await (await b.fetch(`/automatic-payments?method=${method.id}`)).text()
    expect(text(offer)).toContain('Recurring bank debit authorization')
    const termsText = /name="termsText" value="([^"]*)"/
      .exec(offer)![1]!
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
    const version = /name="termsVersion" value="([^"]*)"/.exec(offer)![1]!

    const refused = await b.form('/automatic-payments', { intent: 'enrol', methodId: method.id, termsText, termsVersion: version })
    expect(refused.status).toBe(400)
    expect(text(await refused.text())).toContain('check the box to accept them')

    const on = await b.form('/automatic-payments', { intent: 'enrol', methodId: method.id, termsText, termsVersion: version, accepted: 'yes' })
    expect(on.status).toBe(303)
    const page = text(await (await b.fetch('/automatic-payments?done=on')).text())
    expect(page).toContain('Automatic payments are on, from your JPMorgan Chase account ending in 6789.')
    expect(page).toContain('I authorize ProgHome Insurance to debit my JPMorgan Chase account ending in 6789 electronically (ACH)')
    const stored = await env.DB.prepare(
      "SELECT terms_version, session_id, accepted_at FROM autopay_enrolments WHERE policy_id = 'COM4050003' AND status = 'active'",
    ).first()
    expect(stored).toMatchObject({ terms_version: version })

    expect((await b.form('/automatic-payments', { intent: 'stop' })).status).toBe(303)
    expect(text(await (await b.fetch('/automatic-payments?done=off')).text())).toContain('Automatic payments are stopped.')
  })
})
