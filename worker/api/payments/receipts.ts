import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { CONFIRMATION_PATTERN } from '../../../shared/payments/outcome'
import { findPaymentByConfirmation } from '../../db/payments/payments'
import { policyInScope } from '../../services/policy/policy-access'
import { receiptOf } from '../../services/payments/payment-receipt'
import { receiptFileName, renderPaymentReceiptPdf } from '../../services/payments/payment-receipt-pdf'
import { defineOperation, register } from '../operation'
import { problem, NOT_FOUND } from '../../render/problem'
import { pdf } from '../schemas'
import { operationLocale } from '../../middleware/session'

/**
 * GET /v1/common/PaymentReceipt/{confirmationNumber}: an approved payment's receipt as a PDF, rendered on
 * demand from its row (nothing stored), for a payment on any policy in the session's scope. A download,
 * not a page: the system message's exit rule (spec 000) does not apply to it, so the success message's
 * link works (issue 21 item 6). Another person's, a malformed and an unknown number are the same 404.
 */
const receipt = defineOperation(
  {
    method: 'get',
    path: '/common/PaymentReceipt/{confirmationNumber}',
    tags: ['payments'],
    summary: "A payment's receipt (PDF)",
    request: { params: z.object({ confirmationNumber: z.string().openapi({ param: { name: 'confirmationNumber', in: 'path' } }) }) },
    responses: { 200: pdf('The receipt, as an attachment.'), 303: { description: 'No session: to Payment History.' } },
  },
  { auth: 'anyone' },
)

export function receiptOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, receipt, async (c, { session }) => {
    // A link followed without a session (from the receipt email) goes to Payment History, which asks to sign in.
    if (!session) return c.redirect(pathOf('PaymentHist'), 303)
    const confirmation = c.req.valid('param').confirmationNumber
    const row = CONFIRMATION_PATTERN.test(confirmation) ? await findPaymentByConfirmation(c.env.DB, confirmation) : null
    const policy = row ? await policyInScope(c.env, session, row.policy_id) : null
    if (!row || !policy) return problem(c, 404, NOT_FOUND)
    // In the language of the page it was asked from (issue 36), its /Lang with it.
    const bytes = await renderPaymentReceiptPdf(receiptOf(row, policy.state, c.env.SUPPORT_PHONE), operationLocale(c))
    return c.body(bytes as unknown as ArrayBuffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${receiptFileName(confirmation)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })
}
