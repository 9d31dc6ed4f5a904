/**
 * The mail port (ARCHITECTURE section 6). Services queue a message (written to the D1 outbox first);
 * the HTTP adapter then delivers it to the transactional mail API: the carrier's when deployed, the
 * stand-in's locally (worker/dev/mail-api.ts, whose mailbox page shows what arrived; decision 191).
 */
type MailKind =
  | 'password-reset'
  | 'password-changed'
  | 'email-changed'
  | 'payment-receipt'
  | 'payment-not-completed'
  | 'claim-reported'
  | 'claim-update'
  | 'claim-message'
  | 'proof-of-loss-reminder'
  | 'proof-of-insurance'
  | 'proof-of-insurance-copy'
  | 'paperless-new-document'
  | 'autopay-enrolled'
  | 'autopay-stopped'
  | 'autopay-declined'
  | 'payment-reminder'
  | 'sign-in-code'
  | 'new-device-sign-in'
  | 'two-step-changed'
  | 'passkeys-changed'
  | 'policy-change'
  | 'esign-confirmation'

/**
 * A file a message carries, by reference: the outbox row holds its R2 key (bucket DOCS), name, type and
 * size, never its bytes (a D1 row stays small; the object is written before the row that names it).
 * The bytes are read at delivery (deliver.ts), so every retry sends the same file.
 */
export interface MailAttachment {
  filename: string
  contentType: 'application/pdf'
  r2Key: string
  /** Bytes, for the dev mailbox and the size cap. */
  size: number
}

export interface MailMessage {
  kind: MailKind
  to: string
  subject: string
  /** Plain text; may hold a single-use link, so it is never logged. */
  text: string
  attachments?: MailAttachment[]
}

/** An attachment as a transport sends it: the bytes read from R2. */
export interface OutgoingAttachment {
  filename: string
  contentType: string
  content: Uint8Array
}

export interface OutgoingMail extends Omit<MailMessage, 'attachments'> {
  from: string
  /** Stable per outbox row, so a retried delivery is not sent twice by a provider that honours it. */
  idempotencyKey: string
  attachments?: OutgoingAttachment[]
}

export interface MailTransport {
  readonly name: 'http'
  /** Throws when the message was not accepted. */
  deliver(mail: OutgoingMail): Promise<void>
}
