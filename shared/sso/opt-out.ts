/**
 * The privacy opt-out preference (spec 000 section 9, spec 001 "Opt-out confirmation page"): 1 opt-in
 * (the default), 0 opt-out; stored in a cookie as C0004:{value}. A browser sending the Global Privacy
 * Control signal (Sec-GPC: 1) is treated as opted out without being asked.
 */
export type OptOutPreference = 0 | 1

export const DEFAULT_OPT_OUT_PREFERENCE: OptOutPreference = 1
export const OPT_OUT_COOKIE = 'PgrOptOutPref'

/** '0' or '1'; missing or blank gives the default; anything else is null (not a preference). */
export function parseOptOutPreference(value: string | null | undefined): OptOutPreference | null {
  if (value === null || value === undefined || value.trim() === '') return DEFAULT_OPT_OUT_PREFERENCE
  const v = value.trim()
  return v === '0' ? 0 : v === '1' ? 1 : null
}

/**
 * What a person who followed the opt-out link chose, when its value cannot be read ('2', 'yes'): the
 * page exists to opt out, so doubt resolves toward not selling or sharing (issue 21 item 10). The
 * caller logs the odd value; the person is never turned away with their preference unsaved.
 */
export function chosenOptOutPreference(value: string | null | undefined): { preference: OptOutPreference; odd: boolean } {
  const parsed = parseOptOutPreference(value)
  return parsed === null ? { preference: 0, odd: true } : { preference: parsed, odd: false }
}

/** The GPC header says "do not sell or share" when its value is exactly 1. */
export function gpcOptsOut(header: string | null | undefined): boolean {
  return header?.trim() === '1'
}

export function effectiveOptOutPreference(preference: OptOutPreference, gpc: boolean): OptOutPreference {
  return gpc ? 0 : preference
}

export function optOutCookieValue(preference: OptOutPreference): string {
  return `C0004:${preference}`
}

/** Spec 001 "Opt-out confirmation page": the title, and the texts for persistSuccessful 0 and otherwise. */
export const OPT_OUT_TEXT = {
  title: 'Do Not Sell or Share My Personal Information: California Residents Only',
  success: 'Your request has successfully been processed.',
  browserOnly:
    'Your opt-out request applies to this browser only. It is not linked to your profile, so please repeat it on any other browser or device you use, and again after you log in again.',
  close: 'Close this window',
} as const

/** Whether the page shows the success text: persistSuccessful other than 0, and the record not refused. */
export function optOutPersisted(persistSuccessful: string | null | undefined, recorded: 'recorded' | 'failed' | 'not-sent'): boolean {
  return persistSuccessful?.trim() !== '0' && recorded !== 'failed'
}
