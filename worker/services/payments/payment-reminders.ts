import type { Env } from '../../env'
import { localDate } from '../../../shared/clock'
import { mayMakePayment } from '../../../shared/policy/permissions'
import { policySchema } from '../../../shared/policy/schemas/policy'
import { paysDueDate } from '../../../shared/payments/autopay'
import { isFloodRenewal, reminderFor } from '../../../shared/payments/reminders'
import { reminderSubjectIn, reminderTextIn } from '../../../shared/payments/texts/reminders'
import { profileLanguage } from '../../db/identity/profiles'
import type { MailMessage } from '../../integrations/mail/port'
import { enqueue, type OutboxMessage } from '../outbox/outbox-queue'
import { paymentReminderText } from '../../integrations/sms/templates'
import { emailWanted, SMS_CHANNEL, textNumberFor } from '../notifications/texts'

/**
 * Payment reminders (issue 22 item 3; docs/decisions/177), a task of the scheduled work: for each
 * policy with an amount due whose due date is near (or just passed), the reminder of the day
 * (shared/payments/reminders.ts) to the policy's email, else its owner's. Not for a policy whose
 * automatic payment covers the due date (a past-due reminder still goes: the draft did not pay it),
 * nor one whose reminders were turned off. Dedupe key `payment-reminder:{policy}:{due date}:{kind}`:
 * once each, however often the cron runs. The profile the policy is linked to may have turned payment
 * emails off, or chosen texts too (Notifications, decision 209): a text to its verified number, dedupe
 * key `sms:payment-reminder:{policy}:{due date}:{kind}:{profile}`. Answers how many messages it queued.
 */
interface Candidate {
  policy_id: string
  state: string
  doc: string
  profile_email: string | null
  profile_id: string | null
  enrolled_on: string | null
  opted_out: number
}

export async function queuePaymentReminders(env: Env, now: number): Promise<number> {
  // A day's margin either side of the policies' own dates (time zones); the rules decide exactly. An
  // index search on the policies' due-date column (0022, decision 195), not a read of every document.
  const from = new Date(now - 5 * 86_400_000).toISOString().slice(0, 10)
  const to = new Date(now + 9 * 86_400_000).toISOString().slice(0, 10)
  const { results } = await env.DB.prepare(
    `SELECT p.policy_id, p.state, p.doc, pr.email_address AS profile_email, pr.profile_id,
       (SELECT ae.enrolled_on FROM autopay_enrolments ae WHERE ae.policy_id = p.policy_id AND ae.status = 'active') AS enrolled_on,
       EXISTS (SELECT 1 FROM payment_reminder_optouts o WHERE o.policy_id = p.policy_id) AS opted_out
     FROM policies p
     LEFT JOIN profile_policies pp ON pp.policy_id = p.policy_id
     LEFT JOIN profiles pr ON pr.profile_id = pp.profile_id
     WHERE p.due_date BETWEEN ?1 AND ?2 AND p.due_cents > 0`,
  )
    .bind(from, to)
    .all<Candidate>()
  const messages: OutboxMessage[] = []
  for (const row of results) {
    if (row.opted_out) continue
    const parsed = policySchema.safeParse(JSON.parse(row.doc))
    if (!parsed.success) continue
    const policy = parsed.data
    if (!mayMakePayment(policy) || policy.totalDue <= 0) continue
    const kind = reminderFor(localDate(now, policy.state), policy.dueDate)
    if (!kind) continue
    if (kind !== 'past-due' && row.enrolled_on && paysDueDate(row.enrolled_on, policy.dueDate)) continue
    const to = policy.email.trim() || row.profile_email?.trim()
    if (!to) continue
    const facts = {
      kind,
      policyId: policy.policyID,
      amountCents: policy.amountDue + policy.pastDue,
      dueDate: policy.dueDate,
      floodRenewal: isFloodRenewal(policy),
      portalUrl: env.PORTAL_BASE_URL,
      supportPhone: env.SUPPORT_PHONE,
    }
    const key = `payment-reminder:${policy.policyID}:${policy.dueDate}:${kind}`
    // In the language of the profile the policy is linked to (issue 36), mail and text; English without one.
    const locale = row.profile_id ? await profileLanguage(env.DB, row.profile_id) : 'en'
    if (!row.profile_id || (await emailWanted(env, row.profile_id, 'payments'))) {
      const mail: MailMessage = { kind: 'payment-reminder', to, subject: reminderSubjectIn(locale, facts), text: reminderTextIn(locale, facts) }
      messages.push({ channel: 'mail', dedupeKey: key, payload: mail, at: now })
    }
    const phone = row.profile_id ? await textNumberFor(env, row.profile_id, 'payments') : null
    if (row.profile_id && phone) {
      const text = { kind: 'payment-reminder' as const, to: phone, profileId: row.profile_id, text: paymentReminderText(facts, locale) }
      messages.push({ channel: SMS_CHANNEL, dedupeKey: `sms:${key}:${row.profile_id}`, payload: text, at: now })
    }
  }
  if (messages.length === 0) return 0
  const results2 = await env.DB.batch(messages.map((m) => enqueue(env.DB, m)))
  return results2.reduce((n, r) => n + (r.meta?.changes ?? 0), 0)
}

/** Turns a policy's reminders off or on, for the profile it is linked to (another's: false). */
export async function setReminders(env: Env, profileId: string, policyId: string, on: boolean, now: number): Promise<boolean> {
  const linked = await env.DB.prepare('SELECT 1 AS x FROM profile_policies WHERE policy_id = ? AND profile_id = ?').bind(policyId, profileId).first()
  if (!linked) return false
  if (on) await env.DB.prepare('DELETE FROM payment_reminder_optouts WHERE policy_id = ?').bind(policyId).run()
  else
    await env.DB.prepare('INSERT INTO payment_reminder_optouts (policy_id, profile_id, created_at) VALUES (?, ?, ?) ON CONFLICT(policy_id) DO NOTHING')
      .bind(policyId, profileId, now)
      .run()
  return true
}

/** The profile's linked policies whose reminders are off. */
export async function remindersOff(env: Env, profileId: string): Promise<Set<string>> {
  const { results } = await env.DB.prepare(
    'SELECT o.policy_id FROM payment_reminder_optouts o JOIN profile_policies pp ON pp.policy_id = o.policy_id AND pp.profile_id = ?',
  )
    .bind(profileId)
    .all<{ policy_id: string }>()
  return new Set(results.map((r) => r.policy_id))
}
