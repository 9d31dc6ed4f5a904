import type { Locale } from '../i18n/locale'
import type { CoverageCode, CoverageForm, Coverages, Deductible } from './schemas/coverages'

/** Rules over a policy's coverages (issue 24). Pure; money is integer cents. */

const HOMEOWNERS_NAMES: Readonly<Partial<Record<CoverageCode, string>>> = {
  A: 'Dwelling',
  B: 'Other structures',
  C: 'Personal property',
  D: 'Loss of use',
  E: 'Personal liability',
  F: 'Medical payments to others',
}
const OTHER_NAMES: Readonly<Partial<Record<CoverageCode, string>>> = {
  BUILDING: 'Building',
  CONTENTS: 'Contents',
  EACH_OCCURRENCE: 'Each occurrence',
  AGGREGATE: 'Aggregate',
  BUSINESS_PERSONAL_PROPERTY: 'Business personal property',
  BUSINESS_INCOME: 'Business income',
  COMPLETED_VALUE: 'Completed value',
}

const HOMEOWNERS_NAMES_ES: Readonly<Partial<Record<CoverageCode, string>>> = {
  A: 'Vivienda',
  B: 'Otras estructuras',
  C: 'Bienes personales',
  D: 'Pérdida de uso',
  E: 'Responsabilidad civil personal',
  F: 'Pagos médicos a terceros',
}
const OTHER_NAMES_ES: Readonly<Partial<Record<CoverageCode, string>>> = {
  BUILDING: 'Edificio',
  CONTENTS: 'Contenido',
  EACH_OCCURRENCE: 'Cada incidente',
  AGGREGATE: 'Total del período',
  BUSINESS_PERSONAL_PROPERTY: 'Bienes del negocio',
  BUSINESS_INCOME: 'Ingresos del negocio',
  COMPLETED_VALUE: 'Valor al terminar la obra',
}

/**
 * A coverage's name on the form: 'Coverage A - Dwelling'; a dwelling-fire D is fair rental value; a condo A
 * is the unit. In Spanish (issue 36) 'Cobertura A - Vivienda', the letter kept: the declarations page names it.
 */
export function coverageName(form: CoverageForm, code: CoverageCode, locale: Locale = 'en'): string {
  const es = locale === 'es'
  const own = (es ? HOMEOWNERS_NAMES_ES : HOMEOWNERS_NAMES)[code]
  if (!own) return (es ? OTHER_NAMES_ES : OTHER_NAMES)[code] ?? code
  const word = es ? 'Cobertura' : 'Coverage'
  if (form === 'HO6' && code === 'A') return es ? `${word} A - Vivienda (su unidad)` : 'Coverage A - Dwelling (your unit)'
  if ((form === 'DP1' || form === 'DP3') && code === 'D') return es ? `${word} D - Valor de alquiler justo` : 'Coverage D - Fair rental value'
  return `${word} ${code} - ${own}`
}

/** The limit percentage deductibles are taken from: Coverage A, else the building, else the completed value; 0 when none. */
export function dwellingLimit(c: Pick<Coverages, 'limits'>): number {
  for (const code of ['A', 'BUILDING', 'COMPLETED_VALUE'] as const) {
    const found = c.limits.find((l) => l.code === code)
    if (found) return found.limit
  }
  return 0
}

/** A deductible in cents: its amount, or its percentage of the dwelling limit rounded to whole dollars. */
export function deductibleCents(d: Deductible, dwellingLimitCents: number): number {
  if ('amount' in d) return d.amount
  return Math.round((dwellingLimitCents * d.percentOfDwelling) / 100 / 100) * 100
}

/** The claim form's deductibles box (spec 001 "Your Deductibles"): peril -> cents, from the coverages. */
export function claimDeductibles(c: Pick<Coverages, 'limits' | 'deductibles'>): Record<string, number> {
  const base = dwellingLimit(c)
  return Object.fromEntries(c.deductibles.map((d) => [d.peril, deductibleCents(d, base)]))
}
