import { formatPhone } from '../../../shared/format'
import type { MailAttachment, MailMessage } from './port'
import type { Locale } from '../../../shared/i18n/locale'
import { identityMailTexts } from './identity-mail-texts'
import { claimMailTexts } from './claim-mail-texts'

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
  locale: Locale = 'en',
): MailMessage {
  const t = claimMailTexts[locale]
  const lines = [t.reportedThanks(c.claimNumber), '', t.policy(c.policyId), t.dateOfLoss(c.lossDate), t.causeOfLoss(c.peril)]
  if (c.fileCount > 0) lines.push(t.filesReceived(c.fileCount))
  lines.push('', t.contactPromise, t.haveNumberReady(formatPhone(c.claimsPhone)), '', t.linkLine(c.claimUrl))
  return { kind: 'claim-reported', to, subject: t.reportedSubject(c.claimNumber), text: lines.join('\n') }
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

function happened(claimNumber: string, f: ClaimUpdateFact, locale: Locale): string[] {
  const t = claimMailTexts[locale]
  switch (f.type) {
    case 'adjuster.assigned':
      return [
        t.adjusterAssigned(claimNumber),
        oneLine(f.adjuster.name, 120),
        t.phone(formatPhone(oneLine(f.adjuster.phone, 30))),
        t.email(oneLine(f.adjuster.email, 200)),
      ]
    case 'documents.requested':
      return [t.documentsAsked(claimNumber), ...f.items.slice(0, 20).map((i) => `- ${oneLine(i, 200)}`)]
    case 'inspection.scheduled':
      return [t.inspection(claimNumber, f.date)]
    case 'payment.issued':
      return [t.payment(claimNumber, f.amount, f.method)]
    case 'claim.closed':
      return [t.closed(claimNumber)]
    case 'document.another-needed':
      return [t.anotherNeeded(oneLine(f.fileName, 255), claimNumber, f.item ? ':' : '.'), ...(f.item ? [`- ${oneLine(f.item, 200)}`] : [])]
  }
}

/** What each update is, as its subject and its text say it (English; claimMailTexts has both languages). */
export const SUBJECTS: Record<ClaimUpdateFact['type'], string> = {
  'adjuster.assigned': claimMailTexts.en['adjuster.assigned'],
  'documents.requested': claimMailTexts.en['documents.requested'],
  'inspection.scheduled': claimMailTexts.en['inspection.scheduled'],
  'payment.issued': claimMailTexts.en['payment.issued'],
  'claim.closed': claimMailTexts.en['claim.closed'],
  'document.another-needed': claimMailTexts.en['document.another-needed'],
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
  locale: Locale = 'en',
): MailMessage {
  const t = claimMailTexts[locale]
  const lines = [
    ...happened(c.claimNumber, c.fact, locale),
    '',
    t.whatNext(c.next),
    ...(c.by ? [`${c.by.label}: ${c.by.date}`] : []),
    '',
    t.linkLine(c.claimUrl),
    t.questions(formatPhone(c.claimsPhone), c.quote),
  ]
  return { kind: 'claim-update', to, subject: t.updateSubject(c.claimNumber, t[c.fact.type]), text: lines.join('\n') }
}

/** The Proof of Loss reminder of a flood claim, 14 and 3 days before it is due (issue 19 item 7). */
export function proofOfLossReminderMail(
  to: string,
  c: { claimNumber: string; quote: string; due: string; daysLeft: number; claimsPhone: string; claimUrl: string },
  locale: Locale = 'en',
): MailMessage {
  const t = claimMailTexts[locale]
  const left = c.daysLeft === 1 ? t.oneDay : t.days(c.daysLeft)
  return {
    kind: 'proof-of-loss-reminder',
    to,
    subject: t.proofSubject(c.claimNumber, c.due),
    text: [t.proofDue(c.claimNumber, c.due, left), '', t.proofWhat, t.proofMoreTime(formatPhone(c.claimsPhone), c.quote), '', t.linkLine(c.claimUrl)].join(
      '\n',
    ),
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
