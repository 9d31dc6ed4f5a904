import type { Env } from '../../env'
import type { ClaimEvent } from '../../../shared/claims/events'
import { SUBJECTS } from '../../integrations/mail/templates'
import { claimUpdateText } from '../../integrations/sms/templates'
import type { TextMessage } from '../../integrations/sms'
import { claimReporter } from '../../db/notifications/notification-settings'
import type { OutboxMessage } from '../outbox/outbox-queue'
import { emailWanted, SMS_CHANNEL, textNumberFor } from './texts'
import { claimUpdateMessages } from '../claims/claim-update-mail'
import { claimLink } from '../../../shared/claims/claim-address'
import { profileLanguage } from '../../db/identity/profiles'

/**
 * The text of a claim's event (issue 32 item 5): for the events that are mailed (claim-update-mail.ts),
 * to the profile that reported the claim when it chose text for claim updates and its number has not
 * sent STOP. Dedupe key `sms:claim-update:{claim}:{eventId}`: an event received twice is one text.
 * The handler checks the choice again when it sends.
 */
export async function claimUpdateTexts(env: Env, event: ClaimEvent, now: number): Promise<OutboxMessage[]> {
  if (!(event.type in SUBJECTS)) return []
  const profileId = await claimReporter(env.DB, event.claimNumber)
  const to = profileId ? await textNumberFor(env, profileId, 'claim-updates') : null
  if (!profileId || !to) return []
  const text: TextMessage = {
    kind: 'claim-update',
    to,
    profileId,
    text: claimUpdateText(
      {
        claimNumber: event.claimNumber,
        type: event.type as keyof typeof SUBJECTS,
        link: claimLink(env.PORTAL_BASE_URL, event.claimNumber),
      },
      // The person's language (issue 36): the text is written now, so a retry sends the same words.
      await profileLanguage(env.DB, profileId),
    ),
  }
  return [{ channel: SMS_CHANNEL, dedupeKey: `sms:claim-update:${event.claimNumber}:${event.id}`, payload: text, at: now }]
}

/**
 * Everything a claim's event tells the policyholder (issue 19 item 5, issue 32 item 5): its mails
 * (claim-update-mail.ts), unless the profile that reported the claim turned claim update emails off,
 * and its text when that profile chose one.
 */
export async function claimUpdateNotices(env: Env, event: ClaimEvent, now: number): Promise<OutboxMessage[]> {
  const reporter = await claimReporter(env.DB, event.claimNumber)
  const mailed = reporter === null || (await emailWanted(env, reporter, 'claim-updates'))
  return [...(mailed ? await claimUpdateMessages(env, event, now) : []), ...(await claimUpdateTexts(env, event, now))]
}
