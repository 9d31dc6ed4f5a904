import { defineTexts } from '../i18n/catalog'
import { formatDateIn } from '../i18n/format'
import type { Locale } from '../i18n/locale'

/**
 * What to do instead, wherever the portal says it cannot do something (issue 21 item 1: never a dead
 * end without a number to call). The spec's own texts stay as they are; these follow them, and the page
 * puts the phone number after each as a tap-to-call link. Spanish beside the English (issue 36): the
 * claims, payments and shell pages take DEAD_END_TEXTS[locale], written here once.
 */
export const DEAD_END_TEXTS = defineTexts(
  {
    /** After spec 001's flood-balance message on Report a Claim. */
    floodBalanceCall: 'To report a loss now, call our claims line, 24 hours a day:',
    floodBalancePay: 'Or pay the balance, then report the claim here:',
    /** A cancelled policy: a loss from before the cancellation is still covered and can be reported. */
    cancelledPriorLoss: 'A loss that happened before then can still be reported by phone, 24 hours a day:',
    /** A policy whose claims cannot be reported online (cancelled, excess flood): under the policy menu. */
    claimByPhone: 'Report a claim by phone, 24 hours a day:',
    /** Make a Payment without JavaScript, before anyone types a card number. */
    payByPhone: 'To pay by phone, call',
    cancelledSince: (date: string) => `Cancelled since ${date}.`,
    cancelled: 'This policy is cancelled.',
    callAgent: 'Call your agent:',
    callAgentNamed: (name: string) => `Call your agent, ${name}:`,
  },
  {
    floodBalanceCall: 'Para reportar una pérdida ahora, llame a nuestra línea de reclamos, las 24 horas del día:',
    floodBalancePay: 'O pague el saldo y después reporte el reclamo aquí:',
    cancelledPriorLoss: 'Una pérdida ocurrida antes de esa fecha todavía se puede reportar por teléfono, las 24 horas del día:',
    claimByPhone: 'Reporte un reclamo por teléfono, las 24 horas del día:',
    payByPhone: 'Para pagar por teléfono, llame al',
    cancelledSince: (date) => `Cancelada desde el ${date}.`,
    cancelled: 'Esta póliza está cancelada.',
    callAgent: 'Llame a su agente:',
    callAgentNamed: (name) => `Llame a su agente, ${name}:`,
  },
)

/** 'Cancelled since {date}.' when the cancellation's date is known (issue 21 item 1), else 'This policy is cancelled.' */
export function cancelledSinceText(cancellationDate: string | undefined, locale: Locale = 'en'): string {
  const t = DEAD_END_TEXTS[locale]
  return cancellationDate ? t.cancelledSince(formatDateIn(locale, cancellationDate)) : t.cancelled
}

/** 'Call your agent, {name}:' (the name left out when there is none). */
export function callAgentText(agentName: string, locale: Locale = 'en'): string {
  const name = agentName.trim()
  const t = DEAD_END_TEXTS[locale]
  return name ? t.callAgentNamed(name) : t.callAgent
}
