import { pathOf } from '../routes'
/** Rules of proof of insurance on demand (issue 24). Pure. */

/** 30 letters and digits with none that read alike (no I, L, O, U, 0, 1): a code read over the phone survives. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789'
export const PROOF_CODE = /^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/

/** A code from 12 random bytes: XXXX-XXXX-XXXX (30 symbols; the bias of byte % 30 is below 4% per symbol, 58 bits in all). */
export function proofCodeFrom(random: Uint8Array): string {
  if (random.length < 12) throw new Error('a proof code needs 12 random bytes')
  const chars = Array.from(random.slice(0, 12), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}`
}

/** A typed code as stored: upper case, spaces and dashes ignored; null when it cannot be a code. */
export function normalizeProofCode(typed: string): string | null {
  const bare = typed.toUpperCase().replace(/[\s-]/g, '')
  if (bare.length !== 12) return null
  const code = `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`
  return PROOF_CODE.test(code) ? code : null
}

/**
 * The public check's address with the code already in its field (issue 35): the lender taps the link in
 * the mail and presses Check; the lookup itself stays the counted POST, so a link preview spends none.
 */
export function proofCheckPath(code: string): string {
  return `${pathOf('VerifyInsurance')}?code=${encodeURIComponent(code)}`
}

/** In force on a day: an active policy whose term (effective date up to, not including, renewal) holds that day. */
export function inForceOn(p: { policyStatus: string; effectiveDate: string; renewalDate: string }, today: string): boolean {
  return p.policyStatus === 'Active' && p.effectiveDate <= today && today < p.renewalDate
}

/** The file name of the PDF. */
export function proofFileName(policyId: string, issuedOn: string): string {
  return `proof-of-insurance-${policyId}-${issuedOn}.pdf`
}
