import { paymentOutcomeTexts } from '../../../shared/payments/texts/outcome'
import { PhoneLink } from '../../render/tel-links'
import { useTexts } from '../../render/locale'
import { paymentPageTexts } from './texts'

/** The Make a Payment card every /make-payment answer sits in (the form, a gate, the no-script reply). */
export function PaymentScreen({ children }: { children: React.ReactNode }) {
  const t = useTexts(paymentPageTexts)
  return (
    <section className="card payment-gate" aria-labelledby="payment-heading">
      <h1 id="payment-heading">{t.makePayment}</h1>
      {children}
    </section>
  )
}

/**
 * Shown only to a browser without JavaScript, above the payment form that cannot work for it, so it is
 * read before anyone types a card number (issue 21 item 7), with the number to pay by phone (item 1).
 */
export function NeedsScriptNotice({ phone }: { phone: string }) {
  const t = useTexts(paymentPageTexts)
  const o = useTexts(paymentOutcomeTexts)
  return (
    <noscript>
      <div className="alert alert--error">
        <div>
          <p>{o.needsScript}</p>
          <p>
            {t.payByPhone} <PhoneLink phone={phone} />.
          </p>
        </div>
      </div>
    </noscript>
  )
}
