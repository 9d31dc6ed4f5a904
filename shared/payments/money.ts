/**
 * Dollars at the edges, integer cents inside (docs/decisions/003). The form and the spec's payload
 * carry dollars with at most two decimals; they become cents once, here, by string arithmetic (never
 * by multiplying a float).
 */

const DOLLARS = /^(\d{0,9})(?:\.(\d{0,2}))?$/

/**
 * '1234.56', '$1,234.56', '12', '12.5', '.5' -> cents; null when it is not an amount in dollars with at
 * most two decimals (three decimals, two dots, letters, a sign, nothing but a dot).
 */
export function parseDollars(text: string): number | null {
  let s = text.trim().replace(/^\$\s*/, '')
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '')
  const m = DOLLARS.exec(s)
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null
  return Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/**
 * The payload's amount (a JSON number, or a string) -> cents. A number is read through its shortest
 * decimal form, so 1234.56 is 123456 and 0.1 + 0.2 (0.30000000000000004) is refused, not rounded.
 */
export function dollarsToCents(value: number | string): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null
    return parseDollars(String(value))
  }
  return parseDollars(value)
}

/** Cents -> '1234.56' (what an amount input shows, and what the payload sends as a number). */
export function centsToDollars(cents: number): string {
  const whole = Math.floor(cents / 100)
  return `${whole}.${String(cents % 100).padStart(2, '0')}`
}

/** The amount input's mask: digits and one dot, at most two decimals ('$1,234.567' -> '1234.56'). */
export function maskDollars(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '')
  const dot = cleaned.indexOf('.')
  if (dot === -1) return cleaned.slice(0, 9)
  return `${cleaned.slice(0, dot).slice(0, 9)}.${cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`
}
