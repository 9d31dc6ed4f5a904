import { defineTexts } from '../../i18n/catalog'
import { formatUsdIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import { escapeHtml } from '../../escape-html'
import { pathOf } from '../../routes'
import {
  PAYMENT_OUTCOME_TEXT,
  paymentApprovedText,
  paymentRefusedHtml,
  paymentRefusedText,
  paymentSuccessHtml,
  KEPT_QUERY,
  receiptPath,
  type PaymentOutcomeKind,
} from '../outcome'
import { paymentFormClosedText, paymentProcessingText, paymentReference, pendingHistoryDescription, pendingOutcomeText } from '../pending'
import { MAKE_PAYMENT_TEXT, PAYMENT_NO_SCRIPT_TEXT } from '../messages'

/**
 * What a payment came to, in each language (issue 36): the texts of the result screens (the
 * system-message page, the island's refusal), the pending payment's words, the gates' texts. The
 * English are the modules' own (the spec's where it gives them); the /v1 API answers in English.
 */
export const paymentOutcomeTexts = defineTexts(
  {
    ...PAYMENT_OUTCOME_TEXT,
    ...MAKE_PAYMENT_TEXT,
    ...PAYMENT_NO_SCRIPT_TEXT,
    approved: paymentApprovedText,
    refused: paymentRefusedText,
    pendingOutcome: pendingOutcomeText,
    processing: (amountCents: number) => paymentProcessingText(amountCents),
    formClosed: paymentFormClosedText,
    pendingHistory: pendingHistoryDescription,
  },
  {
    pending:
      'Su pago está pendiente: lo recibimos y lo estamos confirmando con nuestro procesador de pagos. Recibirá un recibo por correo electrónico cuando se confirme. No pague otra vez mientras tanto.',
    inFlight: 'Se está procesando un pago de esta póliza. Espere su confirmación antes de pagar otra vez.',
    authorizationChanged: 'La autorización de la cuenta bancaria ya no coincide con su pago. Revísela y envíe su pago otra vez.',
    receiptLink: 'Descargar su recibo (PDF)',
    nothingCharged: 'No se cobró nada.',
    tryAgainLink: 'Probar con otra tarjeta o cuenta',
    tryAnotherCard: 'Probar con otra tarjeta',
    tryAnotherAccount: 'Probar con otra cuenta',
    contactAgent: 'Comuníquese con su agente para realizar un pago:',
    sorry: 'Lo sentimos',
    notSupported: 'Por ahora no se aceptan pagos en línea.',
    callSupport: 'Llame a nuestro equipo de apoyo para procesar su pago.',
    nothingDue: 'No hay ningún pago que hacer en este momento.',
    paidInFull: 'Su póliza está pagada por completo.',
    needsScript: 'Para pagar en línea, active JavaScript en su navegador o llame a nuestro equipo de apoyo para procesar su pago.',
    notSent: 'Su pago no se envió.',
    approved: (f) => {
      const mail = f.receiptEmail ? ` Enviamos un recibo a ${f.receiptEmail}.` : ''
      return `Gracias. Su pago de ${formatUsdIn('es', f.amountCents)} de la póliza ${f.policyId} fue aprobado. Su número de confirmación es ${f.confirmationNumber}.${mail}`
    },
    refused: (outcome, method, supportPhone) => {
      if (outcome === 'error')
        return `No pudimos procesar su pago, y no se realizó ningún pago. Revise los datos e inténtelo otra vez, o llámenos al ${supportPhone}.`
      return `Su pago fue rechazado, y no se realizó ningún pago. Use ${method === 'card' ? 'otra tarjeta' : 'otra cuenta bancaria'}, o llámenos al ${supportPhone}.`
    },
    pendingOutcome: (p) =>
      `Su pago de ${formatUsdIn('es', p.amountCents)} de la póliza ${p.policyId} se está procesando: lo estamos confirmando con nuestro procesador de pagos. ` +
      `No vuelva a hacer este pago. La referencia de su pago es ${paymentReference(p.paymentId)}. ` +
      'Recibirá un recibo por correo electrónico cuando se confirme; si no se completa, se lo diremos y el monto se volverá a deber.',
    processing: (amountCents) => `Se está procesando un pago de ${formatUsdIn('es', amountCents)}.`,
    formClosed: (p) =>
      `Se está procesando un pago de ${formatUsdIn('es', p.amountCents)}. Su referencia es ${paymentReference(p.paymentId)}. ` +
      'El formulario de pago se abrirá otra vez cuando se confirme, para que no se pague dos veces.',
    pendingHistory: (p) => `Pendiente: en proceso (referencia ${paymentReference(p.paymentId)})`,
  },
)

const REFUSAL_KINDS: ReadonlyArray<readonly [Exclude<PaymentOutcomeKind, 'approved'>, 'card' | 'bank']> = [
  ['declined', 'card'],
  ['declined', 'bank'],
  ['error', 'card'],
]

/**
 * The words of a payment's answer in a language. The answer (and the row that replays it) keeps the
 * English of the /v1 API; a person reads it in their language. An English text that is not one of
 * these (a message of another part) is returned as it is.
 */
export function answerTextIn(locale: Locale, english: string, supportPhone: string): string {
  if (locale === 'en') return english
  const en = paymentOutcomeTexts.en
  const es = paymentOutcomeTexts[locale]
  for (const [outcome, method] of REFUSAL_KINDS) {
    if (english === en.refused(outcome, method, supportPhone)) return es.refused(outcome, method, supportPhone)
  }
  const fixed = ['pending', 'inFlight', 'authorizationChanged', 'paidInFull'] as const
  for (const k of fixed) if (english === en[k]) return es[k]
  if (english === en.contactAgent.replace(/:$/, '.')) return es.contactAgent.replace(/:$/, '.')
  if (english === `${en.notSupported} ${en.callSupport}`) return `${es.notSupported} ${es.callSupport}`
  return english
}

/** The success text for the system-message page in a language: the text, then the receipt link. */
export function paymentSuccessHtmlIn(locale: Locale, text: string, confirmationNumber: string | null): string {
  if (locale === 'en') return paymentSuccessHtml(text, confirmationNumber)
  const body = escapeHtml(text)
  if (!confirmationNumber) return body
  return `${body} <a href="${receiptPath(confirmationNumber)}">${paymentOutcomeTexts[locale].receiptLink}</a>`
}

/** A payment not made, for the system-message page in a language (decision 171). */
export function paymentRefusedHtmlIn(locale: Locale, text: string): string {
  if (locale === 'en') return paymentRefusedHtml(text)
  const t = paymentOutcomeTexts[locale]
  return `${escapeHtml(text)} ${t.nothingCharged} <a href="${pathOf('MakePayment')}?${KEPT_QUERY}">${t.tryAgainLink}</a>`
}
