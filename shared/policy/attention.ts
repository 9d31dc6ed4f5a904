import { amountToPay, type PaymentDue } from '../payments/payment-due'
import { defineTexts } from '../i18n/catalog'
import { formatDateIn, formatUsdIn } from '../i18n/format'
import type { Locale } from '../i18n/locale'
import { planDescription } from './plans'

/**
 * Account Home's 'What needs your attention' (issue 35 item 6): one list, before the policy cards, of what
 * the person has to do, each one sentence and one way to do it:
 *   - a claim waiting for a document (the documents checklist: a line requested, or another one needed);
 *   - a payment due that the person must make (shared/payments amountToPay: an automatic draft needs nothing);
 *   - documents to sign (e-signature required). A policy that must be signed opens nothing else first (the
 *     landing rule: Make a Payment too waits), so its payment is not an item until it is signed: a 'Pay'
 *     that opens E-Signature would say one thing and do another. Its card still shows the amount due.
 * Built only from what Account Home already reads (the cards' policies and their open claims).
 */
export interface AttentionPolicy {
  policyId: string
  planID: string
  eSignatureRequired: boolean
  /** The payment-due box's state with drafts (shared/payments/payment-due-drafts); null when the document does not read as a policy. */
  due: PaymentDue | null
  /** The open claims, newest first, with the documents still to send for each (the checklist's outstanding lines). */
  claims: readonly { claimNumber: string; documentsWanted: readonly string[] }[]
}

/** How the item's one link acts: Account Home's form opens the policy and goes on (to the claim, Make a Payment, E-Signature). */
type AttentionGo = { claimNumber: string } | { go: 'pay' } | { go: 'sign' }

export interface AttentionItem {
  kind: 'document' | 'payment' | 'sign'
  policyId: string
  text: string
  link: { label: string; to: AttentionGo }
}

/** The items' words (issue 36): the English as issue 35 wrote them, and the Spanish. */
export const ATTENTION_TEXTS = defineTexts(
  {
    heading: 'What needs your attention',
    none: 'Nothing needs your attention right now.',
    oneDocument: (claimNumber: string, wanted: string) => `Claim ${claimNumber} is waiting for a document from you: ${wanted}.`,
    documents: (claimNumber: string, count: number) => `Claim ${claimNumber} is waiting for ${count} documents from you.`,
    sendOne: 'Send the document',
    sendMany: 'Send the documents',
    due: (amount: string, date: string, plan: string, policyId: string) => `${amount} is due by ${date} on your ${plan} policy ${policyId}.`,
    pay: (amount: string) => `Pay ${amount}`,
    sign: (plan: string, policyId: string) => `Your ${plan} policy ${policyId} has documents waiting for your signature.`,
    signLink: 'Sign your documents',
  },
  {
    heading: 'Lo que necesita su atención',
    none: 'Por ahora no hay nada que necesite su atención.',
    oneDocument: (claimNumber, wanted) => `El reclamo ${claimNumber} espera un documento de usted: ${wanted}.`,
    documents: (claimNumber, count) => `El reclamo ${claimNumber} espera ${count} documentos de usted.`,
    sendOne: 'Enviar el documento',
    sendMany: 'Enviar los documentos',
    due: (amount, date, plan, policyId) => `Debe pagar ${amount} a más tardar el ${date} en su póliza ${policyId} (${plan}).`,
    pay: (amount) => `Pagar ${amount}`,
    sign: (plan, policyId) => `Su póliza ${policyId} (${plan}) tiene documentos que esperan su firma.`,
    signLink: 'Firmar sus documentos',
  },
)

function documentItem(locale: Locale, policyId: string, claimNumber: string, wanted: readonly string[]): AttentionItem {
  const t = ATTENTION_TEXTS[locale]
  const one = wanted.length === 1
  return {
    kind: 'document',
    policyId,
    text: one ? t.oneDocument(claimNumber, wanted[0]!) : t.documents(claimNumber, wanted.length),
    link: { label: one ? t.sendOne : t.sendMany, to: { claimNumber } },
  }
}

function paymentItem(locale: Locale, p: AttentionPolicy, amount: number, date: string): AttentionItem {
  const t = ATTENTION_TEXTS[locale]
  return {
    kind: 'payment',
    policyId: p.policyId,
    text: t.due(formatUsdIn(locale, amount), formatDateIn(locale, date), planDescription(p.planID, locale), p.policyId),
    link: { label: t.pay(formatUsdIn(locale, amount)), to: { go: 'pay' } },
  }
}

function signItem(locale: Locale, p: AttentionPolicy): AttentionItem {
  const t = ATTENTION_TEXTS[locale]
  return {
    kind: 'sign',
    policyId: p.policyId,
    text: t.sign(planDescription(p.planID, locale), p.policyId),
    link: { label: t.signLink, to: { go: 'sign' } },
  }
}

/** The items in the order a person after a loss needs them: claims' documents, then payments, then signatures; policies in the cards' order. */
export function attentionItems(policies: readonly AttentionPolicy[], locale: Locale = 'en'): AttentionItem[] {
  const documents = policies.flatMap((p) =>
    p.claims.filter((c) => c.documentsWanted.length > 0).map((c) => documentItem(locale, p.policyId, c.claimNumber, c.documentsWanted)),
  )
  const payments = policies.flatMap((p) => {
    const amount = p.due && !p.eSignatureRequired ? amountToPay(p.due) : null
    return amount !== null && p.due?.kind === 'due' ? [paymentItem(locale, p, amount, p.due.date)] : []
  })
  const signatures = policies.filter((p) => p.eSignatureRequired).map((p) => signItem(locale, p))
  return [...documents, ...payments, ...signatures]
}
