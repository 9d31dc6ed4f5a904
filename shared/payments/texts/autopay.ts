import type { Locale } from '../../i18n/locale'
import { autopayTermsText, type TermsFacts } from '../autopay'

/**
 * The automatic payments' terms in Spanish (issue 36): the recurring authorization as the Spanish page shows
 * it. The terms accepted are stored as read (with the same version) and emailed as accepted.
 */
function autopayTermsEs(f: TermsFacts): string {
  const lead =
    f.kind === 'bank'
      ? `Autorizo a ProgHome Insurance a debitar electrónicamente (ACH) mi ${f.method} en cada fecha de vencimiento de la póliza ${f.policyId}, por el monto a pagar en esa fecha según mi factura y el portal, hasta que yo detenga estos pagos automáticos.`
      : `Autorizo a ProgHome Insurance a cobrar a mi ${f.method} en cada fecha de vencimiento de la póliza ${f.policyId}, por el monto a pagar en esa fecha según mi factura y el portal, hasta que yo detenga estos pagos automáticos.`
  return [
    lead,
    f.kind === 'bank'
      ? 'Confirmo que soy el titular de esta cuenta o que estoy autorizado a hacer débitos de ella.'
      : 'Confirmo que estoy autorizado a usar esta tarjeta.',
    'No se cobra nada cuando no hay nada que pagar. Un pago que yo haga antes de una fecha de vencimiento reduce ese débito.',
    `Puedo detener o cambiar los pagos automáticos en el portal (Pagos automáticos en mi póliza, o Métodos de pago en mi perfil) o llamando al ${f.supportPhone}, hasta 3 días hábiles antes de un débito; después, ese débito se hace igual.`,
    'Si un débito es rechazado, recibiré un correo electrónico y el monto se seguirá debiendo; puedo pagarlo en el portal.',
    'Recibo una copia de esta autorización por correo electrónico, y puedo imprimir esta página.',
  ].join(' ')
}

export function autopayTermsTextIn(locale: Locale, f: TermsFacts): string {
  return locale === 'es' ? autopayTermsEs(f) : autopayTermsText(f)
}
