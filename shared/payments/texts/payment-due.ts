import { defineTexts } from '../../i18n/catalog'
import { formatDateIn, formatUsdIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import { AUTOPAY_WORDS_EN, type AutopayWords } from '../autopay'
import { EFT_WORDS_EN, eftAfterPaymentText, type EftFacts, type EftWords } from '../eft'
import type { PaymentDue } from '../payment-due'
import { callAgentText, cancelledSinceText, DEAD_END_TEXTS } from '../../policy/dead-ends'

/**
 * The payment-due box in each language (issue 36): its labels, the states' words of spec 001's rules,
 * and the notes about automatic drafts (AutopayWords, EftWords). English is the spec's and the rules'.
 */
export const paymentDueTexts = defineTexts(
  {
    boxLabel: 'Payment due',
    amountDue: 'Amount Due',
    makePayment: 'Make a Payment',
    reference: 'Reference',
    pastDue: (amount: string) => `Includes ${amount} past due.`,
    cancelled: 'Cancelled Policy',
    contactAgent: 'Please contact your agent to make a payment.',
    paid: 'Paid in full.',
    recent: 'Thank you for your recent payment of',
    nextDraft: 'Next EFT Draft:',
    by: 'By:',
    // Who to call instead (issue 21 item 1): the policy's dead-end texts, as the box says them.
    callAgent: callAgentText,
    cancelledSince: cancelledSinceText,
    cancelledPriorLoss: DEAD_END_TEXTS.en.cancelledPriorLoss,
  },
  {
    boxLabel: 'Monto a pagar',
    amountDue: 'Monto a pagar',
    makePayment: 'Realizar un pago',
    reference: 'Referencia',
    pastDue: (amount) => `Incluye ${amount} vencido.`,
    cancelled: 'Póliza cancelada',
    contactAgent: 'Comuníquese con su agente para realizar un pago.',
    paid: 'Pagada por completo.',
    recent: 'Gracias por su pago reciente de',
    nextDraft: 'Próximo débito automático:',
    by: 'Antes del:',
    callAgent: (agentName) => callAgentText(agentName, 'es'),
    cancelledSince: (cancellationDate) => cancelledSinceText(cancellationDate, 'es'),
    cancelledPriorLoss: DEAD_END_TEXTS.es.cancelledPriorLoss,
  },
)

const AUTOPAY_WORDS_ES: AutopayWords = {
  nextOnNextDue: 'Su próximo pago automático será en su próxima fecha de vencimiento.',
  startsAfterNext: (date) =>
    `Los pagos automáticos empiezan con su próxima fecha de vencimiento después del ${date}: pague usted mismo el monto a pagar antes del ${date}.`,
  nothingDueOn: (date) => `No hay nada que pagar el ${date}, así que no se cobrará nada.`,
  nextOn: (date) => `Su próximo pago automático es el ${date}.`,
  declined: (date) => `Su pago automático con vencimiento el ${date} no se completó, y no se cobró nada. Pague ahora, por favor.`,
  startsAfterThis: (date) => `Los pagos automáticos empiezan después de esta fecha de vencimiento: pague usted mismo este monto antes del ${date}.`,
  drafts: (date, what) => `Se pagará automáticamente el ${date} con su ${what}: no necesita hacer nada.`,
  card: (brand, last4) => `${brand} que termina en ${last4}`,
  account: (last4) => `cuenta que termina en ${last4}`,
  date: (iso) => formatDateIn('es', iso),
}

const EFT_WORDS_ES: EftWords = {
  nothingToDo: (date) => `Se debitará automáticamente el ${date}: no necesita hacer nada.`,
  nowPaidInFull: 'Su póliza ya está pagada por completo, así que no se harán más débitos automáticos.',
  stillRuns: (date, amount) => `Su débito automático del ${date} se hará igual, por ${amount}.`,
  covers: (date) => `Este pago cubre su débito automático del ${date}, así que ese débito no se hará; los débitos siguientes continúan como están programados.`,
  date: (iso) => formatDateIn('es', iso),
  amount: (cents) => formatUsdIn('es', cents),
}

/** The drafts' words of a language, for paymentDueWithDrafts and the automatic payments page. */
export function dueWordsIn(locale: Locale): { autopay: AutopayWords; eft: EftWords } {
  return locale === 'es' ? { autopay: AUTOPAY_WORDS_ES, eft: EFT_WORDS_ES } : { autopay: AUTOPAY_WORDS_EN, eft: EFT_WORDS_EN }
}

export function eftAfterPaymentTextIn(locale: Locale, after: EftFacts): string | null {
  return eftAfterPaymentText(after, dueWordsIn(locale).eft)
}

/** A state's fixed words (spec 001's English) in a language; a billing message from the policy stays as written. */
export function dueTextIn(locale: Locale, due: PaymentDue): string {
  const t = paymentDueTexts[locale]
  switch (due.kind) {
    case 'contact':
      return due.text === 'Cancelled Policy' ? t.cancelled : t.contactAgent
    case 'paid':
      return t.paid
    case 'recent':
      return t.recent
    case 'message':
      return due.text
    default:
      return ''
  }
}
