import type { ClaimsMatrixRow } from './api-shapes'

/**
 * Cause-of-loss choices from the claims matrix (spec 001 section 4 "Homeowners claim flow", steps 3-5).
 */

export type WeatherAnswer = 'yes' | 'no'

export interface Choice {
  value: string
  label: string
}

/** Step 3: weather Yes keeps rows with WeatherRelated of 1 or more; No keeps rows with 1 or less. */
export function rowsForWeather(rows: readonly ClaimsMatrixRow[], weather: WeatherAnswer): ClaimsMatrixRow[] {
  return rows.filter((r) => (weather === 'yes' ? r.WeatherRelated >= 1 : r.WeatherRelated <= 1))
}

/** Step 3: the cause-of-loss options, de-duplicated by PerilDescription, in matrix order. */
export function causeChoices(rows: readonly ClaimsMatrixRow[], weather: WeatherAnswer): Choice[] {
  const seen = new Set<string>()
  const out: Choice[] = []
  for (const r of rowsForWeather(rows, weather)) {
    if (seen.has(r.PerilDescription)) continue
    seen.add(r.PerilDescription)
    out.push({ value: r.PerilDescription, label: r.PerilDescription })
  }
  return out
}

/** Step 4: the detailed causes of a cause (within the weather answer), de-duplicated by Id. */
export function detailedCauseRows(rows: readonly ClaimsMatrixRow[], weather: WeatherAnswer, cause: string): ClaimsMatrixRow[] {
  const seen = new Set<number>()
  return rowsForWeather(rows, weather).filter((r) => {
    if (r.PerilDescription !== cause || seen.has(r.Id)) return false
    seen.add(r.Id)
    return true
  })
}

export function detailedCauseChoices(rows: readonly ClaimsMatrixRow[], weather: WeatherAnswer, cause: string): Choice[] {
  return detailedCauseRows(rows, weather, cause).map((r) => ({ value: String(r.Id), label: r.SubPerilDescription }))
}

/** Step 4: a single detailed option is selected automatically; otherwise nothing is. */
export function autoSelectedDetailedCause(options: readonly ClaimsMatrixRow[]): ClaimsMatrixRow | null {
  return options.length === 1 ? options[0]! : null
}

/** Steps 4-5: what choosing a detailed cause sets: the submission's perilMappingId and the mitigation code. */
export function detailedCauseFacts(row: ClaimsMatrixRow | null | undefined): { perilMappingId: number; mitigationType: number } {
  if (!row) return { perilMappingId: 0, mitigationType: 0 }
  const m = Math.trunc(row.MitigationRequired)
  return { perilMappingId: row.Id, mitigationType: m >= 0 && m <= 4 ? m : 0 }
}

/** The matrix row a detailed-cause value names. */
export function rowById(rows: readonly ClaimsMatrixRow[], id: string | number): ClaimsMatrixRow | undefined {
  const n = Number(id)
  return rows.find((r) => r.Id === n)
}
