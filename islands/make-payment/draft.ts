import type { PaymentFormValues } from '../../shared/schemas/payment'
import type { PaymentStore } from './store'
import { TRY_AGAIN_HASH } from '../../shared/payments/try-again'

/**
 * What the form keeps for 'Try another card or account' after a payment was not made (issue 21 item 3,
 * decision 171): the amount, the method's tab, the billing name, address and email, in this tab's
 * sessionStorage for 30 minutes, for one policy. Never the card number, CVV, expiry or bank numbers:
 * those are typed again. Dropped once a payment is accepted (paid or being processed). Restored only when
 * the form is opened by that link (its address ends in TRY_AGAIN_HASH), never by the Make a Payment
 * button: a person who starts again starts from the amount due.
 */
const KEY = 'ph_payment_draft'
const MAX_AGE_MS = 30 * 60_000
const KEPT = ['type', 'amount', 'billingName', 'billingAddress', 'billingCity', 'billingState', 'billingZip', 'email'] as const

type Kept = Pick<PaymentFormValues, (typeof KEPT)[number]>
interface Draft {
  policyId: string
  savedAt: number
  values: Kept
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

export function keepDraft(policyId: string, values: PaymentFormValues, now = Date.now()): void {
  const kept = Object.fromEntries(KEPT.map((k) => [k, values[k]])) as Kept
  try {
    storage()?.setItem(KEY, JSON.stringify({ policyId, savedAt: now, values: kept } satisfies Draft))
  } catch {
    // Full or refused storage: the form is typed again, as before.
  }
}

export function dropDraft(): void {
  storage()?.removeItem(KEY)
}

/** The kept values for this policy, if fresh; only the kept fields, whatever the storage holds. */
export function readDraft(policyId: string, now = Date.now()): Partial<Kept> | null {
  let draft: Draft
  try {
    draft = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Draft
  } catch {
    return null
  }
  if (!draft || draft.policyId !== policyId || !(now - draft.savedAt < MAX_AGE_MS) || draft.savedAt > now) return null
  const out: Partial<Kept> = {}
  for (const k of KEPT) {
    const v = draft.values?.[k]
    if (typeof v === 'string') (out as Record<string, string>)[k] = v
  }
  if (out.type !== 'creditCard' && out.type !== 'check') delete out.type
  return out
}

/** After the page has hydrated (the server knows nothing of the draft): the kept values, into the form. */
export function restoreDraft(store: PaymentStore, policyId: string, amountReadOnly: boolean): void {
  if (typeof location === 'undefined' || location.hash !== TRY_AGAIN_HASH) return
  const kept = readDraft(policyId)
  if (!kept) return
  // A read-only amount is the server's (the total due now), never an older one.
  if (amountReadOnly) delete kept.amount
  Object.assign(store.values, kept)
}
