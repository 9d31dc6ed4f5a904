/**
 * The mail port (ARCHITECTURE section 6). Services queue a message (written to the D1 outbox first);
 * a transport then delivers it: the HTTP adapter to the transactional mail API in production, the local
 * stand-in everywhere else (the message stays in the outbox, where the dev mailbox page shows it).
 */
export type MailKind =
  | 'password-reset'
  | 'password-changed'
  | 'email-changed'
  | 'payment-receipt'
  | 'payment-not-completed'
  | 'claim-reported'
  | 'claim-update'
  | 'proof-of-loss-reminder'
  | 'proof-of-insurance'
  | 'proof-of-insurance-copy'
  | 'sign-in-code'
  | 'new-device-sign-in'
  | 'two-step-changed'
  | 'passkeys-changed'

export interface MailMessage {
  kind: MailKind
  to: string
  subject: string
  /** Plain text; may hold a single-use link, so it is never logged. */
  text: string
}

export interface OutgoingMail extends MailMessage {
  from: string
  /** Stable per outbox row, so a retried delivery is not sent twice by a provider that honours it. */
  idempotencyKey: string
}

export interface MailTransport {
  readonly name: 'http' | 'local'
  /**
   * Whether the outbox keeps the body after delivery. The real adapter drops it (a reset link must not
   * outlive its delivery in the database); the local stand-in keeps it for the dev mailbox.
   */
  readonly keepsBody: boolean
  /** Throws when the message was not accepted. */
  deliver(mail: OutgoingMail): Promise<void>
}
