import { PAYMENT_NO_SCRIPT_TEXT } from '../../../shared/payments/messages'

/** The Make a Payment card every /make-payment answer sits in (the form, a gate, the no-script reply). */
export function PaymentScreen({ children }: { children: React.ReactNode }) {
  return (
    <section className="card payment-gate" aria-labelledby="payment-heading">
      <h1 id="payment-heading">Make a Payment</h1>
      {children}
    </section>
  )
}

/** Shown only to a browser without JavaScript, above the payment form that cannot work for it. */
export function NeedsScriptNotice() {
  return (
    <noscript>
      <p className="alert alert--error">{PAYMENT_NO_SCRIPT_TEXT.needsScript}</p>
    </noscript>
  )
}
