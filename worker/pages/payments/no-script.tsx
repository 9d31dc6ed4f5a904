import { pathOf } from '../../../shared/routes'
import { PAYMENT_NO_SCRIPT_TEXT } from '../../../shared/payments/messages'
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
  return renderPage(
    c,
    <PaymentScreen>
      <div className="alert alert--error" role="alert">
        <div>
          <p>{PAYMENT_NO_SCRIPT_TEXT.notSent}</p>
          <p>{PAYMENT_NO_SCRIPT_TEXT.needsScript}</p>
        </div>
      </div>
      <p>
        <a className="btn btn--primary" href={telHref(phone)}>
          Call {phone}
        </a>{' '}
        <a className="btn btn--secondary" href={PATH}>
          Back to Make a Payment
        </a>
      </p>
    </PaymentScreen>,
    { status: 400, outcome: 'Error' },
  )
})
