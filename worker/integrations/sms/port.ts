/**
 * The SMS port (issue 32 item 5, decision 209). Services queue a text in the outbox (channel 'sms');
 * the HTTP adapter (./http.ts) hands it to the SMS provider's API: the carrier's when deployed, the
 * stand-in's locally (worker/dev/sms.ts, whose page at /__dev/sms lists what arrived). The provider
 * tells the portal of replies (STOP) through its signed inbound webhook (./webhook-signature.ts).
 */
export type TextKind = 'phone-code' | 'claim-update' | 'payment-reminder'

export interface TextMessage {
  kind: TextKind
  /** E.164. */
  to: string
  /** Short, plain; may hold a code, so it is never logged and a deployed outbox forgets it once settled. */
  text: string
  /** The profile it is for: the handler checks, when it is sent, that the number has not sent STOP since. */
  profileId: string
}

export interface OutgoingText {
  to: string
  text: string
  /** Stable per outbox row, so a retried delivery is not sent twice by a provider that honours it. */
  idempotencyKey: string
}

export interface SmsSender {
  /** Throws when the provider did not accept the text. */
  send(text: OutgoingText): Promise<void>
}
