import { localDate, localTimeText } from '../../clock'
import { defineTexts } from '../../i18n/catalog'
import { formatDateIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import { RECEIPT_WORDS_EN, type ReceiptWords } from '../receipt'

/** The receipt in Spanish (issue 36): the PDF and the email say the same; the date names its month. */
const RECEIPT_WORDS_ES: ReceiptWords = {
  title: 'Recibo de pago',
  thanks: '¡Gracias por su pago!',
  confirmation: 'Número de confirmación',
  policy: 'Póliza',
  amountPaid: 'Monto pagado',
  method: 'Método de pago',
  nameOnAccount: 'Nombre en la cuenta',
  date: 'Fecha',
  card: (brand, last4) => `${brand} que termina en ${last4}`,
  bank: (last4, checkNumber) => `Cuenta bancaria que termina en ${last4}${checkNumber ? ` (cheque ${checkNumber})` : ''}`,
  questions: (phone) => `¿Tiene preguntas sobre este pago? Llámenos al ${phone}.`,
  dateTime: (at, state) => `${formatDateIn('es', localDate(at, state))}, ${localTimeText(at, state, true)}`,
}

export const receiptWordsIn = (locale: Locale): ReceiptWords => (locale === 'es' ? RECEIPT_WORDS_ES : RECEIPT_WORDS_EN)

/** The receipt's other words: the email's and the PDF's. */
export const receiptTexts = defineTexts(
  {
    subject: (confirmationNumber: string) => `Your ProgHome payment receipt, confirmation ${confirmationNumber}`,
    authorization: 'Bank account authorization',
    download: (url: string) => `Download this receipt as a PDF (after logging in): ${url}`,
    keep: 'Please keep this email for your records.',
    pdfSubject: (policyId: string) => `Payment on policy ${policyId}`,
    pdfSubtitle: (policyId: string) => `Policy ${policyId}`,
  },
  {
    subject: (confirmationNumber) => `Su recibo de pago de ProgHome, confirmación ${confirmationNumber}`,
    authorization: 'Autorización de la cuenta bancaria',
    download: (url) => `Descargue este recibo en PDF (después de iniciar sesión): ${url}`,
    keep: 'Guarde este correo para sus archivos.',
    pdfSubject: (policyId) => `Pago de la póliza ${policyId}`,
    pdfSubtitle: (policyId) => `Póliza ${policyId}`,
  },
)
