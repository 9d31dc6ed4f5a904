import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { policyContext } from '../../middleware/guards'
import { CONFIRMATION_PATTERN } from '../../../shared/payments/outcome'
import { findPaymentByConfirmation } from '../../db/payments'
import { receiptOf } from '../../services/payment-receipt'
import { receiptFileName, renderPaymentReceiptPdf } from '../../services/payment-receipt-pdf'
import { notFoundPage } from '../not-found'

/**
 * GET /make-payment/receipt/{confirmationNumber}: an approved payment's receipt as a PDF, rendered on
 * demand from its row (nothing stored). Under /make-payment, so the guards loaded the policy (scope
 * re-checked); a confirmation number of another policy, a malformed one or an unknown one is the
 * same 404 page.
 */
export const paymentReceiptPage = new Hono<AppEnv>()

paymentReceiptPage.get('/make-payment/receipt/:confirmation', async (c) => {
  const { policy } = policyContext(c)
  const confirmation = c.req.param('confirmation')
  const row = CONFIRMATION_PATTERN.test(confirmation) ? await findPaymentByConfirmation(c.env.DB, confirmation) : null
  if (!row || row.policy_id !== policy.policyID) return notFoundPage(c)
  const pdf = await renderPaymentReceiptPdf(receiptOf(row, policy.state, c.env.SUPPORT_PHONE))
  return c.body(pdf as unknown as ArrayBuffer, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${receiptFileName(confirmation)}"`,
    'Cache-Control': 'no-store',
  })
})
