import { formatUsd } from '../format'

/**
 * The payment amount rules (spec 001 section 5 "Payment (common)", section 9), in cents:
 * - not flood: at least the past-due amount, or $1 when nothing is past due; at most the total due,
 *   capped at $15,000 per payment;
 * - flood: exactly the total due, capped at $15,000.
 */
const PAYMENT_CAP_CENTS = 1_500_000
const MIN_PAYMENT_CENTS = 100

export type AmountRule = { kind: 'range'; minCents: number; maxCents: number } | { kind: 'exact'; cents: number }

export interface AmountFacts {
  isFlood: boolean
  totalDueCents: number
  pastDueCents: number
}

/**
 * The rule for a policy. The spec's minimum can exceed its maximum (more past due than the $15,000
 * cap, or less than $1 due in total); the minimum then comes down to the maximum so that one amount
 * is always payable (docs/decisions/110).
 */
export function amountRule({ isFlood, totalDueCents, pastDueCents }: AmountFacts): AmountRule {
  const max = Math.max(0, Math.min(totalDueCents, PAYMENT_CAP_CENTS))
  if (isFlood) return { kind: 'exact', cents: max }
  const min = pastDueCents > 0 ? pastDueCents : MIN_PAYMENT_CENTS
  return { kind: 'range', minCents: Math.min(min, max), maxCents: max }
}

/** What the amount field starts with: the amount the payment-due box shows, within the rule. */
export function suggestedAmountCents(rule: AmountRule, dueCents: number): number {
  if (rule.kind === 'exact') return rule.cents
  return Math.min(Math.max(dueCents, rule.minCents), rule.maxCents)
}

export type AmountProblem =
  | { kind: 'too-low'; boundCents: number }
  | { kind: 'too-high'; boundCents: number }
  | { kind: 'flood-too-low' }
  | { kind: 'flood-too-high'; boundCents: number }

/** Whether an amount (cents) breaks the rule, and how. */
export function amountProblem(rule: AmountRule, cents: number): AmountProblem | null {
  if (rule.kind === 'exact') {
    if (cents < rule.cents) return { kind: 'flood-too-low' }
    if (cents > rule.cents) return { kind: 'flood-too-high', boundCents: rule.cents }
    return null
  }
  if (cents < rule.minCents) return { kind: 'too-low', boundCents: rule.minCents }
  if (cents > rule.maxCents) return { kind: 'too-high', boundCents: rule.maxCents }
  return null
}

/** `{amount}` in the messages: dollars like $1,234.56. */
export const formatAmount = formatUsd
