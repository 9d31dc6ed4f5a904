import { formatPhone } from '../../../shared/format'
import type { MailAttachment, MailMessage } from './port'
import type { Locale } from '../../../shared/i18n/locale'
import { identityMailTexts } from './identity-mail-texts'

/** The emails the portal sends. Plain text: nothing to render, nothing to inject. Identity's are written in the profile's language (issue 36). */
export function passwordResetMail(to: string, link: string, validMinutes: number, locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  return {
    kind: 'password-reset',
    to,
    subject: t.resetSubject,
    text: [t.resetIntro, '', t.resetOpen(validMinutes), link, '', t.resetIgnore].join('\n'),
  }
}

export function passwordChangedMail(to: string, supportPhone: string, locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  return {
    kind: 'password-changed',
    to,
    subject: t.passwordChangedSubject,
    text: [t.passwordChanged, t.passwordChangedKept, t.passwordChangedPasskeys, '', t.notYouCall(formatPhone(supportPhone))].join('\n'),
  }
}

export function emailChangedMail(to: string, newEmail: string, supportPhone: string, locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  return {
    kind: 'email-changed',
    to,
    subject: t.emailChangedSubject,
    text: [t.emailChanged(newEmail), t.emailChangedResets, '', t.notYouCall(formatPhone(supportPhone))].join('\n'),
  }
}

/** Every claim mail's link to the claim (issue 32 item 3): its one address, which opens it after sign-in. */
const claimLinkLine = (claimUrl: string) => `See your claim in ProgHome: ${claimUrl}`

/**
 * The confirmation of a reported claim (issue 10), queued in the outbox in the claim's own write batch,
 * to the address typed in the claim and to the address on file. It holds nothing a sender chooses freely
 * (issue 20 item 3: it must not relay a stranger's words): the policy from the address, the date of loss
 * the schema took as a date and nothing after it, the cause from the claims matrix, and how many files
 * came (never their names).
 */
export function claimReportedMail(
  to: string,
  c: { claimNumber: string; policyId: string; lossDate: string; peril: string; fileCount: number; claimsPhone: string; claimUrl: string },
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
    `Please have your claim number ready when you call our claims line at ${formatPhone(c.claimsPhone)}.`,
    '',
    claimLinkLine(c.claimUrl),
  )
  return { kind: 'claim-reported', to, subject: `Your ProgHome claim ${c.claimNumber} has been reported`, text: lines.join('\n') }
}

/**
 * A text the claims system sent (an adjuster's name, a document asked for) as one line of at most `max`
 * characters: no line breaks or control characters, so it cannot add lines of its own to the mail.
 */
function oneLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** What a claim update says happened: the facts of the event the policyholder needs, nothing else. */
export type ClaimUpdateFact =
  | { type: 'adjuster.assigned'; adjuster: { name: string; phone: string; email: string } }
  | { type: 'documents.requested'; items: string[] }
  | { type: 'inspection.scheduled'; date: string }
  | { type: 'payment.issued'; amount: string; method: string }
  | { type: 'claim.closed' }
  | { type: 'document.another-needed'; fileName: string; item: string | null }

function happened(claimNumber: string, f: ClaimUpdateFact): string[] {
  switch (f.type) {
    case 'adjuster.assigned':
      return [
        `An adjuster has been assigned to your claim ${claimNumber}:`,
        oneLine(f.adjuster.name, 120),
        `Phone: ${formatPhone(oneLine(f.adjuster.phone, 30))}`,
        `Email: ${oneLine(f.adjuster.email, 200)}`,
      ]
    case 'documents.requested':
      return [`Your adjuster has asked for these documents for your claim ${claimNumber}:`, ...f.items.slice(0, 20).map((i) => `- ${oneLine(i, 200)}`)]
    case 'inspection.scheduled':
      return [`An inspection of the damage for your claim ${claimNumber} is scheduled for ${f.date}.`]
    case 'payment.issued':
      return [`A payment of ${f.amount} has been issued on your claim ${claimNumber} (${f.method}).`]
    case 'claim.closed':
      return [`Your claim ${claimNumber} has been closed. You can see why on the claim's page in ProgHome.`]
    case 'document.another-needed':
      return [
        `Your adjuster needs another document in place of ${oneLine(f.fileName, 255)} for your claim ${claimNumber}${f.item ? ':' : '.'}`,
        ...(f.item ? [`- ${oneLine(f.item, 200)}`] : []),
      ]
  }
}

