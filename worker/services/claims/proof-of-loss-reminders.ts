import type { Env } from '../../env'
import { localDate } from '../../../shared/clock'
import { daysLeft, proofOfLossDueDate, reminderToSend } from '../../../shared/claims/flood-deadlines'
import { numberToQuote } from '../../../shared/claims/status-words'
import { formatDateIn } from '../../../shared/i18n/format'
import { proofOfLossReminderMail } from '../../integrations/mail/templates'
import { openFloodClaims } from '../../db/claims/claim-mail-facts'
import { enqueue, type OutboxMessage } from '../outbox/outbox-queue'
import { claimMailLocale, claimRecipients } from './claim-update-mail'
import { claimLink } from '../../../shared/claims/claim-address'

/**
 * The Proof of Loss reminders (issue 19 item 7), a task of the scheduled work: for every flood claim
 * accepted and not closed, the reminder due on the policyholder's date at `now` (14 or 3 days before,
 * shared/claims/flood-deadlines.ts) is queued to the claim's addresses. Dedupe keys
 * `proof-of-loss:{claim}:{14|3}` (and `…:on-file`): however often the cron runs, once per claim and
 * reminder. Answers how many mails it queued.
 */
export async function queueProofOfLossReminders(env: Env, now: number): Promise<number> {
  const messages: OutboxMessage[] = []
  for (const claim of await openFloodClaims(env.DB)) {
    const due = proofOfLossDueDate(claim.loss_date)
    const today = localDate(now, claim.state)
    const reminder = reminderToSend(due, today)
    if (reminder === null) continue
    const locale = claimMailLocale(claim)
    for (const { address, suffix } of claimRecipients(claim)) {
      messages.push({
        channel: 'mail',
        dedupeKey: `proof-of-loss:${claim.claim_number}:${reminder}${suffix}`,
        payload: proofOfLossReminderMail(
          address,
          {
            claimNumber: claim.claim_number,
            quote: numberToQuote(claim.claim_number, claim.carrier_claim_number),
            due: formatDateIn(locale, due),
            daysLeft: daysLeft(due, today),
            claimsPhone: env.CLAIMS_PHONE,
            claimUrl: claimLink(env.PORTAL_BASE_URL, claim.claim_number),
          },
          locale,
        ),
        at: now,
      })
    }
  }
  if (messages.length === 0) return 0
  const results = await env.DB.batch(messages.map((m) => enqueue(env.DB, m)))
  return results.reduce((n, r) => n + (r.meta?.changes ?? 0), 0)
}
