import { isCancelled } from '../permissions'
import { defineTexts } from '../../i18n/catalog'
import { formatMinutesIn, formatUsdIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'

/**
 * Changes a policyholder makes to the policy themselves (issue 34, decision 214). Each kind is quoted by
 * the carrier's policy administration system, reviewed, then bound; the portal keeps every change it
 * asked for (migration 0033's policy_changes) as the policy's history of changes.
 *
 * The mortgage company (item 2), the mailing address (item 3, decision 215), the deductible (item 4,
 * decision 216) and the billing plan (item 5, decision 217) are built. Each kind: a schema beside mortgagee.ts, a line in CHANGE_KINDS, a rule row in the
 * stand-in's table (worker/dev/policy-admin/rules.ts) and its parts, step-up and writes in
 * worker/services/policy-changes/change-kinds.ts.
 */
const CHANGE_KINDS = ['mortgagee', 'mailing-address', 'deductible', 'billing-plan'] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

/**
 * quoted: priced, waiting for the person's confirmation; binding: sent to be bound (one request at a
 * time holds it); bound: in force from its effective date; referred: the carrier reviews it before it
 * takes effect, someone calls.
 */
export type ChangeStatus = 'quoted' | 'binding' | 'bound' | 'referred'

/** The kinds' names and the way to them (issue 36: Spanish beside the English). */
export const CHANGE_NAME_TEXTS = defineTexts(
  {
    heading: 'Change my policy',
    mortgagee: 'Mortgage company',
    'mailing-address': 'Mailing address and contact details',
    deductible: 'Deductible',
    'billing-plan': 'Billing plan and due date',
  },
  {
    heading: 'Cambiar mi póliza',
    mortgagee: 'Compañía hipotecaria',
    'mailing-address': 'Dirección postal y datos de contacto',
    deductible: 'Deducible',
    'billing-plan': 'Plan de pagos y fecha de vencimiento',
  },
)

export const CHANGE_KIND_NAMES: Record<ChangeKind, string> = {
  mortgagee: CHANGE_NAME_TEXTS.en.mortgagee,
  'mailing-address': CHANGE_NAME_TEXTS.en['mailing-address'],
  deductible: CHANGE_NAME_TEXTS.en.deductible,
  'billing-plan': CHANGE_NAME_TEXTS.en['billing-plan'],
}

/** A kind's name in a language. */
export const changeKindName = (kind: ChangeKind, locale: Locale = 'en'): string => CHANGE_NAME_TEXTS[locale][kind]

const STATUS_TEXTS = defineTexts(
  {
    quoted: 'Not sent: waiting for your confirmation',
    binding: 'Being sent',
    bound: 'Done',
    referred: 'Pending: our policy services team reviews it',
  },
  {
    quoted: 'No enviado: espera su confirmación',
    binding: 'Enviándose',
    bound: 'Hecho',
    referred: 'Pendiente: nuestro equipo de servicios de pólizas lo revisa',
  },
)

export const changeStatusWords = (status: ChangeStatus, locale: Locale = 'en'): string => STATUS_TEXTS[locale][status]

/** The spec's English words of the changes (the schemas', refusals' and tests' text). */
export const CHANGES_TEXT = {
  heading: CHANGE_NAME_TEXTS.en.heading,
  intro: 'Make these changes yourself. Each one is reviewed with you before it is sent, and takes effect on the date you choose.',
  history: 'Changes to this policy',
  noHistory: 'No change has been made online yet.',
  /** Who calls about a referred change, and when. */
  referredCall: (phone: string) =>
    `A policy services specialist will call you at the phone number on your policy within 2 business days. You can also call us at ${phone}.`,
  cannotOnline: 'What you cannot change here',
  cannotOnline1: 'Who is insured, the property insured or its coverages other than the deductible',
  cannotOnline2: 'A change dated before today',
  cannotOnline3: 'Cancelling the policy',
  callUs: (phone: string) => `For these, call policy services at ${phone}, or your agent.`,
  callUsLead: 'For these, call policy services at ',
  callUsTail: ', or your agent.',
  bindFailed: 'We could not send your change just now. Nothing was changed; please try again in a few minutes.',
  quoteFailed: 'We could not price your change just now. Nothing was changed; please try again in a few minutes.',
  refused: (phone: string) => `This change cannot be made online. Please call policy services at ${phone}.`,
  paused: (minutes: string) => `Several changes were priced in a short time, so this is paused to protect your account. Please try again in ${minutes}.`,
  minutes: (n: number) => formatMinutesIn('en', n),
  busy: 'This change is being sent already. Its result is shown below.',
  stale: 'Your policy changed since this change was priced, so it was not sent. Please start it again.',
  notInForce: 'This policy is not in force, so it cannot be changed online.',
  flood: 'Flood policies are changed through the National Flood Insurance Program, not online.',
  noChange: 'No change',
  more: (amount: string) => `${amount} more for the rest of the term`,
  less: (amount: string) => `${amount} less for the rest of the term`,
} as const

export const CHANGES_TEXTS = defineTexts(CHANGES_TEXT, {
  heading: CHANGE_NAME_TEXTS.es.heading,
  intro: 'Haga estos cambios usted mismo. Cada uno se revisa con usted antes de enviarse y entra en vigor en la fecha que usted elija.',
  history: 'Cambios a esta póliza',
  noHistory: 'Todavía no se ha hecho ningún cambio en línea.',
  referredCall: (phone) =>
    `Un especialista de servicios de pólizas le llamará al teléfono de su póliza dentro de 2 días hábiles. También puede llamarnos al ${phone}.`,
  cannotOnline: 'Lo que no puede cambiar aquí',
  cannotOnline1: 'Quién está asegurado, la propiedad asegurada o sus coberturas, salvo el deducible',
  cannotOnline2: 'Un cambio con fecha anterior a hoy',
  cannotOnline3: 'Cancelar la póliza',
  callUs: (phone) => `Para esto, llame a servicios de pólizas al ${phone}, o a su agente.`,
  callUsLead: 'Para esto, llame a servicios de pólizas al ',
  callUsTail: ', o a su agente.',
  bindFailed: 'No pudimos enviar su cambio en este momento. No se cambió nada; vuelva a intentarlo en unos minutos.',
  quoteFailed: 'No pudimos calcular el precio de su cambio en este momento. No se cambió nada; vuelva a intentarlo en unos minutos.',
  refused: (phone) => `Este cambio no se puede hacer en línea. Llame a servicios de pólizas al ${phone}.`,
  paused: (minutes) => `Se calcularon varios cambios en poco tiempo, así que esto se pausó para proteger su cuenta. Vuelva a intentarlo en ${minutes}.`,
  minutes: (n) => formatMinutesIn('es', n),
  busy: 'Este cambio ya se está enviando. Su resultado aparece abajo.',
  stale: 'Su póliza cambió desde que se calculó este cambio, así que no se envió. Empiece de nuevo.',
  notInForce: 'Esta póliza no está vigente, así que no se puede cambiar en línea.',
  flood: 'Las pólizas de inundación se cambian por medio del Programa Nacional de Seguro contra Inundaciones, no en línea.',
  noChange: 'Sin cambio',
  more: (amount) => `${amount} más por el resto del período`,
  less: (amount) => `${amount} menos por el resto del período`,
})

/** A policy that cannot be changed online at all, and why; null when it can. */
export function changesClosedReason(p: { policyStatus: string; isFlood: boolean }, locale: Locale = 'en'): string | null {
  if (isCancelled(p)) return CHANGES_TEXTS[locale].notInForce
  if (p.isFlood) return CHANGES_TEXTS[locale].flood
  return null
}

/** The premium's change as the review, the mail, the history and the packet say it. */
export function premiumWords(cents: number, locale: Locale = 'en'): string {
  const t = CHANGES_TEXTS[locale]
  if (cents === 0) return t.noChange
  return cents > 0 ? t.more(formatUsdIn(locale, cents)) : t.less(formatUsdIn(locale, -cents))
}
