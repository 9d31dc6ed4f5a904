import type { Context } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import type { PaymentPayload } from '../../../shared/payments/schemas/payment-payload'
import type { PaymentFormValues } from '../../../shared/payments/schemas/payment'

/**
 * What 'Try another card or account' brings back (issue 21 item 3, WCAG 3.3.7, decision 171): after a
 * payment not made, the amount, tab, billing name, address and email of its request, never a card
 * number, CVV, expiry or bank number. A signed, httpOnly cookie for this browser, 30 minutes, read by
 * /make-payment?kept=1 for the same policy only, dropped once a payment is accepted.
 */
const COOKIE = 'ph_payment_kept'
const OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Strict' as const, maxAge: 30 * 60 }

/** The fields kept, by the form's names (the island's store spreads them over its values). */
type Kept = Pick<PaymentFormValues, 'type' | 'amount' | 'billingName' | 'billingAddress' | 'billingCity' | 'billingState' | 'billingZip' | 'email'>

export async function keepPayment(c: Context, payload: PaymentPayload): Promise<void> {
  const a = payload.billingAddress
  const kept: Kept = {
    type: payload.type,
    amount: typeof payload.amount === 'number' ? payload.amount.toFixed(2) : payload.amount,
    billingName: payload.billingName,
    billingAddress: a.address1,
    billingCity: a.city,
    billingState: a.state,
    billingZip: a.zipCode,
    email: payload.homeownerEmail,
  }
  // 'kept:' marks the purpose: a value signed for another (the flash shares the key) never reads as this.
  await setSignedCookie(c, COOKIE, `kept:${JSON.stringify({ policyId: payload.policyId, kept })}`, c.env.FLASH_SIGNING_KEY, OPTIONS)
}

export function forgetKeptPayment(c: Context): void {
  deleteCookie(c, COOKIE, { path: '/', secure: true })
}

/** The kept values for this policy, or nothing (another policy's, expired, forged). */
export async function keptPayment(c: Context, policyId: string): Promise<Kept | undefined> {
  const raw = await getSignedCookie(c, c.env.FLASH_SIGNING_KEY, COOKIE)
  if (typeof raw !== 'string' || !raw.startsWith('kept:')) return undefined
  try {
    const v = JSON.parse(raw.slice(5)) as { policyId: string; kept: Kept }
    return v.policyId === policyId ? v.kept : undefined
  } catch {
    return undefined
  }
}
