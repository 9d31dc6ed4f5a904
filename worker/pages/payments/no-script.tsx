import { pathOf } from '../../../shared/routes'
import { paymentOutcomeTexts } from '../../../shared/payments/texts/outcome'
import { requestLocale } from '../../lib/request-locale'
import { paymentPageTexts } from './texts'
import { renderPage } from '../../render/render-page'
import { telHref } from '../../render/tel-links'
import { PaymentScreen } from './payment-screen'
import { definePage } from '../page'

const PATH = pathOf('MakePayment')

/**
 * The payment form sent without JavaScript (its action is this page): card and bank data go only to
 * MakePayment, from the island, so this handler never reads the body. It says plainly that nothing was
 * sent, and how to pay instead (decision 110).
 */
export const makePaymentWithoutScript = definePage('MakePayment')

makePaymentWithoutScript.post('/', (c) => {
  const phone = c.env.SUPPORT_PHONE
  const locale = requestLocale(c)
  const o = paymentOutcomeTexts[locale]
  const t = paymentPageTexts[locale]
  return renderPage(
    c,
    <PaymentScreen>
      <div className="alert alert--error" role="alert">
        <div>
          <p>{o.notSent}</p>
          <p>{o.needsScript}</p>
        </div>
      </div>
      <p>
        <a className="btn btn--primary" href={telHref(phone)}>
          {t.call(phone)}
        </a>{' '}
        <a className="btn btn--secondary" href={PATH}>
          {t.backToMakePayment}
        </a>
      </p>
    </PaymentScreen>,
    { status: 400, outcome: 'Error' },
  )
})
