import { defineTexts, fill } from '../../i18n/catalog'
import { formatUsdIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import { messageIn } from '../../i18n/messages'
import { ERROR_HEADING } from '../../forms/system-message-heading'
import { GENERAL_MSG } from '../../forms/general-validators'
import type { AmountRule } from '../amount'
import { CARD_TYPE_NAMES, unsupportedCardTypes } from '../card'
import { PAYMENT_MSG, PAYMENT_MSG_EXTRA, amountTooHigh, amountTooLow, cardTypeUnsupported, cvvDigits, floodAmountTooHigh, floodAmountTooLow } from '../messages'
import { PAYMENT_FIELD_MAX } from '../schemas/payment'
import type { MakePaymentTexts } from '../schemas/make-payment-texts'
import { savedMethodProblem } from '../saved-methods'
import { authorizationWordsIn } from './authorization'
import { paymentOutcomeTexts } from './outcome'
import { savedMethodTexts } from './saved-methods'

/**
 * The make-payment island's own words (issue 36), in each language. The island receives one language's
 * texts as its `texts` prop (MakePaymentTexts: strings only, values as {name}); it never imports this
 * module, so only that language ships. English is the screen's as it was (decision 110's texts).
 */
const screenTexts = defineTexts(
  {
    heading: 'Make a Payment',
    policy: 'Policy {policyId}',
    requiredNote: '* marks a required field',
    submit: 'Submit Payment',
    cancel: 'Cancel',
    processing: 'Processing your payment. Please wait.',
    amountLabel: 'Payment Amount',
    hintFloodReadOnly: 'Flood policies are paid in full. The amount is the total due, {amount}.',
    hintFlood: 'Flood policies are paid in full: {amount}.',
    hintExact: 'Pay {amount}.',
    hintRange: 'Pay from {min} to {max}.',
    methodHeading: 'Payment method',
    tabCard: 'Credit Card',
    tabCheck: 'Check',
    cardNumber: 'Credit Card Number',
    cardType: 'Card type: {type}',
    expiryLegend: 'Expiration Date',
    expiryPrefix: 'Expiration ',
    month: 'Month',
    year: 'Year',
    cvv: 'CVV',
    cvvHint3: 'The 3 digits on the back of the card.',
    cvvHint4: 'The 4 digits on the front of the card.',
    routing: 'Routing Number',
    routingHint: 'The 9 digits at the bottom left of your check.',
    checkNumber: 'Check Number',
    account: 'Account Number',
    accountHint: '4 to 17 digits.',
    billingHeading: 'Billing details',
    billingName: 'Name on Account',
    billingAddress: 'Billing Address',
    billingCity: 'Billing City',
    billingState: 'Billing State',
    selectState: 'Select a state',
    billingZip: 'Billing Zip Code',
    email: 'Email',
    emailHint: 'We send your receipt here.',
    authHeading: 'Bank account authorization',
    authAgree: 'I agree to this authorization',
    payWith: 'Pay with',
    useAnother: 'Use a different card or bank account',
    nickname: 'Nickname (optional)',
    returnToSummary: 'Return to Summary',
    errorHeading: ERROR_HEADING,
    unexpected: "We're sorry, your payment could not be completed right now. Please try again, or call us at {phone}.",
    network:
      'We could not reach our payment service, so we cannot confirm your payment. Please check your connection and submit again: the same payment submitted again is not charged twice. If this keeps happening, call us at {phone}.',
    again: ' For your security, please enter your card number and CVV again.',
  },
  {
    heading: 'Realizar un pago',
    policy: 'Póliza {policyId}',
    requiredNote: '* indica un dato obligatorio',
    submit: 'Enviar pago',
    cancel: 'Cancelar',
    processing: 'Estamos procesando su pago. Espere, por favor.',
    amountLabel: 'Monto del pago',
    hintFloodReadOnly: 'Las pólizas de inundación se pagan por completo. El monto es todo lo que se debe, {amount}.',
    hintFlood: 'Las pólizas de inundación se pagan por completo: {amount}.',
    hintExact: 'Pague {amount}.',
    hintRange: 'Pague de {min} a {max}.',
    methodHeading: 'Método de pago',
    tabCard: 'Tarjeta de crédito',
    tabCheck: 'Cheque',
    cardNumber: 'Número de tarjeta de crédito',
    cardType: 'Tipo de tarjeta: {type}',
    expiryLegend: 'Fecha de vencimiento',
    expiryPrefix: 'Vencimiento: ',
    month: 'Mes',
    year: 'Año',
    cvv: 'CVV',
    cvvHint3: 'Los 3 dígitos del reverso de la tarjeta.',
    cvvHint4: 'Los 4 dígitos del frente de la tarjeta.',
    routing: 'Número de ruta',
    routingHint: 'Los 9 dígitos abajo a la izquierda de su cheque.',
    checkNumber: 'Número de cheque',
    account: 'Número de cuenta',
    accountHint: 'De 4 a 17 dígitos.',
    billingHeading: 'Datos de facturación',
    billingName: 'Nombre en la cuenta',
    billingAddress: 'Dirección de facturación',
    billingCity: 'Ciudad de facturación',
    billingState: 'Estado de facturación',
    selectState: 'Elija un estado',
    billingZip: 'Código postal de facturación',
    email: 'Correo electrónico',
    emailHint: 'Le enviamos su recibo aquí.',
    authHeading: 'Autorización de la cuenta bancaria',
    authAgree: 'Acepto esta autorización',
    payWith: 'Pagar con',
    useAnother: 'Usar otra tarjeta o cuenta bancaria',
    nickname: 'Apodo (opcional)',
    returnToSummary: 'Volver al resumen',
    errorHeading: 'Ocurrió un error inesperado.',
    unexpected: 'Lo sentimos, su pago no se pudo completar en este momento. Inténtelo otra vez o llámenos al {phone}.',
    network:
      'No pudimos comunicarnos con nuestro servicio de pagos, así que no podemos confirmar su pago. Revise su conexión y envíelo otra vez: el mismo pago enviado otra vez no se cobra dos veces. Si sigue pasando, llámenos al {phone}.',
    again: ' Por su seguridad, escriba otra vez el número de su tarjeta y el CVV.',
  },
)

export interface MakePaymentTextFacts {
  rule: AmountRule
  amountReadOnly: boolean
  isFlood: boolean
  policyId: string
  supportPhone: string
  /** yyyy-mm-dd in the policy's state. */
  today: string
}

/** The island's texts in a language, with what the page already knows filled in (amounts, phone, policy, date). */
export function makePaymentTexts(locale: Locale, f: MakePaymentTextFacts): MakePaymentTexts {
  const { unexpected, network, again, policy, ...screen } = screenTexts[locale]
  const outcome = paymentOutcomeTexts[locale]
  const saved = savedMethodTexts[locale]
  const auth = authorizationWordsIn(locale, { policyId: f.policyId, supportPhone: f.supportPhone, date: f.today })
  const phone = { phone: f.supportPhone }
  return {
    ...screen,
    policy: fill(policy, { policyId: f.policyId }),
    unexpected: fill(unexpected, phone),
    unexpectedCard: fill(unexpected, phone) + again,
    network: fill(network, phone),
    networkCard: fill(network, phone) + again,
    authTemplate: auth.template,
    authAmountUnknown: auth.amountUnknown,
    authAccount: auth.account,
    authAccountUnknown: auth.accountUnknown,
    savedCard: saved.card,
    savedBank: saved.bank,
    savedExpires: saved.expires,
    saveCard: saved.saveCard,
    saveBank: saved.saveBank,
    consentCard: saved.consentCard,
    consentBank: saved.consentBank,
    stepUpCard: saved.stepUpCard,
    stepUpBank: saved.stepUpBank,
    stepUpWhy: saved.stepUpWhy,
    stepUpLink: saved.stepUpLink,
    paidInFull: outcome.paidInFull,
    nothingCharged: outcome.nothingCharged,
    tryAnotherCard: outcome.tryAnotherCard,
    tryAnotherAccount: outcome.tryAnotherAccount,
    refusedDeclinedCard: outcome.refused('declined', 'card', f.supportPhone),
    refusedDeclinedBank: outcome.refused('declined', 'bank', f.supportPhone),
    refusedError: outcome.refused('error', 'card', f.supportPhone),
  }
}

/** The Spanish parameterized messages of the payment form (the fixed ones are in shared/payments/messages-es.ts). */
const parameterizedTexts = defineTexts(
  { amountTooLow, amountTooHigh, floodAmountTooLow, floodAmountTooHigh, cardTypeUnsupported, cvvDigits },
  {
    amountTooLow: (cents) => `El monto del pago es muy bajo, debe ser de al menos ${formatUsdIn('es', cents)}`,
    amountTooHigh: (cents) => `El monto del pago es muy alto, debe ser menor o igual a ${formatUsdIn('es', cents)}`,
    floodAmountTooLow: (supportPhone) => `Los pagos de pólizas de inundación deben hacerse por completo. Para más información, llame al ${supportPhone}.`,
    floodAmountTooHigh: (cents) => `El monto del pago es muy alto, debe ser igual a ${formatUsdIn('es', cents)}`,
    cardTypeUnsupported: (typeName) => `Por ahora no aceptamos ${typeName} como forma de pago.`,
    cvvDigits: (n) => `Escriba ${n} dígitos`,
  },
)

/**
 * Every message this policy's payment form can show, English -> the language's (the island's
 * `messages` prop; nothing for English, which the schema already writes). Only this form's messages,
 * with this policy's amounts, never the whole catalog.
 */
export function makePaymentMessages(locale: Locale, f: MakePaymentTextFacts): Record<string, string> | undefined {
  if (locale === 'en') return undefined
  const es = parameterizedTexts[locale]
  const refusal = (m: Parameters<typeof savedMethodProblem>[0]): [string, string] => {
    const english = savedMethodProblem(m, f.isFlood, f.today) ?? ''
    return [english, messageIn(locale, english)]
  }
  const pairs: [string, string][] = [...Object.values(PAYMENT_MSG), ...Object.values(PAYMENT_MSG_EXTRA)].map((m) => [m, messageIn(locale, m)])
  for (const max of new Set(Object.values(PAYMENT_FIELD_MAX))) pairs.push([GENERAL_MSG.maxLength(max), messageIn(locale, GENERAL_MSG.maxLength(max))])
  if (f.rule.kind === 'exact') {
    pairs.push(
      [floodAmountTooLow(f.supportPhone), es.floodAmountTooLow(f.supportPhone)],
      [floodAmountTooHigh(f.rule.cents), es.floodAmountTooHigh(f.rule.cents)],
    )
  } else {
    pairs.push([amountTooLow(f.rule.minCents), es.amountTooLow(f.rule.minCents)], [amountTooHigh(f.rule.maxCents), es.amountTooHigh(f.rule.maxCents)])
  }
  for (const type of unsupportedCardTypes(f.isFlood)) pairs.push([cardTypeUnsupported(CARD_TYPE_NAMES[type]), es.cardTypeUnsupported(CARD_TYPE_NAMES[type])])
  for (const n of [3, 4]) pairs.push([cvvDigits(n), es.cvvDigits(n)])
  // A saved method the server no longer takes for this policy (said above the form).
  for (const type of unsupportedCardTypes(f.isFlood)) pairs.push(refusal({ kind: 'card', brand: CARD_TYPE_NAMES[type], expMonth: null, expYear: null }))
  pairs.push(refusal({ kind: 'card', brand: CARD_TYPE_NAMES.Visa, expMonth: 1, expYear: 2000 }))
  return Object.fromEntries(pairs)
}
