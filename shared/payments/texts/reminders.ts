import type { Locale } from '../../i18n/locale'
import { formatDateIn, formatUsdIn } from '../../i18n/format'
import { reminderSubject, reminderText, type ReminderFacts } from '../reminders'

/** Payment reminders in Spanish (issue 36), the same rules' mails (shared/payments/reminders.ts). */
const FLOOD_LAPSE_ES =
  'Esta es la renovación de su seguro de inundación. Si no se paga, su póliza de inundación terminará (vencerá) en su fecha de renovación. Una póliza de inundación nueva normalmente debe esperar 30 días antes de cubrir algo, así que una inundación en esos 30 días no estaría cubierta. Pagar a tiempo mantiene su cobertura sin interrupción.'

export function reminderSubjectIn(locale: Locale, f: ReminderFacts): string {
  if (locale === 'en') return reminderSubject(f)
  if (f.kind === 'past-due') return `Su pago de la póliza ${f.policyId} está vencido`
  return f.kind === 'due-in-1'
    ? `Su pago de la póliza ${f.policyId} vence pronto`
    : `Su pago de la póliza ${f.policyId} vence el ${formatDateIn('es', f.dueDate)}`
}

export function reminderTextIn(locale: Locale, f: ReminderFacts): string {
  if (locale === 'en') return reminderText(f)
  const amount = formatUsdIn('es', f.amountCents)
  const due = formatDateIn('es', f.dueDate)
  const lead =
    f.kind === 'past-due'
      ? `Su pago de ${amount} de la póliza ${f.policyId} vencía el ${due} y no lo hemos recibido.`
      : `Su pago de ${amount} de la póliza ${f.policyId} vence el ${due}.`
  return [
    lead,
    '',
    `Pague en línea: ${f.portalUrl.replace(/\/+$/, '')}/ (inicie sesión, abra la póliza y elija Realizar un pago), o llámenos al ${f.supportPhone}.`,
    'Consejo: los pagos automáticos pagan cada monto en su fecha de vencimiento; actívelos en Pagos automáticos de su póliza.',
    ...(f.floodRenewal ? ['', FLOOD_LAPSE_ES] : []),
    '',
    'Si ya pagó, gracias: no tome en cuenta este correo.',
    'Puede desactivar estos recordatorios para esta póliza en Métodos de pago de su perfil.',
  ].join('\n')
}
