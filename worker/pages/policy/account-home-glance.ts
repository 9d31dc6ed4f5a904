import type { Policy } from '../../../shared/policy/schemas/policy'
import { isCancelled } from '../../../shared/policy/permissions'
import { paymentDueWithDrafts } from '../../../shared/payments/payment-due-drafts'
import { amountToPay, type PaymentDue } from '../../../shared/payments/payment-due'
import type { PendingPayment } from '../../../shared/payments/pending'
import { dueTextIn, dueWordsIn } from '../../../shared/payments/texts/payment-due'
import { paymentOutcomeTexts } from '../../../shared/payments/texts/outcome'
import type { Locale } from '../../../shared/i18n/locale'
import type { AutopayFacts } from '../../../shared/payments/autopay'
import type { NextActionFacts } from '../../../shared/policy/next-action'

type GlanceTone = 'success' | 'info' | 'warning' | 'danger'

/** What an Account Home card shows beyond the spec's lines: status, what is due, and what to do next. */
export interface PolicyGlance {
  status: { label: 'Active' | 'Cancelled' | 'Pending'; tone: GlanceTone }
  /** The amount due and its date (rule 5 of the payment-due box), else the box's own words. */
  due: ({ amount: number; dateLabel: string; date: string } | { text: string }) & { eftNote?: string | null }
  next: { label: 'E-Signature Required' | 'Payment Due'; tone: GlanceTone } | null
  /** What the card's one action is chosen from (shared/policy/next-action), less the open claim, read apart. */
  action: Omit<NextActionFacts, 'openClaim'>
  /** The payment-due box's state with drafts, which 'What needs your attention' reads (shared/policy/attention). */
  paymentDue: PaymentDue
}

/**
 * Cancelled when the status says so; pending when it says so or the term has not started yet in the
 * policy's state (`today` is that state's local date, from shared/clock); active otherwise.
 */
export function policyStatusOf(p: Pick<Policy, 'policyStatus' | 'effectiveDate'>, today: string): PolicyGlance['status'] {
  if (isCancelled(p)) return { label: 'Cancelled', tone: 'danger' }
  if (/pending/i.test(p.policyStatus) || p.effectiveDate > today) return { label: 'Pending', tone: 'info' }
  return { label: 'Active', tone: 'success' }
}

/** The card's one line when nothing is due: the box's words, without the amount a recent payment's line ends on. */
function glanceDueText(box: PaymentDue, locale: Locale): string {
  if (box.kind === 'processing') return paymentOutcomeTexts[locale].processing(box.amount)
  return box.kind === 'recent' ? dueTextIn(locale, box).replace(/ (?:of|de)$/, '') : dueTextIn(locale, box)
}

/**
 * `pending`: a payment on the policy still being processed (decision 171): the card says so instead of an
 * amount due. `autopay`: its automatic payments (issue 22), which decide whether a draft comes, as in the
 * payment-due box.
 */
export function policyGlance(
  p: Policy,
  today: string,
  pending: PendingPayment | null = null,
  autopay: AutopayFacts | null = null,
  locale: Locale = 'en',
): PolicyGlance {
  const { due: box, eftNote } = paymentDueWithDrafts(p, pending, autopay, dueWordsIn(locale))
  // Only what the person must pay themselves (decision 222): a draft that will take it asks nothing of them.
  const toPay = amountToPay(box)
  const due: PolicyGlance['due'] =
    box.kind === 'due'
      ? { amount: box.amount, dateLabel: box.dateLabel, date: box.date, eftNote }
      : {
          text: glanceDueText(box, locale),
          ...(eftNote ? { eftNote } : {}),
        }
  const next: PolicyGlance['next'] = p.eSignatureRequired
    ? { label: 'E-Signature Required', tone: 'warning' }
    : toPay !== null
      ? { label: 'Payment Due', tone: p.pastDue > 0 ? 'warning' : 'info' }
      : null
  const action = {
    eSignatureRequired: p.eSignatureRequired,
    payable: toPay,
    contactAgent: box.kind === 'contact' ? { name: p.agentName, phone: p.agentPhone } : null,
  }
  return { status: policyStatusOf(p, today), due, next, action, paymentDue: box }
}
