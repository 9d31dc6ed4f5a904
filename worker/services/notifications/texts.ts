import type { Env } from '../../env'
import { isDeployed } from '../../env'
import type { NotificationKind } from '../../../shared/notifications/preferences'
import { loadNotificationSettings } from './preferences'
import { smsSender, type SmsSender, type TextMessage } from '../../integrations/sms'
import type { TextKind } from '../../integrations/sms/port'
import { handler, type OutboxHandler } from '../outbox/outbox-delivery'
import { log } from '../../lib/log'

/** The outbox channel of text messages (decision 209): retried, listed on /__dev/outbox, buried like mail. */
export const SMS_CHANNEL = 'sms'

/**
 * Where a profile's texts of a kind go now: its verified number, when it chose text for the kind and the
 * number has not sent STOP since (preferencesOf says when text is on); else null.
 */
export async function textNumberFor(env: Env, profileId: string, kind: NotificationKind): Promise<string | null> {
  const { preferences, phone } = await loadNotificationSettings(env, profileId)
  return phone && preferences[kind].text ? phone.phone : null
}

/** Whether a profile's notices of a kind go by email (on unless it turned them off; security always). */
export async function emailWanted(env: Env, profileId: string, kind: NotificationKind): Promise<boolean> {
  return (await loadNotificationSettings(env, profileId)).preferences[kind].email
}

/** The choice a text depends on: a notice's kind (checked again when it is sent); a code none. */
const NOTICE_OF: Record<TextKind, NotificationKind | null> = { 'phone-code': null, 'claim-update': 'claim-updates', 'payment-reminder': 'payments' }

/**
 * The channel's handler: one queued text to the provider. A notification is checked again when it is
 * sent, so a text queued before a STOP (or before text was turned off, or the number changed) is never
 * sent after it: it is settled without leaving. A code goes to the number being verified.
 */
export function smsHandler(sender: (env: Env) => SmsSender = (env) => smsSender(env)): OutboxHandler {
  return handler<TextMessage>(async (env, text, meta) => {
    const notice = NOTICE_OF[text.kind]
    if (notice && (await textNumberFor(env, text.profileId, notice)) !== text.to) {
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
