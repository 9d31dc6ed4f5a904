import type { MailMessage } from '../../integrations/mail/port'
import { formatPhone } from '../../../shared/format'
import { defineTexts } from '../../../shared/i18n/catalog'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import type { Locale } from '../../../shared/i18n/locale'

/**
 * The emails of automatic payments (issue 22 item 2): the terms as accepted (a copy of the recurring
 * authorization to keep), a stop, and a declined draft with the way to pay now. Brand and last four
 * only. (Texts for product review: decision 176.) Written in the person's language (issue 36) when
 * queued, so a retry of the delivery sends the same words.
 */
interface Enrolled {
  policyId: string
  methodLabel: string
  termsText: string
  nextDraft: string
  phone: string
}
interface Declined {
  policyId: string
  amount: string
  methodLabel: string
  due: string
  portal: string
  phone: string
}

const autopayMailTexts = defineTexts(
  {
    enrolledSubject: (policyId: string) => `Automatic payments are on for policy ${policyId}`,
    enrolledText: (f: Enrolled) =>
      [
        `Automatic payments are on for policy ${f.policyId}, from your ${f.methodLabel}.`,
        f.nextDraft,
        '',
        'The authorization you accepted (please keep this email):',
        f.termsText,
        '',
        `To stop them, open Automatic Payments on your policy in the portal, or call us at ${f.phone}, at least 3 business days before a draft.`,
      ].join('\n'),
    stoppedSubject: (policyId: string) => `Automatic payments are off for policy ${policyId}`,
    stoppedText: (policyId: string, phone: string) =>
      [
        `Automatic payments for policy ${policyId} are stopped: nothing more will be taken automatically.`,
        'Please pay each amount due by its due date yourself, in the portal or by calling us.',
        '',
        `If you did not do this, call us at ${phone}.`,
      ].join('\n'),
    declinedSubject: (policyId: string) => `Your automatic payment on policy ${policyId} did not go through`,
    declinedText: (f: Declined) =>
      [
        `Your automatic payment of ${f.amount} on policy ${f.policyId} from ${f.methodLabel}, due ${f.due}, did not go through, and nothing was charged.`,
        '',
        `The amount is still due. Please pay it now in the portal: ${f.portal} (Make a Payment on your policy), or call us at ${f.phone}.`,
        'Your automatic payments stay on for your next due dates.',
      ].join('\n'),
  },
  {
    enrolledSubject: (policyId) => `Los pagos automáticos están activos para la póliza ${policyId}`,
    enrolledText: (f) =>
      [
        `Los pagos automáticos están activos para la póliza ${f.policyId}, con su ${f.methodLabel}.`,
        f.nextDraft,
        '',
        'La autorización que usted aceptó (guarde este correo):',
        f.termsText,
        '',
        `Para detenerlos, abra Pagos automáticos en su póliza en el portal, o llámenos al ${f.phone}, al menos 3 días hábiles antes de un débito.`,
      ].join('\n'),
    stoppedSubject: (policyId) => `Los pagos automáticos están desactivados para la póliza ${policyId}`,
    stoppedText: (policyId, phone) =>
      [
        `Los pagos automáticos de la póliza ${policyId} se detuvieron: ya no se cobrará nada automáticamente.`,
        'Pague usted mismo cada monto antes de su fecha de vencimiento, en el portal o llamándonos.',
        '',
        `Si usted no hizo este cambio, llámenos al ${phone}.`,
      ].join('\n'),
    declinedSubject: (policyId) => `Su pago automático de la póliza ${policyId} no se completó`,
    declinedText: (f) =>
      [
        `Su pago automático de ${f.amount} de la póliza ${f.policyId} con ${f.methodLabel}, con vencimiento el ${f.due}, no se completó, y no se cobró nada.`,
        '',
        `El monto se sigue debiendo. Páguelo ahora en el portal: ${f.portal} (Realizar un pago en su póliza), o llámenos al ${f.phone}.`,
        'Sus pagos automáticos siguen activos para sus próximas fechas de vencimiento.',
      ].join('\n'),
  },
)

export function autopayEnrolledMail(
  to: string,
  f: { policyId: string; methodLabel: string; termsText: string; nextDraft: string; supportPhone: string },
  locale: Locale = 'en',
): MailMessage {
  const t = autopayMailTexts[locale]
  return {
    kind: 'autopay-enrolled',
    to,
    subject: t.enrolledSubject(f.policyId),
    text: t.enrolledText({ ...f, phone: formatPhone(f.supportPhone) }),
  }
}

export function autopayStoppedMail(to: string, f: { policyId: string; supportPhone: string }, locale: Locale = 'en'): MailMessage {
  const t = autopayMailTexts[locale]
  return { kind: 'autopay-stopped', to, subject: t.stoppedSubject(f.policyId), text: t.stoppedText(f.policyId, formatPhone(f.supportPhone)) }
}

export function autopayDeclinedMail(
  to: string,
  f: { policyId: string; amountCents: number; methodLabel: string; dueDate: string; portalUrl: string; supportPhone: string },
  locale: Locale = 'en',
): MailMessage {
  const t = autopayMailTexts[locale]
  return {
    kind: 'autopay-declined',
    to,
    subject: t.declinedSubject(f.policyId),
    text: t.declinedText({
      policyId: f.policyId,
      amount: formatUsdIn(locale, f.amountCents),
      methodLabel: f.methodLabel,
      due: formatDateIn(locale, f.dueDate),
      portal: `${f.portalUrl.replace(/\/+$/, '')}/`,
      phone: formatPhone(f.supportPhone),
    }),
  }
}
