/**
 * Fixed dates for the demo data. Nothing in the seed reads the clock: every date is fixed (anchored on
 * 2026-11-01), so reruns produce the same rows and the same PDFs.
 */

/** created_at / updated_at of seeded rows (epoch milliseconds, like the rest of the worker). */
export const SEED_TIMESTAMP = Date.UTC(2026, 10, 1, 12, 0, 0)

/** Creation and modification date written into every generated PDF. */
export const PDF_DATE = new Date(SEED_TIMESTAMP)

function parse(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) throw new Error(`not a yyyy-mm-dd date: ${iso}`)
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10)
}

export function addDays(date: string, days: number): string {
  const d = parse(date)
  d.setUTCDate(d.getUTCDate() + days)
  return iso(d)
}

/** Adds calendar months, clamping the day to the end of a shorter month. */
export function addMonths(date: string, months: number): string {
  const d = parse(date)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return iso(d)
}

export function addYears(date: string, years: number): string {
  return addMonths(date, years * 12)
}
