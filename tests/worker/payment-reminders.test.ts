import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { text, withPolicy } from './servicing-helpers'
import { portalEnv } from './sso-support'
import { storedPolicy } from './payment-support'
import { runScheduledWork } from '../../worker/services/scheduled-work'
import type { Env } from '../../worker/env'

/**
 * Issue 22 item 3: payment reminders 7 days and 1 day before a due date and once past due, each once per
 * policy and due date however often the cron runs; none for a policy whose automatic payment covers the
 * due date; off per policy from the profile; a flood renewal says what a lapse means.
 */
beforeAll(() => seed(), 120_000)

const DAY = 86_400_000

async function reminders(policyId: string): Promise<{ dedupe_key: string; payload: string }[]> {
  const { results } = await env.DB.prepare('SELECT dedupe_key, payload FROM outbox WHERE dedupe_key LIKE ? ORDER BY id')
    .bind(`payment-reminder:${policyId}:%`)
    .all<{ dedupe_key: string; payload: string }>()
  return results
}

const at = (date: string, daysFromIt: number) => Date.parse(`${date}T17:00:00Z`) + daysFromIt * DAY
const run = (when: number) => runScheduledWork(portalEnv as Env, when)

describe('payment reminders', () => {
  it('sends 7 days before, 1 day before and once past due, each once however often the cron runs', async () => {
    const p = await storedPolicy('HOM4010001')
    expect(p.amountDue + p.pastDue).toBeGreaterThan(0)
    await run(at(p.dueDate, -8))
    expect(await reminders('HOM4010001')).toEqual([])
    await run(at(p.dueDate, -7))
    await run(at(p.dueDate, -7) + 60_000)
    await run(at(p.dueDate, -6))
    await run(at(p.dueDate, -1))
    await run(at(p.dueDate, 0))
    await run(at(p.dueDate, 1))
    await run(at(p.dueDate, 2))
    await run(at(p.dueDate, 10))
    const sent = await reminders('HOM4010001')
    expect(sent.map((r) => r.dedupe_key)).toEqual([
      `payment-reminder:HOM4010001:${p.dueDate}:due-in-7`,
      `payment-reminder:HOM4010001:${p.dueDate}:due-in-1`,
      `payment-reminder:HOM4010001:${p.dueDate}:past-due`,
    ])
    const first = JSON.parse(sent[0]!.payload) as { kind: string; to: string; subject: string; text: string }
    expect(first).toMatchObject({ kind: 'payment-reminder', to: p.email })
    expect(first.text).toContain(`on policy HOM4010001 is due on`)
    expect(first.text).not.toContain('waiting period')
    expect(JSON.parse(sent[2]!.payload).subject).toBe('Your payment on policy HOM4010001 is past due')
  })

  it('sends none before the due date for a policy whose automatic payment covers it', async () => {
    const p = await storedPolicy('HOM4020001')
    const profile = await env.DB.prepare("SELECT profile_id FROM profile_policies WHERE policy_id = 'HOM4020001'").first<{ profile_id: string }>()
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO saved_payment_methods (method_id, profile_id, token, kind, brand, last4, exp_month, exp_year, nickname, consent_text, consent_version, consent_session_id, created_at)
         VALUES ('pm_reminderstestcardxxxxxx', ?, 'tok_reminderstestxxxxxxxxx', 'card', 'Visa', '1111', 12, 2099, 'Visa', 'c', 'v', 's', 0)`,
      ).bind(profile!.profile_id),
      env.DB.prepare(
        `INSERT INTO autopay_enrolments (enrolment_id, policy_id, profile_id, method_id, terms_text, terms_version, accepted_at, enrolled_on, session_id)
         VALUES ('ap_reminderstestxxxxxxxxxx', 'HOM4020001', ?, 'pm_reminderstestcardxxxxxx', 't', 'v', 0, ?, 's')`,
      ).bind(profile!.profile_id, new Date(at(p.dueDate, -20)).toISOString().slice(0, 10)),
    ])
    await run(at(p.dueDate, -7))
    await run(at(p.dueDate, -1))
    expect(await reminders('HOM4020001')).toEqual([])
  })

  it('is turned off per policy from the Payment Methods page', async () => {
    const p = await storedPolicy('BLD4050001')
    const b = await withPolicy('BLD4050001')
    const off = await b.form('/payment-methods', { intent: 'reminders', policyId: 'BLD4050001', on: 'no' })
    expect(off.status).toBe(303)
    expect(text(await (await b.fetch('/payment-methods?done=reminders')).text())).toContain('(BLD4050001): reminders off.')
    // (Earlier runs of this file may have reminded it already: from now on, nothing more.)
    const before = (await reminders('BLD4050001')).length
    for (const d of [-7, -1, 0, 1, 2]) await run(at(p.dueDate, d))
    expect(await reminders('BLD4050001')).toHaveLength(before)
    // Another profile's policy is not changed.
    const other = await withPolicy('HOM4010001')
    await other.form('/payment-methods', { intent: 'reminders', policyId: 'BLD4050001', on: 'yes' })
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_reminder_optouts WHERE policy_id = 'BLD4050001'").first()).toEqual({ n: 1 })
  })

  it('explains a flood renewal lapse and its waiting period in plain words', async () => {
    expect((await storedPolicy('FLD4010003')).isFlood).toBe(true)
    // The renewal premium: due on the renewal date (a date no other test of this file runs near).
    const renewal = '2027-03-15'
    await env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.renewalDate', ?1, '$.dueDate', ?1) WHERE policy_id = 'FLD4010003'").bind(renewal).run()
    await run(at(renewal, -7))
    const mail = (await reminders('FLD4010003')).find((r) => r.dedupe_key === `payment-reminder:FLD4010003:${renewal}:due-in-7`)
    const body = JSON.parse(mail!.payload) as { text: string }
    expect(body.text).toContain('This is your flood insurance renewal.')
    expect(body.text).toContain('A new flood policy usually must wait 30 days before it covers anything')
  })
})
