import { renderPdf, type PdfSection } from '../../pdf/render'
import { LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
import { receiptFacts, receiptQuestions, type PaymentReceipt } from '../../../shared/payments/receipt'
import { receiptTexts, receiptWordsIn } from '../../../shared/payments/texts/receipt'

export type { PaymentReceipt } from '../../../shared/payments/receipt'
export { receiptFileName } from '../../../shared/payments/receipt'

/**
 * The receipt as a PDF to download (pdf-lib, the portal's PDF writer): confirmation number, policy,
 * amount, brand and last four, the name on the account and the date as the policyholder sees it; for a
 * bank payment, the authorization the payer accepted (NACHA asks that they can keep a copy). The same
 * receipt always gives the same bytes in a language (its dates are the payment's), so it can be rendered
 * on demand rather than stored. In the reader's language, with the PDF's language set (issue 36).
 */
export function renderPaymentReceiptPdf(r: PaymentReceipt, locale: Locale = 'en'): Promise<Uint8Array> {
  const w = receiptWordsIn(locale)
  const t = receiptTexts[locale]
  const sections: PdfSection[] = [{ lines: [w.thanks] }]
  if (r.method.kind === 'bank' && r.authorizationText) {
    sections.push({ heading: t.authorization, lines: [r.authorizationText] })
  }
  sections.push({ lines: [receiptQuestions(r.supportPhone, w)] })
  return renderPdf(
    {
      title: `${w.title} ${r.confirmationNumber}`,
      subject: t.pdfSubject(r.policyId),
      created: new Date(r.paidAt),
      creator: 'policyholder-portal',
      language: LANGUAGE_TAG[locale],
    },
    [{ title: w.title, subtitle: t.pdfSubtitle(r.policyId), facts: receiptFacts(r, w), sections }],
  )
}
