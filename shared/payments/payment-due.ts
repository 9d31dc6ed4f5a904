import { isCancelled, type PermissionFacts } from '../policy/permissions'
import { canPayOnline, tooManyTermsDue, type GateFacts } from './gate'
import type { PendingPayment } from './pending'

/**
 * What the payment-due box shows, in the priority order of spec 001 "Payment-due box", with one state
 * the spec does not have (decision 171): after rule 1, a payment still being processed (its outcome not
 * known yet) is said as such, never as an amount due with a Make a Payment button, nor as paid.
 */
export type PaymentDue =
  | { kind: 'contact'; text: 'Cancelled Policy' | 'Please contact your agent to make a payment.' }
  | { kind: 'processing'; amount: number; paymentId: string }
  | { kind: 'message'; text: string }
  | { kind: 'paid'; text: 'Paid in full.' }
  | { kind: 'recent'; text: 'Thank you for your recent payment of'; amount: number }
  | {
      kind: 'due'
      amount: number
      dateLabel: 'Next EFT Draft:' | 'By:'
      date: string
      /** Whether it can be paid online now (shared/payments/gate.ts canPayOnline, the one rule). */
      canPay: boolean
      /** An automatic draft takes it on the date: paying is allowed, never asked for (decision 222). */
      drafts: boolean
    }

export interface PaymentDueFacts extends PermissionFacts, GateFacts {
  paymentMessage: string
  recentPayment: number
  amountDue: number
  pastDue: number
  eftFlag: boolean
  dueDate: string
}

export function paymentDue(p: PaymentDueFacts, pending: PendingPayment | null = null): PaymentDue {
  if (isCancelled(p) || p.previousCancelled || tooManyTermsDue(p)) {
    return { kind: 'contact', text: isCancelled(p) ? 'Cancelled Policy' : 'Please contact your agent to make a payment.' }
  }
  if (pending) return { kind: 'processing', amount: pending.amountCents, paymentId: pending.paymentId }
  if (p.paymentMessage.trim()) return { kind: 'message', text: p.paymentMessage }
  if (p.totalDue <= 0) return { kind: 'paid', text: 'Paid in full.' }
  if (p.recentPayment > 0) return { kind: 'recent', text: 'Thank you for your recent payment of', amount: p.recentPayment }
  return {
    kind: 'due',
    amount: p.amountDue + p.pastDue,
    dateLabel: p.eftFlag ? 'Next EFT Draft:' : 'By:',
    date: p.dueDate,
    canPay: canPayOnline(p),
    drafts: p.eftFlag,
  }
}

/**
 * What the person must pay themselves, or null (decision 222): an amount due that can be paid online and
 * that no automatic draft will take. Account Home's card action and 'What needs your attention' read it.
 */
export function amountToPay(due: PaymentDue): number | null {
  return due.kind === 'due' && due.canPay && !due.drafts && due.amount > 0 ? due.amount : null
}
