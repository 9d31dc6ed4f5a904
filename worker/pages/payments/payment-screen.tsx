import { PAYMENT_NO_SCRIPT_TEXT } from '../../../shared/payments/messages'
import { DEAD_END_TEXT } from '../../../shared/policy/dead-ends'
import { PhoneLink } from '../../render/tel-links'

/** The Make a Payment card every /make-payment answer sits in (the form, a gate, the no-script reply). */
export function PaymentScreen({ children }: { children: React.ReactNode }) {
  return (
    <section className="card payment-gate" aria-labelledby="payment-heading">
      <h1 id="payment-heading">Make a Payment</h1>
      {children}
    </section>
  )
}

/**
 * Shown only to a browser without JavaScript, above the payment form that cannot work for it, so it is
 * read before anyone types a card number (issue 21 item 7), with the number to pay by phone (item 1).
 */
export function NeedsScriptNotice({ phone }: { phone: string }) {
  return (
    <noscript>
      <div className="alert alert--error">
        <div>
          <p>{PAYMENT_NO_SCRIPT_TEXT.needsScript}</p>
          <p>
            {DEAD_END_TEXT.payByPhone} <PhoneLink phone={phone} />.
          </p>
        </div>
      </div>
    </noscript>
  )
}
