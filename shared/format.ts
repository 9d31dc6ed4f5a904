/** Display formats shared by pages and islands: dates MM/dd/yyyy, USD, phone 3-3-4. */

/** `yyyy-mm-dd` -> `MM/dd/yyyy`; anything else is returned unchanged. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Integer cents -> `$1,234.56`. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100)
}

/** Strips non-alphanumerics; 10 digits become 3-3-4 (spec 000 section 5, phone helper). */
export function formatPhone(raw: string): string {
  const s = raw.replace(/[^a-zA-Z0-9]/g, '')
  return /^\d{10}$/.test(s) ? `${s.slice(0, 3)}-${s.slice(3, 6)}-${s.slice(6)}` : s
}

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/

const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 })

/** Integer cents -> `$1,234` (limits and deductibles are whole dollars). */
export function formatWholeUsd(cents: number): string {
  return wholeUsd.format(cents / 100)
}

export interface AddressLike {
  address1: string
  address2?: string
  city: string
  state: string
  zipCode: string
}

/** 'city, ST zip' */
export function cityStateZip(a: Pick<AddressLike, 'city' | 'state' | 'zipCode'>): string {
  return `${a.city}, ${a.state} ${a.zipCode}`.trim()
}

/** A wait in whole minutes as a person reads it: 'a minute', '12 minutes'. */
export function formatMinutes(minutes: number): string {
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`
}
