import type { MailMessage } from '../../integrations/mail/port'
import { localDate } from '../../../shared/clock'
import { formatPhone } from '../../../shared/format'
import { defineTexts } from '../../../shared/i18n/catalog'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import type { Locale } from '../../../shared/i18n/locale'
import { receiptFacts, receiptQuestions, type PaymentReceipt } from '../../../shared/payments/receipt'
import { receiptTexts, receiptWordsIn } from '../../../shared/payments/texts/receipt'

/**
 * The payer's emails about a payment: its receipt, and a payment they were told is pending (or whose
 * request failed before it could answer) that then turned out refused or never reached the processor:
 * they were promised an email, so they get one saying nothing was charged. Brand and last four only.
 * (Texts for product review: decision 113.) Written in the payer's language (issue 36) when queued in
 * the outbox, so a retried delivery sends the same words.
 */
interface NotCompleted {
  policyId: string
  amount: string
  methodLabel: string
  made: string
  phone: string
}

const notCompletedTexts = defineTexts(
  {
    subject: (policyId: string) => `Your ProgHome payment on policy ${policyId} did not go through`,
    text: (f: NotCompleted) =>
      [
        `Your payment of ${f.amount} on policy ${f.policyId} from ${f.methodLabel}, made on ${f.made}, did not go through, and no payment was made.`,
        '',
        'The amount is still due. You can pay again online, or call us.',
        '',
        `Questions about this payment? Call us at ${f.phone}.`,
      ].join('\n'),
  },
  {
    subject: (policyId) => `Su pago de ProgHome de la póliza ${policyId} no se completó`,
    text: (f) =>
      [
        `Su pago de ${f.amount} de la póliza ${f.policyId} con ${f.methodLabel}, hecho el ${f.made}, no se completó, y no se realizó ningún pago.`,
        '',
        'El monto se sigue debiendo. Puede pagar otra vez en línea, o llamarnos.',
        '',
        `¿Tiene preguntas sobre este pago? Llámenos al ${f.phone}.`,
      ].join('\n'),
  },
)

export function paymentNotCompletedMail(
  to: string,
  p: { policyId: string; amountCents: number; methodLabel: string; createdAt: number; state: string; supportPhone: string },
  locale: Locale = 'en',
): MailMessage {
  const t = notCompletedTexts[locale]
  return {
    kind: 'payment-not-completed',
    to,
    subject: t.subject(p.policyId),
    text: t.text({
      policyId: p.policyId,
      amount: formatUsdIn(locale, p.amountCents),
      methodLabel: p.methodLabel,
      made: formatDateIn(locale, localDate(p.createdAt, p.state)),
      phone: formatPhone(p.supportPhone),
    }),
  }
}

/** The receipt by email (the PDF says the same); `receiptUrl` is the PDF's address behind the login. */
export function paymentReceiptMail(to: string, receipt: PaymentReceipt, receiptUrl?: string, locale: Locale = 'en'): MailMessage {
  const w = receiptWordsIn(locale)
  const t = receiptTexts[locale]
  const lines = [w.thanks, '', ...receiptFacts(receipt, w).map(([label, value]) => `${label}: ${value}`)]
  if (receipt.method.kind === 'bank' && receipt.authorizationText) lines.push('', `${t.authorization}:`, receipt.authorizationText)
  if (receiptUrl) lines.push('', t.download(receiptUrl))
  lines.push('', t.keep, receiptQuestions(receipt.supportPhone, w))
  return { kind: 'payment-receipt', to, subject: t.subject(receipt.confirmationNumber), text: lines.join('\n') }
}
