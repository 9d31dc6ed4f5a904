/**
 * The one address of a claim (issue 32 item 3): /claims/{reference}, where the reference is the portal's
 * claim number (HO-2026-000042) or the claims team's (CLM-…). It opens the claim after sign-in from a
 * mail or a bookmark; the portal picks the claim's policy itself. Mails carry it absolute.
 */
const CLAIM_ADDRESS_PREFIX = '/claims/'

/** What a reference may look like: letters, digits and dashes, as both numbers are; anything else is no claim. */
const REFERENCE = /^[A-Z0-9][A-Z0-9-]{0,63}$/

/** The reference as looked up (upper case), or null when it cannot be one. */
export function claimReferenceOf(raw: string): string | null {
  const ref = raw.trim().toUpperCase()
  return REFERENCE.test(ref) ? ref : null
}

/** The claim's address on this site; `reference` is a claim number (letters, digits, dashes: nothing to escape). */
export function claimAddress(reference: string): string {
  return `${CLAIM_ADDRESS_PREFIX}${reference}`
}

/** The claim's address as a mail carries it: on the portal's base URL (PORTAL_BASE_URL). */
export function claimLink(portalBaseUrl: string, reference: string): string {
  return `${portalBaseUrl.replace(/\/+$/, '')}${claimAddress(reference)}`
}
