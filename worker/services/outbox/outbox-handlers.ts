import type { Env } from '../../env'
import type { MailMessage } from '../../integrations/mail/port'
import { deliverMail, settledMail } from './deliver-mail'
import { handler, type OutboxHandler } from './outbox-delivery'
import type { OutboxChannel } from './outbox-queue'
import { partnerLogHandler, type PartnerLogPayload } from '../sso/partner-log-delivery'
import { paymentSettleHandler } from '../payments/payment-settlement'
import { claimNoticeHandler } from '../claims/claim-notice'
import { vendorDispatchHandler } from '../claims/vendor-dispatch'
import { claimDocumentHandler } from '../claims/claim-document'
import { optOutHandler } from '../sso/opt-out-delivery'
import { autopayDraftHandler } from '../payments/autopay-run'
import { claimMessageHandler } from '../claims/claim-messages'
import { claimAdvanceHandler } from '../claims/claim-advances'
import { claimLinkHandler } from '../claims/paired-claims'
import { settledText, smsHandler } from '../notifications/texts'
import type { TextMessage } from '../../integrations/sms'
import { claimPayoutHandler } from '../claims/claim-payout'

/**
 * How each outbox channel leaves the system (the handler contract: services/outbox-delivery.ts).
 * Adding a channel is one line in OUTBOX_HANDLERS (and, when its rows must forget something once
 * settled, one in OUTBOX_SETTLED_PAYLOAD). Every channel has its handler (the type says so): a message
 * queued where nothing delivers it would be a lost message.
 * No handler may import services/outbox.ts (the drain imports this table): they queue messages with
 * services/outbox-queue.ts.
 */
export const OUTBOX_HANDLERS: Record<OutboxChannel, OutboxHandler> = {
  mail: handler<MailMessage>((env, message, meta) => deliverMail(env, message, meta.id)),
  'partner-log': partnerLogHandler(),
  'payment-settle': paymentSettleHandler(),
  'claim-notice': claimNoticeHandler(),
  'vendor-dispatch': vendorDispatchHandler(),
  'claim-document': claimDocumentHandler(),
  'opt-out': optOutHandler(),
  'autopay-draft': autopayDraftHandler(),
  'claim-message': claimMessageHandler(),
  'claim-advance': claimAdvanceHandler(),
  sms: smsHandler(),
  'claim-link': claimLinkHandler(),
  'claim-payout': claimPayoutHandler(),
}

/** What a delivered or dead row keeps of its payload, per channel (default: all of it). */
export const OUTBOX_SETTLED_PAYLOAD: Partial<Record<OutboxChannel, (env: Env, payload: unknown) => unknown>> = {
  mail: (env, payload) => settledMail(env, payload as MailMessage),
  'partner-log': (_env, payload) => ({ ...(payload as PartnerLogPayload), token: null }),
  sms: (env, payload) => settledText(env, payload as TextMessage),
}
