import { defineTexts } from '../../i18n/catalog'
import { PAYOUT_CHOICE_WORDS, PAYOUT_TEXT } from '../payout/payout-choice'
import { lenderSteps } from '../payout/lender-release'

/**
 * The claim page's payments and 'How you get paid' (decision 210) in both languages (issue 36). The form's
 * refusals are messages (shared/claims/messages-es.ts); these are its texts and the payments' words.
 */
const [endorse, inspect, stages, ownSteps] = lenderSteps(Number.MAX_SAFE_INTEGER)

export const payoutTexts = defineTexts(
  {
    heading: PAYOUT_TEXT.heading,
    intro: PAYOUT_TEXT.intro,
    deposit: PAYOUT_TEXT.deposit,
    check: PAYOUT_TEXT.check,
    routing: PAYOUT_TEXT.routing,
    account: PAYOUT_TEXT.account,
    holder: PAYOUT_TEXT.holder,
    payee: PAYOUT_TEXT.payee,
    address1: PAYOUT_TEXT.address1,
    address2: PAYOUT_TEXT.address2,
    city: PAYOUT_TEXT.city,
    state: PAYOUT_TEXT.state,
    zipCode: PAYOUT_TEXT.zipCode,
    submit: PAYOUT_TEXT.submit,
    saved: PAYOUT_TEXT.saved,
    notChosen: 'Not chosen yet.',
    howPay: 'How should we pay you?',
    choose: 'Choose',
    depositTo: PAYOUT_CHOICE_WORDS.depositTo,
    checkTo: PAYOUT_CHOICE_WORDS.checkTo,
    paymentsHeading: 'Payments',
    noPayments: 'No payments have been issued on this claim yet.',
    paymentLine: (amount: string, method: string) => `${amount} by ${method}. Status: `,
    madeOutTo: 'Made out to you and',
    and: ' and ',
    lenderNeedsBefore: 'What',
    lenderNeedsAfter: 'needs before releasing the money',
    loanNumber: (loanId: string) => ` (loan number ${loanId})`,
    lenderEndorse: endorse!,
    lenderInspect: inspect!,
    lenderStages: stages!,
    lenderOwnSteps: ownSteps!,
  },
  {
    heading: 'Cómo recibe su pago',
    intro: 'Elija cómo le paga el equipo de reclamos en este reclamo. Puede cambiarlo hasta que se emita un pago.',
    deposit: 'Depósito directo en una cuenta bancaria',
    check: 'Un cheque enviado por correo a la dirección que usted elija',
    routing: 'Número de ruta',
    account: 'Número de cuenta',
    holder: 'Nombre del titular de la cuenta',
    payee: 'Nombre en el cheque',
    address1: 'Dirección',
    address2: 'Apartamento, unidad (opcional)',
    city: 'Ciudad',
    state: 'Estado',
    zipCode: 'Código postal',
    submit: 'Guardar cómo recibo el pago',
    saved: 'Guardado. El equipo de reclamos le pagará de esta forma.',
    notChosen: 'Todavía no lo ha elegido.',
    howPay: '¿Cómo desea que le paguemos?',
    choose: 'Elija',
    depositTo: (bank, last4) => `Depósito directo en la cuenta de ${bank} que termina en ${last4}`,
    checkTo: (payee, address) => `Cheque a nombre de ${payee}, enviado por correo a ${address}`,
    paymentsHeading: 'Pagos',
    noPayments: 'Todavía no se han emitido pagos en este reclamo.',
    paymentLine: (amount, method) => `${amount} por ${method}. Estado: `,
    madeOutTo: 'A nombre de usted y de',
    and: ' y ',
    lenderNeedsBefore: 'Lo que',
    lenderNeedsAfter: 'necesita antes de entregar el dinero',
    loanNumber: (loanId) => ` (número de préstamo ${loanId})`,
    lenderEndorse: 'Endose (firme) el cheque y luego envíelo a la compañía hipotecaria para que lo endose.',
    lenderInspect:
      'La compañía hipotecaria puede inspeccionar las reparaciones, o pedir el presupuesto y las facturas del contratista, antes de entregar el dinero.',
    lenderStages: 'Para un monto tan grande, la compañía hipotecaria suele entregar el dinero por etapas, a medida que se hacen las reparaciones.',
    lenderOwnSteps: 'Cada compañía hipotecaria fija sus propios pasos: llame a su departamento de reclamos de seguro con su número de préstamo.',
  },
)

export type PayoutTexts = (typeof payoutTexts)['en']
