import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { preferencesOf, type NotificationKind } from '../../../shared/notifications/preferences'
import { phoneOfProfile, preferenceRows } from '../../db/notifications/notification-settings'
import { smsSender, type SmsSender, type TextMessage } from '../../integrations/sms'
import { handler, type OutboxHandler } from '../outbox/outbox-delivery'
import { log } from '../../lib/log'

/** The outbox channel of text messages (decision 209): retried, listed on /__dev/outbox, buried like mail. */
export const SMS_CHANNEL = 'sms'

/**
 * Where a profile's texts of a kind go now: its verified number, when it chose text for the kind and the
 * number has not sent STOP since (preferencesOf says when text is on); else null.
 */
export async function textNumberFor(env: Env, profileId: string, kind: NotificationKind): Promise<string | null> {
  const [rows, phone] = await Promise.all([preferenceRows(env.DB, profileId), phoneOfProfile(env.DB, profileId)])
  if (!phone) return null
  return preferencesOf(rows, { verified: true, stopped: phone.stopped_at !== null })[kind].text ? phone.phone : null
}

/**
 * The channel's handler: one queued text to the provider. A notification is checked again when it is
 * sent, so a text queued before a STOP (or before text was turned off, or the number changed) is never
 * sent after it: it is settled without leaving. A code goes to the number being verified.
 */
export function smsHandler(sender: (env: Env) => SmsSender = (env) => smsSender(env)): OutboxHandler {
  return handler<TextMessage>(async (env, text, meta) => {
    if (text.kind === 'claim-update' && (await textNumberFor(env, text.profileId, 'claim-updates')) !== text.to) {
      log('info', 'text not sent: texts turned off or stopped since it was queued', { outboxId: meta.id, kind: text.kind })
      return
    }
    await sender(env).send({ to: text.to, text: text.text, idempotencyKey: `outbox-${meta.id}` })
  })
}

/** What a settled text keeps: deployed, not its words (a code must not outlive its delivery); locally all, for /__dev/outbox. */
export function settledText(env: Env, text: TextMessage): TextMessage {
  return isDeployed(env) ? { ...text, text: '' } : text
}
