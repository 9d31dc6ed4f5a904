import { describe, it, expect } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { receiptDateTime, receiptFacts, receiptFileName, type PaymentReceipt } from '../../shared/payments/receipt'
import { renderPaymentReceiptPdf } from '../../worker/services/payments/payment-receipt-pdf'
import { paymentReceiptMail } from '../../worker/services/payments/payment-mail'
import { pdfText } from '../support/pdf-text'

/** The receipt (issue 11): the same facts in the PDF and the email; brand and last four only. */
const paidAt = Date.UTC(2026, 10, 15, 23, 4, 0) // 2026-11-15 23:04 UTC
const card: PaymentReceipt = {
  confirmationNumber: 'PHP-7K2M9Q4X',
  policyId: 'HOM4010001',
  state: 'CA',
  payerName: 'Maria Delgado',
  amountCents: 18450,
  method: { kind: 'card', brand: 'Visa', last4: '1111' },
  paidAt,
  supportPhone: '1-800-555-0134',
}
const bank: PaymentReceipt = {
  ...card,
  state: 'NY',
  method: { kind: 'bank', last4: '6789', checkNumber: '1001' },
  authorizationText: 'I authorize ProgHome Insurance to make a one-time electronic debit (ACH) of $184.50 ...',
}

describe('receipt facts', () => {
  it('confirmation, policy, amount, brand and last four, the name, and the date in the policy state', () => {
    expect(receiptFacts(card)).toEqual([
      ['Confirmation number', 'PHP-7K2M9Q4X'],
      ['Policy', 'HOM4010001'],
      ['Amount paid', '$184.50'],
      ['Payment method', 'Visa ending in 1111'],
      ['Name on account', 'Maria Delgado'],
      ['Date', '11/15/2026 3:04 PM PST'],
    ])
  })

  it("issue 35: a saved method's payment (no name on the account kept) has no 'Name on account' line", () => {
    expect(receiptFacts({ ...card, payerName: '' }).map(([label]) => label)).toEqual(['Confirmation number', 'Policy', 'Amount paid', 'Payment method', 'Date'])
  })

  it('a bank payment names the account by its last four and the check number', () => {
    expect(receiptFacts(bank)[3]).toEqual(['Payment method', 'Bank account ending in 6789 (check 1001)'])
  })

  it("the date is the policyholder's: the same instant is the next day in New York", () => {
    expect(receiptDateTime(paidAt + 6 * 3600_000, 'CA')).toBe('11/15/2026 9:04 PM PST')
    expect(receiptDateTime(paidAt + 6 * 3600_000, 'NY')).toBe('11/16/2026 12:04 AM EST')
  })
})

describe('receipt PDF', () => {
  it('is a one-page PDF with every fact, dated at the payment', async () => {
    const bytes = await renderPaymentReceiptPdf(card)
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getTitle()).toBe('Payment Receipt PHP-7K2M9Q4X')
    expect(doc.getCreationDate()?.getTime()).toBe(paidAt)
    const text = await pdfText(bytes)
    for (const [label, value] of receiptFacts(card)) {
      expect(text).toContain(label)
      expect(text).toContain(value)
    }
    expect(text).toContain('Thank you for your payment.')
    expect(text).toContain('Questions about this payment? Call us at (800) 555-0134.')
    expect(text).not.toContain('Bank account authorization')
  })

  it('a bank payment carries the authorization the payer accepted', async () => {
    const text = await pdfText(await renderPaymentReceiptPdf(bank))
    expect(text).toContain('Bank account authorization')
    expect(text).toContain('I authorize ProgHome Insurance to make a one-time electronic debit (ACH)')
  })

  it('the same receipt always gives the same bytes', async () => {
    expect(Buffer.from(await renderPaymentReceiptPdf(card)).equals(Buffer.from(await renderPaymentReceiptPdf(card)))).toBe(true)
  })

  it('has a download name with the confirmation number', () => {
    expect(receiptFileName('PHP-7K2M9Q4X')).toBe('ProgHome Payment Receipt PHP-7K2M9Q4X.pdf')
  })
})

describe("the 'payment-receipt' email", () => {
  it("has the receipt's facts, the PDF link and the support line, as plain text", () => {
    const mail = paymentReceiptMail('maria.multi@example.com', card, 'https://portal.example/payment-receipt/PHP-7K2M9Q4X')
    expect(mail.kind).toBe('payment-receipt')
    expect(mail.to).toBe('maria.multi@example.com')
    expect(mail.subject).toBe('Your ProgHome payment receipt, confirmation PHP-7K2M9Q4X')
    expect(mail.text.split('\n')).toEqual([
      'Thank you for your payment.',
      '',
      'Confirmation number: PHP-7K2M9Q4X',
      'Policy: HOM4010001',
      'Amount paid: $184.50',
      'Payment method: Visa ending in 1111',
      'Name on account: Maria Delgado',
      'Date: 11/15/2026 3:04 PM PST',
      '',
      'Download this receipt as a PDF (after logging in): https://portal.example/payment-receipt/PHP-7K2M9Q4X',
      '',
      'Please keep this email for your records.',
      'Questions about this payment? Call us at (800) 555-0134.',
    ])
  })

  it('a bank payment repeats the authorization', () => {
    const mail = paymentReceiptMail('a@b.co', bank)
    expect(mail.text).toContain('Bank account authorization:\nI authorize ProgHome Insurance')
    expect(mail.text).not.toContain('Download this receipt')
  })
})
