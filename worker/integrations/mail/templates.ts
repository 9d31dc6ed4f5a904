import type { MailMessage } from './port'
import { RECEIPT_THANKS, receiptFacts, receiptQuestions, type PaymentReceipt } from '../../../shared/payments/receipt'

/** The emails the portal sends. Plain text: nothing to render, nothing to inject. */
export function passwordResetMail(to: string, link: string, validMinutes: number): MailMessage {
  return {
    kind: 'password-reset',
    to,
    subject: 'Reset your ProgHome password',
    text: [
      'We received a request to reset the password of your ProgHome policyholder profile.',
      '',
      `To choose a new password, open this link within ${validMinutes} minutes. It works once:`,
      link,
      '',
      'If you did not ask for this, you can ignore this email: your password has not changed.',
    ].join('\n'),
  }
}

export function passwordChangedMail(to: string, supportPhone: string): MailMessage {
  return {
    kind: 'password-changed',
    to,
    subject: 'Your ProgHome password was changed',
    text: [
      'The password of your ProgHome policyholder profile was just changed, and every signed-in session was signed out.',
      '',
      `If you did not do this, call us at ${supportPhone}.`,
    ].join('\n'),
  }
}

export function emailChangedMail(to: string, newEmail: string, supportPhone: string): MailMessage {
  return {
    kind: 'email-changed',
    to,
    subject: 'Your ProgHome email address was changed',
    text: [
      `The email address of your ProgHome policyholder profile was changed to ${newEmail}.`,
      'Password reset emails will go to the new address from now on.',
      '',
      `If you did not do this, call us at ${supportPhone}.`,
    ].join('\n'),
  }
}

/**
 * The payment receipt (issue 11), queued in the outbox when a payment is approved. The card or account
 * appears as brand and last four only; a bank payment repeats the authorization the payer accepted.
 * `receiptUrl` is the PDF's address on the portal (behind the login), when there is one.
 */
export function paymentReceiptMail(to: string, receipt: PaymentReceipt, receiptUrl?: string): MailMessage {
  const lines = [RECEIPT_THANKS, '', ...receiptFacts(receipt).map(([label, value]) => `${label}: ${value}`)]
  if (receipt.method.kind === 'bank' && receipt.authorizationText) lines.push('', 'Bank account authorization:', receipt.authorizationText)
  if (receiptUrl) lines.push('', `Download this receipt as a PDF (after logging in): ${receiptUrl}`)
  lines.push('', 'Please keep this email for your records.', receiptQuestions(receipt.supportPhone))
  return {
    kind: 'payment-receipt',
    to,
    subject: `Your ProgHome payment receipt, confirmation ${receipt.confirmationNumber}`,
    text: lines.join('\n'),
  }
}

/**
 * The confirmation of a reported claim (issue 10), queued in the outbox in the claim's own write batch,
 * to the address typed in the claim and to the address on file. It holds nothing a sender chooses freely
 * (issue 20 item 3: it must not relay a stranger's words): the policy from the address, the date of loss
 * the schema took as a date and nothing after it, the cause from the claims matrix, and how many files
 * came (never their names).
 */
export function claimReportedMail(
  to: string,
  c: { claimNumber: string; policyId: string; lossDate: string; peril: string; fileCount: number; claimsPhone: string },
): MailMessage {
  const lines = [
    `Thank you for reporting your claim. Your claim number is ${c.claimNumber}.`,
    '',
    `Policy: ${c.policyId}`,
    `Date of loss: ${c.lossDate}`,
    `Cause of loss: ${c.peril}`,
  ]
  if (c.fileCount > 0) lines.push(`Files received: ${c.fileCount}`)
  lines.push(
    '',
    'A claims representative will contact you within 48 business hours.',
    `Please have your claim number ready when you call our claims line at ${c.claimsPhone}.`,
  )
  return { kind: 'claim-reported', to, subject: `Your ProgHome claim ${c.claimNumber} has been reported`, text: lines.join('\n') }
}