export const SUBJECTS: Record<ClaimUpdateFact['type'], string> = {
  'adjuster.assigned': 'an adjuster has been assigned',
  'documents.requested': 'documents requested',
  'inspection.scheduled': 'inspection scheduled',
  'payment.issued': 'payment issued',
  'claim.closed': 'claim closed',
  'document.another-needed': 'another document needed',
}

/** A change on a claim the policyholder should hear of (issue 19 item 5): what happened, what happens next, whom to call. */
export function claimUpdateMail(
  to: string,
  c: {
    claimNumber: string
    quote: string
    fact: ClaimUpdateFact
    next: string
    by: { label: string; date: string } | null
    claimsPhone: string
    claimUrl: string
  },
): MailMessage {
  const lines = [
    ...happened(c.claimNumber, c.fact),
    '',
    `What happens next: ${c.next}`,
    ...(c.by ? [`${c.by.label}: ${c.by.date}`] : []),
    '',
    claimLinkLine(c.claimUrl),
    `Questions? Call our claims line at ${formatPhone(c.claimsPhone)} and quote claim number ${c.quote}.`,
  ]
  return { kind: 'claim-update', to, subject: `Your ProgHome claim ${c.claimNumber}: ${SUBJECTS[c.fact.type]}`, text: lines.join('\n') }
}

/** The Proof of Loss reminder of a flood claim, 14 and 3 days before it is due (issue 19 item 7). */
export function proofOfLossReminderMail(
  to: string,
  c: { claimNumber: string; quote: string; due: string; daysLeft: number; claimsPhone: string; claimUrl: string },
): MailMessage {
  const left = c.daysLeft === 1 ? '1 day' : `${c.daysLeft} days`
  return {
    kind: 'proof-of-loss-reminder',
    to,
    subject: `Your flood claim ${c.claimNumber}: proof of loss due by ${c.due}`,
    text: [
      `Your proof of loss for flood claim ${c.claimNumber} is due by ${c.due}, in ${left}.`,
      '',
      'A proof of loss is your signed and sworn statement of the amount you are claiming under your flood policy. Your adjuster can help you prepare it.',
      `The insurer can extend this deadline in writing. If you need more time, call us at ${formatPhone(c.claimsPhone)} before the date and quote claim number ${c.quote}.`,
      '',
      claimLinkLine(c.claimUrl),
    ].join('\n'),
  }
}

/** What a proof-of-insurance mail says (issue 24): the policy's own facts, never words a sender types. */
export interface ProofMailFacts {
  insured: string
  policyId: string
  code: string
  issuedOn: string
  verifyUrl: string
  /** The mortgagee chosen on the form, from the policy of record. */
  lender?: { name: string; loanId: string }
  supportPhone: string
  /** The proof's PDF, stored in R2 before the mail is queued (decision 173). */
  pdf: MailAttachment
}

/** 'Send to my lender' (issue 24): the proof as a PDF attachment, its verification code and where to check it. */
export function proofForLenderMail(to: string, f: ProofMailFacts): MailMessage {
  return {
    kind: 'proof-of-insurance',
    to,
    subject: `Proof of insurance for policy ${f.policyId}`,
    text: [
      `${f.insured}, the named insured of ProgHome policy ${f.policyId}, asked us to send you proof of insurance.`,
      ...(f.lender ? [`For: ${f.lender.name}${f.lender.loanId ? `, loan ${f.lender.loanId}` : ''}`] : []),
      `The proof of insurance is attached as a PDF: ${f.pdf.filename}`,
      '',
      `Verification code: ${f.code} (made ${f.issuedOn})`,
      `Check that it is genuine and that the policy is in force, without signing in: ${f.verifyUrl}`,
      '',
      `Questions? Call us at ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
    attachments: [f.pdf],
  }
}

/** The policyholder's copy: to whom it went, the same code and the same PDF. */
export function proofCopyMail(to: string, f: ProofMailFacts & { sentTo: string }): MailMessage {
  return {
    kind: 'proof-of-insurance-copy',
    to,
    subject: `Your proof of insurance was sent to ${f.sentTo}`,
    text: [
      `As you asked, we sent proof of insurance for your policy ${f.policyId} to ${f.sentTo}.`,
      ...(f.lender ? [`For: ${f.lender.name}`] : []),
      `A copy of what we sent is attached: ${f.pdf.filename}`,
      '',
      `Verification code: ${f.code} (made ${f.issuedOn})`,
      `Anyone can check it at ${f.verifyUrl}`,
      '',
      `If you did not ask for this, call us at ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
    attachments: [f.pdf],
  }
}
