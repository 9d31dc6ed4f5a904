import { formatDate } from '../format'

/**
 * What to do instead, wherever the portal says it cannot do something (issue 21 item 1: never a dead
 * end without a number to call). The spec's own texts stay as they are; these follow them, and the page
 * puts the phone number after each as a tap-to-call link.
 */
export const DEAD_END_TEXT = {
  /** After spec 001's flood-balance message on Report a Claim. */
  floodBalanceCall: 'To report a loss now, call our claims line, 24 hours a day:',
  floodBalancePay: 'Or pay the balance, then report the claim here:',
  /** A cancelled policy: a loss from before the cancellation is still covered and can be reported. */
  cancelledPriorLoss: 'A loss that happened before then can still be reported by phone, 24 hours a day:',
  /** A policy whose claims cannot be reported online (cancelled, excess flood): under the policy menu. */
  claimByPhone: 'Report a claim by phone, 24 hours a day:',
  /** Make a Payment without JavaScript, before anyone types a card number. */
  payByPhone: 'To pay by phone, call',
} as const

/** 'Cancelled since {date}.' when the cancellation's date is known (issue 21 item 1), else 'This policy is cancelled.' */
export function cancelledSinceText(cancellationDate: string | undefined): string {
  return cancellationDate ? `Cancelled since ${formatDate(cancellationDate)}.` : 'This policy is cancelled.'
}

/** 'Call your agent, {name}:' (the name left out when there is none). */
export function callAgentText(agentName: string): string {
  const name = agentName.trim()
  return `Call your agent${name ? `, ${name}` : ''}:`
}
