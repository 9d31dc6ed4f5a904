import { defineTexts } from '../../../shared/i18n/catalog'
import { DEAD_END_TEXT } from '../../../shared/policy/dead-ends'

/**
 * The payment pages' own words (issue 36), each language: Make a Payment's gates and its no-script
 * answer, Payment History, Automatic Payments and Payment Methods. English is the pages' as they were.
 */
export const paymentPageTexts = defineTexts(
  {
    makePayment: 'Make a Payment',
    call: (phone: string) => `Call ${phone}`,
    questionsCall: 'Questions about it? Call us at',
    payByPhone: DEAD_END_TEXT.payByPhone,
    autopayLink: 'Automatic payments: pay each amount due on its due date from a saved card or account',
    backToMakePayment: 'Back to Make a Payment',
    // Payment History
    historyTitle: 'Payment History',
    noPayments: 'There is no payment history on this policy.',
    historyPages: 'Payment history pages',
    first: 'First',
    previous: 'Previous',
    next: 'Next',
    last: 'Last',
    pageN: (n: number) => `Page ${n}`,
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
    historyCaption: (policyId: string, page: number, count: number) => `Payments on policy ${policyId}, newest first, page ${page} of ${count}`,
    date: 'Date',
    amount: 'Amount',
    checkNo: 'Check #',
    description: 'Description',
  },
  {
    makePayment: 'Realizar un pago',
    call: (phone) => `Llamar al ${phone}`,
    questionsCall: '¿Tiene preguntas sobre este pago? Llámenos al',
    payByPhone: 'Para pagar por teléfono, llame al',
    autopayLink: 'Pagos automáticos: pague cada monto en su fecha de vencimiento con una tarjeta o cuenta guardada',
    backToMakePayment: 'Volver a Realizar un pago',
    historyTitle: 'Historial de pagos',
    noPayments: 'Esta póliza no tiene historial de pagos.',
    historyPages: 'Páginas del historial de pagos',
    first: 'Primera',
    previous: 'Anterior',
    next: 'Siguiente',
    last: 'Última',
    pageN: (n) => `Página ${n}`,
    pageOf: (page, count) => `Página ${page} de ${count}`,
    historyCaption: (policyId, page, count) => `Pagos de la póliza ${policyId}, los más recientes primero, página ${page} de ${count}`,
    date: 'Fecha',
    amount: 'Monto',
    checkNo: 'N.º de cheque',
    description: 'Descripción',
  },
)
