/** Display formats shared by pages and islands: dates MM/dd/yyyy, USD, phone (800) 555-0134. */

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

/**
 * A phone number as texts print it (issue 35: one formatter, so no mail prints '18005550134'): 10 digits,
 * or 11 with the country code 1, become '(800) 555-0134'; anything else is returned as given, trimmed.
 * Form fields keep spec 000's 3-3-4 mask (shared/claims/masks.ts).
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '')
  const national = /^1?(\d{3})(\d{3})(\d{4})$/.exec(digits)
  return national && !/[a-z]/i.test(raw) ? `(${national[1]}) ${national[2]}-${national[3]}` : raw.trim()
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

/** A file's size as a person reads it: '240 KB' under a megabyte (at least 1 KB), else '2.4 MB' (1024-based, as the 10 MB limit). */
export function formatFileSize(bytes: number): string {
  const mb = 1024 * 1024
  return bytes < mb ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / mb).toFixed(1)} MB`
}
