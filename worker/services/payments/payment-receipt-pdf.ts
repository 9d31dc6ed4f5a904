import { renderPdf, type PdfSection } from '../../pdf/render'
import { RECEIPT_THANKS, RECEIPT_TITLE, receiptFacts, receiptQuestions, type PaymentReceipt } from '../../../shared/payments/receipt'

export type { PaymentReceipt } from '../../../shared/payments/receipt'
export { receiptFileName } from '../../../shared/payments/receipt'

/**
 * The receipt as a PDF to download (pdf-lib, the portal's PDF writer): confirmation number, policy,
 * amount, brand and last four, the name on the account and the date as the policyholder sees it; for a
 * bank payment, the authorization the payer accepted (NACHA asks that they can keep a copy). The same
 * receipt always gives the same bytes (its dates are the payment's), so it can be rendered on demand
 * rather than stored.
 */
export function renderPaymentReceiptPdf(r: PaymentReceipt): Promise<Uint8Array> {
  const sections: PdfSection[] = [{ lines: [RECEIPT_THANKS] }]
  if (r.method.kind === 'bank' && r.authorizationText) {
    sections.push({ heading: 'Bank account authorization', lines: [r.authorizationText] })
  }
  sections.push({ lines: [receiptQuestions(r.supportPhone)] })
  return renderPdf(
    {
      title: `${RECEIPT_TITLE} ${r.confirmationNumber}`,
      subject: `Payment on policy ${r.policyId}`,
      created: new Date(r.paidAt),
      creator: 'policyholder-portal',
    },
    [{ title: RECEIPT_TITLE, subtitle: `Policy ${r.policyId}`, facts: receiptFacts(r), sections }],
  )
}
