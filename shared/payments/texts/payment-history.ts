import type { Locale } from '../../i18n/locale'

/**
 * Payment History's descriptions in Spanish (issue 36). They come from the policy system and from our own
 * posting (0009: 'Online Payment - Credit Card'), as 'what - how'; each known part is said in Spanish, an
 * unknown one stays as the policy system wrote it.
 */
const PARTS_ES: Readonly<Record<string, string>> = {
  'Online Payment': 'Pago en línea',
  'Renewal Premium': 'Prima de renovación',
  'New Business Premium': 'Prima de póliza nueva',
  'Installment Payment': 'Pago de cuota',
  'Down Payment': 'Pago inicial',
  'Renewal Down Payment': 'Pago inicial de renovación',
  'Partial Payment': 'Pago parcial',
  'Reinstatement Payment': 'Pago de rehabilitación',
  'Returned Payment': 'Pago devuelto',
  'Paid in Full': 'Pagada por completo',
  EFT: 'Débito automático',
  Online: 'En línea',
  Check: 'Cheque',
  'Credit Card': 'Tarjeta de crédito',
  'Agent Remittance': 'Pago por medio del agente',
  'Insufficient Funds': 'Fondos insuficientes',
}

export function paymentDescriptionIn(locale: Locale, description: string): string {
  if (locale === 'en') return description
  return description
    .split(' - ')
    .map((part) => PARTS_ES[part.trim()] ?? part)
    .join(' - ')
}
