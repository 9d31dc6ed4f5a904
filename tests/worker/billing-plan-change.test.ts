import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { portalEnv, standInFetch } from './sso-support'
import { ageSessions } from './stronger-sign-in-support'
import { chargesOf, enrolled, setClock, storedPolicy } from './payment-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { autopayDraftHandler, queueAutopayDrafts } from '../../worker/services/payments/autopay-run'
import { BILLING_TEXT } from '../../shared/policy/changes/billing-plan'
import { CHANGE_QUOTE_RULE } from '../../worker/services/policy-changes/policy-changes'

/**
 * Issue 34 item 5 (decision 217): erin moves her pay-in-full policy (HOM4040001, $1,980.00 owed, due
 * 12/10/2026, NC) to ten monthly installments on the 20th. Every plan's schedule is on the choosing
 * page; once bound, the payment-due box says the first installment and its date (spec 001's texts),
 * and automatic payments draw the new amount on the new date, not the old one.
 */
const ERIN = 'HOM4040001'
const STAND_IN = `${portalEnv.PORTAL_BASE_URL}/__dev/policy-admin`

beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  await standInFetch(`${STAND_IN}/fail`, { method: 'DELETE' })
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:policy-change:%'").run()
})
afterAll(() => setClock(null))

const tokenOf = (html: string) => /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''

async function choose(b: Browser, fields: Record<string, string>): Promise<Response> {
  const page = await (await b.fetch('/policy-changes/billing-plan')).text()
  return b.form('/policy-changes/billing-plan', { _once: tokenOf(page), ...fields })
}

async function confirm(b: Browser, review: string): Promise<Response> {
  const html = await (await b.fetch(review)).text()
  return b.form(review, { _once: tokenOf(html) })
}

