/**
 * How much an advance can be (issue 33 item 2, decision 211). ONE rule, used by the claim page's forms,
 * the /v1 operation and the tests.
 *
 * Flood: FEMA's NFIP advance payments (the rule FEMA has announced after each large flood since 2018,
 * Hurricane Florence, and again after Idalia and Helene): up to $5,000 once the claim is reported, without
 * documents; up to $20,000 with photos or videos of the damage, receipts for out-of-pocket expenses, or a
 * contractor's itemized estimate. The advance is deducted from the final claim payment.
 *
 * Homeowners: additional living expenses (loss of use, Coverage D) are paid on receipts, for someone who
 * cannot live in the home; the portal sets no dollar ceiling of its own (the policy's Coverage D limit
 * is the claims system's to apply), only the largest amount one request may name.
 */
export const FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS = 5_000_00
export const FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS = 20_000_00
/** One living-expenses request at most (a typing slip of extra zeros is told, not sent). */
const LIVING_EXPENSES_REQUEST_MAX_CENTS = 50_000_00

export type AdvanceKind = 'flood-advance' | 'living-expenses'

export const ADVANCE_TEXT = {
  deducted: 'An advance is part of your claim payment, not extra money: it is deducted from your final claim payment.',
  livingExpensesDeducted: 'What is paid now is part of your claim payment, not extra money: it is deducted from your final claim payment.',
  amountRequired: 'Enter the amount you are asking for, in dollars (for example 2500 or 2,500.00).',
  amountInvalid: 'Enter the amount in dollars, with at most two digits after the point (for example 2500 or 2,500.00).',
  amountZero: 'Enter an amount of more than $0.',
  overWithoutDocuments:
    'Without documents an advance can be at most $5,000 (FEMA’s NFIP advance payment rule). Add a photo, a receipt or a contractor’s estimate to ask for up to $20,000.',
  overWithDocuments:
    'An advance can be at most $20,000 (FEMA’s NFIP advance payment rule), even with documents. The rest is paid with your final claim payment.',
  overLivingExpenses: 'One request can be at most $50,000. Please split your receipts into more than one request.',
  livingExpensesNeedReceipts: 'Add at least one receipt for the living expenses you are asking for.',
  lossOfUseRequired: 'Additional living expenses are paid while you cannot live in your home because of the damage. Please tell us whether you can.',
  lossOfUseNo:
    'Additional living expenses are paid only while you cannot live in your home because of the damage. For other costs, write to the claims team below.',
} as const

export interface AdvanceLimit {
  /** The most this request may ask for, in cents. */
  maxCents: number
  /** Why, in the person's words, when the amount is over it. */
  overMessage: string
}

/** The most one request may ask for: a flood advance by whether it comes with documents, living expenses always with receipts. */
export function advanceLimit(kind: AdvanceKind, hasDocuments: boolean): AdvanceLimit {
  if (kind === 'living-expenses') return { maxCents: LIVING_EXPENSES_REQUEST_MAX_CENTS, overMessage: ADVANCE_TEXT.overLivingExpenses }
  return hasDocuments
    ? { maxCents: FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS, overMessage: ADVANCE_TEXT.overWithDocuments }
    : { maxCents: FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS, overMessage: ADVANCE_TEXT.overWithoutDocuments }
}

/** Why this amount cannot be asked for (null: it can). Living expenses need at least one receipt. */
export function advanceRefusal(kind: AdvanceKind, amountCents: number, documents: number): string | null {
  if (amountCents <= 0) return ADVANCE_TEXT.amountZero
  if (kind === 'living-expenses' && documents === 0) return ADVANCE_TEXT.livingExpensesNeedReceipts
  const limit = advanceLimit(kind, documents > 0)
  return amountCents > limit.maxCents ? limit.overMessage : null
}

/** '2,500.00', '$2500', '2500.5' as cents; null when it is not an amount of dollars and cents. */
export function dollarsToCents(raw: string): number | null {
  const s = raw
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
