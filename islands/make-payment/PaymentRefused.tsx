import { useEffect, useRef } from 'react'
import { refusalKindOf } from '../../shared/payments/outcome'
import type { Texts } from './texts'
import { WithPhoneLink } from './PaymentNotice'

/**
 * A payment the processor refused, on the form's own page (decision 222): the spec's error heading, the
 * answer's text and that nothing was charged, then one primary action, 'Try another card' (or account),
 * which brings the form back with what was typed; returning to the summary is the secondary one. The
 * heading takes the focus so that a screen reader starts from it.
 */
export function PaymentRefused({
  text,
  method,
  onTryAgain,
  returnUrl,
  supportPhone,
  t,
}: {
  text: string
  method: 'card' | 'bank'
  onTryAgain: () => void
  returnUrl: string
  supportPhone: string
  t: Texts
}) {
  // The answer's text is the API's English: said again in the page's language (the same words in English).
  const said = refusalKindOf(text) === 'error' ? t.refusedError : method === 'card' ? t.refusedDeclinedCard : t.refusedDeclinedBank
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section className="card narrow system-message tone--danger" aria-labelledby="payment-refused-heading">
      <span className="status-icon system-message__icon" aria-hidden="true" />
      <h1 id="payment-refused-heading" ref={headingRef} tabIndex={-1}>
        {t.errorHeading}
      </h1>
      <div role="alert" className="system-message__body system-message__body--error">
        <p>
          <WithPhoneLink text={said} phone={supportPhone} /> {t.nothingCharged}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={onTryAgain}>
          {method === 'card' ? t.tryAnotherCard : t.tryAnotherAccount}
        </button>
        <a className="btn btn--secondary" href={returnUrl}>
          {t.returnToSummary}
        </a>
      </div>
    </section>
  )
}
