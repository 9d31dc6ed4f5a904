import { formatDate, formatUsd } from '../format'
import { amountToPay, type PaymentDue } from '../payments/payment-due'
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

function documentItem(policyId: string, claimNumber: string, wanted: readonly string[]): AttentionItem {
  const one = wanted.length === 1
  return {
    kind: 'document',
    policyId,
    text: one
      ? `Claim ${claimNumber} is waiting for a document from you: ${wanted[0]}.`
      : `Claim ${claimNumber} is waiting for ${wanted.length} documents from you.`,
    link: { label: one ? 'Send the document' : 'Send the documents', to: { claimNumber } },
  }
}

function paymentItem(p: AttentionPolicy, amount: number, date: string): AttentionItem {
  return {
    kind: 'payment',
    policyId: p.policyId,
    text: `${formatUsd(amount)} is due by ${formatDate(date)} on your ${planDescription(p.planID)} policy ${p.policyId}.`,
    link: { label: `Pay ${formatUsd(amount)}`, to: { go: 'pay' } },
  }
}

function signItem(p: AttentionPolicy): AttentionItem {
  return {
    kind: 'sign',
    policyId: p.policyId,
    text: `Your ${planDescription(p.planID)} policy ${p.policyId} has documents waiting for your signature.`,
    link: { label: 'Sign your documents', to: { go: 'sign' } },
  }
}

/** The items in the order a person after a loss needs them: claims' documents, then payments, then signatures; policies in the cards' order. */
export function attentionItems(policies: readonly AttentionPolicy[]): AttentionItem[] {
  const documents = policies.flatMap((p) =>
    p.claims.filter((c) => c.documentsWanted.length > 0).map((c) => documentItem(p.policyId, c.claimNumber, c.documentsWanted)),
  )
  const payments = policies.flatMap((p) => {
    const amount = p.due && !p.eSignatureRequired ? amountToPay(p.due) : null
    return amount !== null && p.due?.kind === 'due' ? [paymentItem(p, amount, p.due.date)] : []
  })
  const signatures = policies.filter((p) => p.eSignatureRequired).map(signItem)
  return [...documents, ...payments, ...signatures]
}

export const NOTHING_NEEDS_ATTENTION = 'Nothing needs your attention right now.'
