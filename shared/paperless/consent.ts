import { PAPERLESS_DISCLOSURE_VERSION } from './disclosure'

/**
 * The rules of paperless consent (issue 22 item 4, decision 178): which disclosure versions a consent
 * still holds under, what a profile's history of consents and withdrawals comes to, and the code printed
 * in the sample PDF that shows the person can open a PDF before the consent is accepted.
 */

/**
 * Every disclosure version ever shown, oldest first. When a new version changes what is needed to open or
 * keep the documents in a way that could stop someone from doing so (15 U.S.C. 7001(c)(1)(D)), the older
 * versions get `consentHolds: false`: those consents no longer hold and the person is asked again.
 */
const DISCLOSURE_VERSIONS: readonly { version: string; consentHolds: boolean }[] = [{ version: PAPERLESS_DISCLOSURE_VERSION, consentHolds: true }]

/** Whether a consent given under this disclosure version still holds (an unknown version never does). */
export function consentHoldsUnder(version: string): boolean {
  return DISCLOSURE_VERSIONS.some((v) => v.version === version && v.consentHolds)
}

export type ConsentAction = 'consent' | 'withdraw'

export interface ConsentEvent {
  action: ConsentAction
  disclosureVersion: string
  /** Epoch ms. */
  at: number
}

export type ConsentStatus =
  | { state: 'paper' }
  | { state: 'electronic'; since: number; disclosureVersion: string }
  | { state: 'withdrawn'; since: number }
  /** Consented under disclosures that no longer hold: paper until the person agrees to the new ones. */
  | { state: 'renew'; since: number; disclosureVersion: string }

/** What a profile's history (in the order it happened) comes to: its last event decides. */
export function consentStatus(history: readonly ConsentEvent[]): ConsentStatus {
  const last = history.at(-1)
  if (!last) return { state: 'paper' }
  if (last.action === 'withdraw') return { state: 'withdrawn', since: last.at }
  return consentHoldsUnder(last.disclosureVersion)
    ? { state: 'electronic', since: last.at, disclosureVersion: last.disclosureVersion }
    : { state: 'renew', since: last.at, disclosureVersion: last.disclosureVersion }
}

// ---------------------------------------------------------------- the sample PDF's code

/** Letters only (the card guard refuses long digit runs), without I and O, which read as 1 and 0. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
export const SAMPLE_CODE_LENGTH = 6

/** The code made from digest bytes (the worker hashes the session with the version). */
export function sampleCodeOf(digest: Uint8Array): string {
  if (digest.length < SAMPLE_CODE_LENGTH) throw new Error('sampleCodeOf needs at least 6 bytes')
  return Array.from(digest.subarray(0, SAMPLE_CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
}

/** What was typed, as compared: case, spaces and dashes do not matter. */
export function normalizeSampleCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '')
}

export function sampleCodeMatches(typed: string, expected: string): boolean {
  return normalizeSampleCode(typed) === expected
}

export const PAPERLESS_MSG = {
  agreeRequired: 'Please check the box to agree to receive your documents electronically.',
  codeRequired: 'Enter the code printed in the sample PDF.',
  codeWrong: 'That is not the code in the sample PDF. Open the sample PDF again and type the code it shows.',
  versionChanged: 'These disclosures were updated while you were reading them. Please read them again below before you agree.',
} as const

export type ConsentRefusal = { field: 'sampleCode'; message: string } | { field: null; message: string }

/**
 * The checks of a consent beyond the form's fields: the disclosures agreed to are the ones shown now,
 * and the code typed is the one in this person's sample PDF. Null when the consent can be accepted.
 */
export function consentRefusal(form: { disclosureVersion: string; sampleCode: string }, expectedCode: string): ConsentRefusal | null {
  if (form.disclosureVersion !== PAPERLESS_DISCLOSURE_VERSION) return { field: null, message: PAPERLESS_MSG.versionChanged }
  if (!sampleCodeMatches(form.sampleCode, expectedCode)) return { field: 'sampleCode', message: PAPERLESS_MSG.codeWrong }
  return null
}
