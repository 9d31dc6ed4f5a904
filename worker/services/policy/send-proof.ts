import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDate, formatPhone } from '../../../shared/format'
import { isPlainMailbox } from '../../../shared/forms/plain-mailbox'
import { OTHER_RECIPIENT, type SendProofForm } from '../../../shared/policy/send-proof'
import { proofForLenderMail, type ProofMailFacts } from '../../integrations/mail/templates'
import { enqueue } from '../outbox/outbox-queue'
import { kickDrain, type Background } from '../outbox/outbox'
import { issueProof } from './proof-of-insurance'
import { proofOfInsuranceKey } from '../../db/policy/document-keys'
import { proofCheckPath, proofFileName } from '../../../shared/policy/proof-of-insurance'
import type { MailAttachment } from '../../integrations/mail/port'
import type { Locale } from '../../../shared/i18n/locale'
import { formatDateIn } from '../../../shared/i18n/format'
import { proofCopyMailIn } from './proof-mails'

/** Where the mails went: the lender's address, and the policyholder's copy (null: none on file). */
export interface SentProof {
  to: string
  copyTo: string | null
}

/**
 * 'Send to my lender' (issue 24): a fresh proof (the download's own function, so its code is stored),
 * its PDF put in R2 (decision 173: the mails carry it by key, never its bytes in D1), then one mail to
 * the address typed and a copy to the policyholder's address on file, both with the PDF attached, queued
 * in one outbox batch under keys of the proof's code (a retried batch queues each once). The object is
 * written before the rows that name it, so a delivery always finds it. Each mail goes to one plain
 * mailbox (issue 31): the form's schema refuses any other address, and a caller that skipped it is a
 * programming error, thrown before anything is issued; an address on file that is not one gets no copy.
 */
export async function sendProof(
  env: Env,
  p: Policy,
  form: SendProofForm,
  now: number,
  background: Background | null,
  copyLocale: Locale = 'en',
): Promise<SentProof> {
  if (!isPlainMailbox(form.email)) throw new Error('sendProof: the lender address is not one plain mailbox (parse the form with sendProofSchema)')
  const mortgagee = form.recipient === OTHER_RECIPIENT ? undefined : p.mortgagees.find((m) => String(m.mortgageeId) === form.recipient)
  const { statements, copyTo } = await proofMailStatements(env, p, { to: form.email, lender: mortgagee }, now, (code) => `proof-mail:${code}`, copyLocale)
  await env.DB.batch(statements)
  await kickDrain(env, background, { channels: ['mail'] })
  return { to: form.email, copyTo }
}

/**
 * The lender's mail and the policyholder's copy, as statements for the caller's own batch (a bound
 * policy change queues them with the change, decision 214): the proof issued and its PDF put in R2
 * first. `keyOf(code)` names the two rows (':lender', ':copy'); a caller whose key does not depend on the
 * code queues each mail once however often it is called. The lender's mail and the PDF are in English (a
 * lender's language is not known; the document of record); the policyholder's copy is written in
 * `copyLocale` when queued (issue 36), so a retried delivery sends the same words.
 */
export async function proofMailStatements(
  env: Env,
  p: Policy,
  send: { to: string; lender: { name: string; loanId: string } | undefined },
  now: number,
  keyOf: (code: string) => string,
  copyLocale: Locale = 'en',
): Promise<{ statements: D1PreparedStatement[]; copyTo: string | null }> {
  if (!isPlainMailbox(send.to)) throw new Error('proofMailStatements: the lender address is not one plain mailbox')
  const proof = await issueProof(env, p, now)
  const pdf: MailAttachment = {
    filename: proofFileName(p.policyID, proof.issuedOn),
    contentType: 'application/pdf',
    r2Key: proofOfInsuranceKey(p.policyID, proof.code),
    size: proof.bytes.byteLength,
  }
  await env.DOCS.put(pdf.r2Key, proof.bytes, {
    httpMetadata: { contentType: pdf.contentType, contentDisposition: `attachment; filename="${pdf.filename}"` },
    customMetadata: { policyId: p.policyID, code: proof.code },
  })
  const facts: ProofMailFacts = {
    insured: `${p.firstName} ${p.lastName}`.trim(),
    policyId: p.policyID,
    code: proof.code,
    issuedOn: formatDate(proof.issuedOn),
    verifyUrl: `${env.PORTAL_BASE_URL.replace(/\/$/, '')}${proofCheckPath(proof.code)}`,
    ...(send.lender ? { lender: { name: send.lender.name, loanId: send.lender.loanId } } : {}),
    supportPhone: formatPhone(env.SUPPORT_PHONE),
    pdf,
  }
  const copyTo = isPlainMailbox(p.email.trim()) ? p.email.trim() : null
  const key = keyOf(proof.code)
  const statements = [enqueue(env.DB, { channel: 'mail', payload: proofForLenderMail(send.to, facts), dedupeKey: `${key}:lender`, at: now })]
  if (copyTo) {
    statements.push(
      enqueue(env.DB, {
        channel: 'mail',
        payload: proofCopyMailIn(copyLocale, copyTo, { ...facts, issuedOn: formatDateIn(copyLocale, proof.issuedOn), sentTo: send.to }),
        dedupeKey: `${key}:copy`,
        at: now,
      }),
    )
  }
  return { statements, copyTo }
}