const standInCount = async () => ((await (await standInFetch(`${STAND_IN}/changes`)).json()) as { quotes: unknown[] }).quotes.length
const dueBoxOf = (html: string) => text(/<aside class="payment-due[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '')

describe('switching to monthly', () => {
  it('shows every schedule before choosing, binds, and the due box and automatic payments follow the new schedule', async () => {
    // Enrolled in automatic payments for the old due date (12/10), the portal's clock ten days before it.
    const { b, policy } = await enrolled(ERIN, '4111111111111111')
    expect(policy).toMatchObject({ totalDue: 198000, amountDue: 198000, dueDate: '2026-12-10' })

    const choosing = text(mainOf(await (await b.fetch('/policy-changes/billing-plan?day=20')).text()))
    expect(choosing).toContain('Payment: $1,980.00 due 12/20/2026.')
    expect(choosing).toContain('Installment 1 of 2: $993.00 due 12/20/2026 (includes a $3.00 fee).')
    expect(choosing).toContain('Installment 4 of 4: $498.00 due 09/20/2027 (includes a $3.00 fee).')
    expect(choosing).toContain('Installment 1 of 10: $203.00 due 12/20/2026 (includes a $5.00 fee).')
    expect(choosing).toContain('Installment 10 of 10: $203.00 due 09/20/2027 (includes a $5.00 fee).')

    const res = await choose(b, { plan: 'monthly', dueDay: '20' })
    expect(res.status).toBe(303)
    const review = res.headers.get('Location')!
    const reviewText = text(mainOf(await (await b.fetch(review)).text()))
    expect(reviewText).toContain('Change from your plan now, due on day 10 to Monthly (10 installments), due on day 20 of the month.')
    expect(reviewText).toContain('In all $2,030.00: $1,980.00 still owed plus $50.00 in installment fees.')
    // Priced, not bound: nothing moved yet.
    expect(await storedPolicy(ERIN)).toMatchObject({ amountDue: 198000, dueDate: '2026-12-10' })

    expect((await confirm(b, review)).status).toBe(303)
    const after = await storedPolicy(ERIN)
    expect(after).toMatchObject({ totalDue: 203000, amountDue: 20300, pastDue: 0, dueDate: '2026-12-20' })
    expect(after.billingPlan?.schedule).toHaveLength(10)
    expect(dueBoxOf(await (await b.fetch('/policy-changes')).text())).toMatch(/Amount Due \$203\.00 Next EFT Draft: 12\/20\/2026/)

    // The old date drafts nothing; the new one draws the first installment, once.
    expect(await queueAutopayDrafts(portalEnv, Date.parse('2026-12-10T17:00:00Z'))).toBe(0)
    const newDate = Date.parse('2026-12-20T17:00:00Z')
    expect(await queueAutopayDrafts(portalEnv, newDate)).toBe(1)
    await drainOutbox(portalEnv, { channels: ['autopay-draft'], handlers: { 'autopay-draft': autopayDraftHandler() }, now: newDate })
    expect(await chargesOf(ERIN)).toEqual([expect.objectContaining({ outcome: 'approved', amountCents: 20300 })])
    const drafts = await env.DB.prepare('SELECT amount_cents, autopay_due_date FROM payments WHERE policy_id = ? AND autopay_due_date IS NOT NULL')
      .bind(ERIN)
      .all()
    expect(drafts.results).toEqual([{ amount_cents: 20300, autopay_due_date: '2026-12-20' }])

    // Paid: the next installment of the schedule is due on its date (0035), and the next draft draws it there.
    expect(await storedPolicy(ERIN)).toMatchObject({ totalDue: 203000 - 20300, amountDue: 20300, dueDate: '2027-01-20' })
    const second = Date.parse('2027-01-20T17:00:00Z')
    expect(await queueAutopayDrafts(portalEnv, second)).toBe(1)
    await drainOutbox(portalEnv, { channels: ['autopay-draft'], handlers: { 'autopay-draft': autopayDraftHandler() }, now: second })
    expect((await chargesOf(ERIN)).map((c) => c.amountCents)).toEqual([20300, 20300])
    expect(await storedPolicy(ERIN)).toMatchObject({ totalDue: 203000 - 2 * 20300, amountDue: 20300, dueDate: '2027-02-20' })
    await setClock(null)
  })
})

describe('what is refused', () => {
  it('a form with mistakes says what to fix, 400, and calls no one', async () => {
    const b = await withPolicy('HOM4040006')
    const before = await standInCount()
    const res = await choose(b, { plan: 'weekly', dueDay: '31' })
    expect(res.status).toBe(400)
    const main = text(mainOf(await res.text()))
    expect(main).toContain(BILLING_TEXT.planRequired)
    expect(main).toContain(BILLING_TEXT.dueDayRequired)
    expect(await standInCount()).toBe(before)
  })

  it('another person’s change is not found, and cannot be confirmed', async () => {
    const b = await withPolicy('HOM4040006')
    const res = await choose(b, { plan: 'two', dueDay: '5' })
    expect(res.status).toBe(303)
    const review = res.headers.get('Location')!
    const stranger = new Browser()
    const other = persona('direct.single')
    expect((await stranger.login(other)).status).toBe(303)
    await stranger.form('/account-home', { policyId: other.policies[0]!.policyId })
    expect((await stranger.fetch(review)).status).toBe(404)
    expect((await stranger.form(review, {})).status).toBe(404)
    const id = new URL(review, 'https://x').searchParams.get('change')
    expect((await env.DB.prepare('SELECT status FROM policy_changes WHERE change_id = ?').bind(id).first<{ status: string }>())!.status).toBe('quoted')
  })

  it('moves money, so a session proved 11 minutes ago confirms it is them first; nothing is bound', async () => {
    const b = await withPolicy('HOM4040006')
    const before = await storedPolicy('HOM4040006')
    const res = await choose(b, { plan: 'monthly', dueDay: '3' })
    const review = res.headers.get('Location')!
    await ageSessions(ownerOf('HOM4040006'), 11)
    const sent = await confirm(b, review)
    await ageSessions(ownerOf('HOM4040006'), 0)
    expect(sent.headers.get('Location')).toMatch(/^\/manage-profile\/confirm\?next=policy-change&change=pc_/)
    expect(await storedPolicy('HOM4040006')).toMatchObject({ amountDue: before.amountDue, dueDate: before.dueDate })
  })

  it('shares the changes’ rate rule: past 10 quotes an hour, 429 and the system is not called', async () => {
    const b = await withPolicy('HOM4040006')
    const profile = await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?')
      .bind(ownerOf('HOM4040006').userName)
      .first<{ profile_id: string }>()
    await env.DB.prepare('INSERT INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, ?, ?, 0)')
      .bind(`rate:policy-change:profile:${profile!.profile_id}`, CHANGE_QUOTE_RULE.limit, Date.now())
      .run()
    const before = await standInCount()
    const res = await choose(b, { plan: 'two', dueDay: '5' })
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await standInCount()).toBe(before)
  })

  it('a payment still being processed: change the plan once it is done, nothing priced', async () => {
    const b = await withPolicy('HOM4060002')
    // A card payment whose answer has not come yet (decision 171), as the payments table holds one.
    await env.DB.prepare(
      `INSERT INTO payments (payment_id, idempotency_key, request_fingerprint, policy_id, family, session_id, session_kind, profile_id, channel,
         request_id, amount_cents, method_kind, brand, last4, payer_name, receipt_email, status, created_at)
       VALUES (?1, ?2, '["creditCard"]', 'HOM4060002', 'homeowners', 's1', 'direct', 'p-wren', 'island', 'r1', 24000, 'card', 'Visa', '1111', 'Wren', 'wren@example.com', 'pending', ?3)`,
    )
      .bind(`pay_${crypto.randomUUID().replace(/-/g, '')}`, `key-${crypto.randomUUID()}`, Date.now())
      .run()
    const before = await standInCount()
    const res = await choose(b, { plan: 'two', dueDay: '5' })
    expect(res.status).toBe(400)
    expect(text(mainOf(await res.text()))).toContain(BILLING_TEXT.paymentInFlight)
    expect(await standInCount()).toBe(before)
  })

  it('a flood policy cannot change online, with whom to call', async () => {
    const b = await withPolicy('FLD4010003')
    const res = await choose(b, { plan: 'two', dueDay: '5' })
    expect(res.status).toBe(409)
    expect(text(mainOf(await res.text()))).toContain('Flood policies are changed through the National Flood Insurance Program')
  })
})
