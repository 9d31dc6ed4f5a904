import { z } from 'zod'
import { formatWholeUsd } from '../../format'
import { defineTexts } from '../../i18n/catalog'
import { formatDateIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import { policyWordIn } from '../policy-words'
import { deductibleCents } from '../coverages'
import type { Deductible } from '../schemas/coverages'
import { effectiveDate, type DateWindow } from './mortgagee'

/**
 * The deductible (issue 34 item 4, decision 216): another all-other-perils deductible, and another
 * wind/hail or hurricane percentage where the policy's coverage has one. One schema for the page's
 * form; the words of what changes (describeDeductibleChange, with the note on losses before the change)
 * and what binding does (applyDeductibleChange, which the stand-in uses) live here. What it does to
 * the premium is the carrier's: the stand-in's stated table (worker/dev/policy-admin/rules.ts).
 */
export const DEDUCTIBLE_TEXTS = defineTexts(
  {
    heading: 'Change my deductible',
    intro:
      'A higher deductible lowers your premium; a lower one raises it. You pay the deductible toward each covered loss before the policy pays. The review shows the premium’s change before anything is sent.',
    allOtherPerils: 'All other perils deductible',
    allOtherPerilsHint: 'For every covered loss without a deductible of its own.',
    windstorm: (peril: string) => `${peril} deductible`,
    windstormHint: 'A percentage of the dwelling limit (Coverage A).',
    now: 'now',
    submit: 'Review the change',
    allOtherPerilsRequired: 'Choose an all other perils deductible.',
    windstormRequired: 'Choose a percentage.',
    unchanged: 'These are the deductibles the policy has now. Choose another one, or go back.',
    noDeductibles: 'This policy has no all other perils deductible to change online.',
    /** The open-claim note: said on the review, in the mail, the history and the packet. */
    lossesBefore: (date: string, locale: Locale = 'en') =>
      `A loss that happened before ${formatDateIn(locale, date)}, including a claim already open, keeps the deductible the policy had when it happened.`,
    allOtherPerilsName: 'All other perils',
    line: (name: string, from: string, to: string) => `${name} deductible: from ${from} to ${to}.`,
    percent: (pct: number, amount: string) => `${pct}% of the dwelling limit (${amount})`,
  },
  {
    heading: 'Cambiar mi deducible',
    intro:
      'Un deducible más alto baja su prima; uno más bajo la sube. Usted paga el deducible en cada pérdida cubierta antes de que pague la póliza. La revisión muestra el cambio de la prima antes de enviar nada.',
    allOtherPerils: 'Deducible de todos los demás riesgos',
    allOtherPerilsHint: 'Para cada pérdida cubierta que no tiene su propio deducible.',
    windstorm: (peril) => `Deducible de ${peril}`,
    windstormHint: 'Un porcentaje del límite de la vivienda (Cobertura A).',
    now: 'actual',
    submit: 'Revisar el cambio',
    allOtherPerilsRequired: 'Elija un deducible de todos los demás riesgos.',
    windstormRequired: 'Elija un porcentaje.',
    unchanged: 'Estos son los deducibles que la póliza tiene ahora. Elija otro, o regrese.',
    noDeductibles: 'Esta póliza no tiene un deducible de todos los demás riesgos que se pueda cambiar en línea.',
    lossesBefore: (date, locale = 'es') =>
      `Una pérdida ocurrida antes del ${formatDateIn(locale, date)}, incluido un reclamo ya abierto, conserva el deducible que la póliza tenía cuando ocurrió.`,
    allOtherPerilsName: 'Todos los demás riesgos',
    line: (name, from, to) => `Deducible de ${name.toLowerCase()}: de ${from} a ${to}.`,
    percent: (pct, amount) => `${pct}% del límite de la vivienda (${amount})`,
  },
)
export const DEDUCTIBLE_TEXT = DEDUCTIBLE_TEXTS.en

/** The all-other-perils deductibles offered, in cents. */
export const ALL_OTHER_PERILS_CHOICES = [50_000, 100_000, 250_000, 500_000] as const
/** The wind/hail or hurricane percentages of the dwelling limit offered. */
export const WINDSTORM_CHOICES = [1, 2, 5] as const

const AOP = 'All Other Perils'
const WINDSTORM_PERILS = ['Wind/Hail', 'Hurricane'] as const
type WindstormPeril = (typeof WINDSTORM_PERILS)[number]

/** The policy's wind/hail or hurricane deductible, where its coverage has one (only then is it offered). */
export function windstormPerilOf(deductibles: readonly Deductible[]): WindstormPeril | null {
  const found = deductibles.find((d) => (WINDSTORM_PERILS as readonly string[]).includes(d.peril))
  return (found?.peril as WindstormPeril | undefined) ?? null
}

export const hasAllOtherPerils = (deductibles: readonly Deductible[]) => deductibles.some((d) => d.peril === AOP)

/** The form, for the dates of `w` and the windstorm peril the policy has (null: none is offered). */
export function deductibleChangeSchema(w: DateWindow, windstorm: WindstormPeril | null) {
  const aop = z.coerce
    .number({ error: DEDUCTIBLE_TEXT.allOtherPerilsRequired })
    .refine((n) => (ALL_OTHER_PERILS_CHOICES as readonly number[]).includes(n), DEDUCTIBLE_TEXT.allOtherPerilsRequired)
  const wind = z.coerce
    .number({ error: DEDUCTIBLE_TEXT.windstormRequired })
    .refine((n) => (WINDSTORM_CHOICES as readonly number[]).includes(n), DEDUCTIBLE_TEXT.windstormRequired)
  return z.object({
    allOtherPerils: aop,
    windstormPercent: windstorm ? wind : z.undefined({ error: DEDUCTIBLE_TEXT.windstormRequired }).optional(),
    effectiveDate: effectiveDate(w),
  })
}
export type DeductibleChangeForm = z.output<ReturnType<typeof deductibleChangeSchema>>

export const DEDUCTIBLE_FIELDS = ['allOtherPerils', 'windstormPercent', 'effectiveDate'] as const

/** What the carrier is sent: the all-other-perils amount and, where the policy has one, the windstorm percentage. */
export interface DeductibleChange {
  action: 'change'
  allOtherPerilsCents: number
  windstorm: { peril: WindstormPeril; percentOfDwelling: number } | null
}

export function deductibleChangeOf(form: DeductibleChangeForm, deductibles: readonly Deductible[]): DeductibleChange {
  const peril = windstormPerilOf(deductibles)
  return {
    action: 'change',
    allOtherPerilsCents: form.allOtherPerils,
    windstorm: peril && form.windstormPercent !== undefined ? { peril, percentOfDwelling: form.windstormPercent } : null,
  }
}

/** The deductibles once the change is bound: the all-other-perils amount and the windstorm percentage replaced, the others kept. */
export function applyDeductibleChange(deductibles: readonly Deductible[], change: DeductibleChange): Deductible[] {
  return deductibles.map((d) => {
    if (d.peril === AOP) return { peril: AOP, amount: change.allOtherPerilsCents }
    if (change.windstorm && d.peril === change.windstorm.peril) return { peril: d.peril, percentOfDwelling: change.windstorm.percentOfDwelling }
    return d
  })
}

/** Why the change cannot be made to these deductibles (the form's field and message), or null. */
export function deductibleChangeProblem(
  deductibles: readonly Deductible[],
  change: DeductibleChange,
  locale: Locale = 'en',
): { field: string; message: string } | null {
  const DEDUCTIBLE_TEXT = DEDUCTIBLE_TEXTS[locale]
  if (!hasAllOtherPerils(deductibles)) return { field: 'allOtherPerils', message: DEDUCTIBLE_TEXT.noDeductibles }
  if (change.windstorm && windstormPerilOf(deductibles) !== change.windstorm.peril)
    return { field: 'windstormPercent', message: DEDUCTIBLE_TEXT.windstormRequired }
  if (JSON.stringify(applyDeductibleChange(deductibles, change)) === JSON.stringify(deductibles))
    return { field: 'allOtherPerils', message: DEDUCTIBLE_TEXT.unchanged }
  return null
}

/** A deductible in words: '$1,000', or '2% of the dwelling limit ($8,200)'. */
export function deductibleWords(d: Deductible, dwellingLimitCents: number, locale: Locale = 'en'): string {
  if ('amount' in d) return formatWholeUsd(d.amount)
  return DEDUCTIBLE_TEXTS[locale].percent(d.percentOfDwelling, formatWholeUsd(deductibleCents(d, dwellingLimitCents)))
}

/** Exactly what changes, and that a loss before the change keeps its deductible (the review, the mail, the history, the packet). */
export function describeDeductibleChange(
  deductibles: readonly Deductible[],
  dwellingLimitCents: number,
  change: DeductibleChange,
  effective: string,
  locale: Locale = 'en',
): string[] {
  const t = DEDUCTIBLE_TEXTS[locale]
  const after = applyDeductibleChange(deductibles, change)
  const lines = deductibles.flatMap((d, i) => {
    const next = after[i]!
    if (JSON.stringify(next) === JSON.stringify(d)) return []
    const name = d.peril === AOP ? t.allOtherPerilsName : policyWordIn(locale, d.peril)
    return [t.line(name, deductibleWords(d, dwellingLimitCents, locale), deductibleWords(next, dwellingLimitCents, locale))]
  })
  return [...lines, t.lossesBefore(effective, locale)]
}
