import { PAYMENT_MSG, PAYMENT_MSG_EXTRA } from './messages'
import { CHANGE_TOO_LATE } from './autopay'
import { PAYMENT_OUTCOME_TEXT } from './outcome'
import { paymentOutcomeTexts } from './texts/outcome'
import { SAVED_METHOD_NICKNAME_MAX } from './saved-methods'
import type { SpanishMessages } from '../i18n/catalog'

/**
 * The payments' validation and refusal messages in Spanish (issue 36, decision 229): spec 001's form
 * messages and the refusals the payment pages show (saved methods, automatic payments). The schemas and
 * services keep the English, which the /v1 API answers; a page or the island shows the Spanish.
 * Messages with a value (an amount, a number of digits) are written by spanishPaymentMessages below.
 */
export const PAYMENTS_ES: SpanishMessages = {
  [PAYMENT_MSG.amountRequired]: 'El monto del pago es obligatorio',
  [PAYMENT_MSG.nameRequired]: 'El nombre en la cuenta es obligatorio',
  [PAYMENT_MSG.addressRequired]: 'La dirección de facturación es obligatoria',
  [PAYMENT_MSG.cityRequired]: 'La ciudad de facturación es obligatoria',
  [PAYMENT_MSG.stateRequired]: 'El estado de facturación es obligatorio',
  [PAYMENT_MSG.zipRequired]: 'El código postal de facturación es obligatorio',
  [PAYMENT_MSG.emailRequired]: 'El correo electrónico es obligatorio',
  [PAYMENT_MSG.emailInvalid]: 'Escriba un correo electrónico válido',
  [PAYMENT_MSG.routingRequired]: 'El número de ruta es obligatorio',
  [PAYMENT_MSG.routingInvalid]: 'Use un número de ruta válido',
  [PAYMENT_MSG.checkNumberRequired]: 'El número de cheque es obligatorio',
  [PAYMENT_MSG.accountRequired]: 'El número de cuenta es obligatorio',
  [PAYMENT_MSG.accountInvalid]: 'Use un número de cuenta válido',
  [PAYMENT_MSG.cardRequired]: 'El número de tarjeta de crédito es obligatorio',
  [PAYMENT_MSG.cardInvalid]: 'Escriba un número de tarjeta de crédito válido',
  [PAYMENT_MSG.expMonthRequired]: 'El mes de vencimiento es obligatorio',
  [PAYMENT_MSG.expDateRequired]: 'La fecha de vencimiento es obligatoria',
  [PAYMENT_MSG.expired]: 'Use una tarjeta de crédito que no esté vencida',
  [PAYMENT_MSG.expYearRequired]: 'El año de vencimiento es obligatorio',
  [PAYMENT_MSG.cvvRequired]: 'El CVV es obligatorio',
  [PAYMENT_MSG_EXTRA.amountInvalid]: 'Escriba un monto de pago válido',
  [PAYMENT_MSG_EXTRA.zipInvalid]: 'Escriba un código postal de facturación válido',
  [PAYMENT_MSG_EXTRA.checkNumberInvalid]: 'Use un número de cheque válido',
  [PAYMENT_MSG_EXTRA.authorizationRequired]: 'Marque la casilla para autorizar este pago desde su cuenta bancaria.',
  [PAYMENT_OUTCOME_TEXT.authorizationChanged]: paymentOutcomeTexts.es.authorizationChanged,
  // Saved methods (issue 22) and automatic payments: the refusals their pages show.
  'The nickname cannot hold a long number.': 'El apodo no puede contener un número largo.',
  [`The nickname can be at most ${SAVED_METHOD_NICKNAME_MAX} characters.`]: `El apodo puede tener como máximo ${SAVED_METHOD_NICKNAME_MAX} caracteres.`,
  'This card has expired.': 'Esta tarjeta está vencida.',
  'Discover cards are not accepted for this policy.': 'Esta póliza no acepta tarjetas Discover.',
  'Troy cards are not accepted for this policy.': 'Esta póliza no acepta tarjetas Troy.',
  'This payment method was not found in your profile.': 'Este método de pago no está en su perfil.',
  'We could not remove this payment method just now. Please try again later.': 'No pudimos eliminar este método de pago en este momento. Inténtelo más tarde.',
  'We could not save this payment method just now. Nothing was saved; please try again later.':
    'No pudimos guardar este método de pago en este momento. No se guardó nada; inténtelo más tarde.',
  'Please read the terms and check the box to accept them.': 'Lea los términos y marque la casilla para aceptarlos.',
  'The terms have changed since the page was opened. Please read them again and accept them.':
    'Los términos cambiaron desde que abrió la página. Léalos otra vez y acéptelos.',
  'Automatic payments are not on for this policy.': 'Los pagos automáticos no están activos para esta póliza.',
  'Automatic payments for this policy were changed by another request at the same moment. Please look at them again before changing them.':
    'Los pagos automáticos de esta póliza se cambiaron en otra solicitud al mismo tiempo. Revíselos otra vez antes de cambiarlos.',
  'We could not verify this bank account, so automatic payments were not turned on. Please choose another payment method.':
    'No pudimos verificar esta cuenta bancaria, así que los pagos automáticos no se activaron. Elija otro método de pago.',
  [CHANGE_TOO_LATE]:
    'Faltan menos de 3 días hábiles para su pago automático, así que ya no se puede detener ni cambiar. Puede detener o cambiar los pagos automáticos después de ese pago.',
}
