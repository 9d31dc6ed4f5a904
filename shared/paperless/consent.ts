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

/**
 * The code a consent needs (issue 31 item 6, decision 205): random, made for the session the first time
 * it opens the sample PDF, kept server-side and shown only inside that PDF, so typing it proves the PDF
 * was opened (decision 178 derived it from the session id, which the cookie shows). Wrong codes are
 * counted per code: after SAMPLE_CODE_MAX_TRIES the code stops working, and opening the PDF again gives
 * a new one.
 */

/** Letters only (the card guard refuses long digit runs), without I and O, which read as 1 and 0. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
export const SAMPLE_CODE_LENGTH = 6
export const SAMPLE_CODE_MAX_TRIES = 5
/** The largest multiple of the alphabet's size a byte reaches: bytes from here up are skipped, so no letter is likelier. */
const UNBIASED_BELOW = 256 - (256 % CODE_ALPHABET.length)

/** A code made from random bytes (uniform over 24^6), or null when too few of them were usable. */
export function sampleCodeOf(random: Uint8Array): string | null {
  const usable = Array.from(random).filter((b) => b < UNBIASED_BELOW)
  if (usable.length < SAMPLE_CODE_LENGTH) return null
  return usable
    .slice(0, SAMPLE_CODE_LENGTH)
    .map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length])
    .join('')
}

/** What was typed, as compared: case, spaces and dashes do not matter. */
export function normalizeSampleCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '')
}

/**
 * What a typed code came to, as the store judged it: right; wrong (one try used, `triesLeft` after it);
 * out of tries (this code no longer works); or no code at all (the session never opened the sample PDF).
 */
export type SampleCodeCheck = { kind: 'right' } | { kind: 'wrong'; triesLeft: number } | { kind: 'out-of-tries' } | { kind: 'not-opened' }

export const PAPERLESS_MSG = {
  agreeRequired: 'Please check the box to agree to receive your documents electronically.',
  codeRequired: 'Enter the code printed in the sample PDF.',
  codeWrong: 'That is not the code in the sample PDF. Open the sample PDF again and type the code it shows.',
  codeNotOpened: 'Open the sample PDF first, then type the code it shows.',
  codeTriesUsed: 'That code was typed wrongly too many times. Open the sample PDF again: it shows a new code to type.',
  versionChanged: 'These disclosures were updated while you were reading them. Please read them again below before you agree.',
} as const

type ConsentRefusal = { field: 'sampleCode'; message: string } | { field: null; message: string }

/** A consent to disclosures other than the ones shown now (the page was older): refused before its code is tried. */
export function versionRefusal(form: { disclosureVersion: string }): ConsentRefusal | null {
  return form.disclosureVersion === PAPERLESS_DISCLOSURE_VERSION ? null : { field: null, message: PAPERLESS_MSG.versionChanged }
}

/** The refusal a code check comes to, on the code's field; null when the code was right. */
export function codeRefusal(check: SampleCodeCheck): ConsentRefusal | null {
  switch (check.kind) {
    case 'right':
      return null
    case 'wrong':
      return { field: 'sampleCode', message: check.triesLeft > 0 ? PAPERLESS_MSG.codeWrong : PAPERLESS_MSG.codeTriesUsed }
    case 'out-of-tries':
      return { field: 'sampleCode', message: PAPERLESS_MSG.codeTriesUsed }
    case 'not-opened':
      return { field: 'sampleCode', message: PAPERLESS_MSG.codeNotOpened }
  }
}
