import { CARD_TYPE_NAMES, unsupportedCardTypes } from './card'
import { isExpired } from './expiry'
import { fill } from '../i18n/catalog'

/**
 * Saved payment methods as the policyholder sees them (issue 22 item 1): what may be shown of a card or
 * bank account the processor keeps (never the token, never the number), the consent to keep one, and
 * the nickname's rule. Shared by the profile's Payment Methods page, Make a Payment and the island.
 */
export interface SavedMethodView {
  id: string
  kind: 'card' | 'bank'
  /** The card's brand, or the bank's name. */
  brand: string
  last4: string
  expMonth: number | null
  expYear: number | null
  nickname: string
  isDefault: boolean
}

export const SAVED_METHOD_NICKNAME_MAX = 40
/** A saved method's id as forms and addresses carry it: 'pm_' and letters (never a digit run). */
export const SAVED_METHOD_ID = /^pm_[a-z]{20,40}$/

export const SAVE_CONSENT_VERSION = 'save-method-2026-11'

/** The consent shown beside 'Save this card/account for later', stored with the method as shown. */
export function saveConsentText(kind: 'card' | 'bank'): string {
  const what = kind === 'card' ? 'card' : 'bank account'
  return [
    `I agree that ProgHome Insurance may keep this ${what} with its payment processor so I can use it for future payments on my policies.`,
    `The portal keeps only its ${kind === 'card' ? 'type' : "bank's name"}, last four digits${kind === 'card' ? ', expiry' : ''} and the nickname I give it.`,
    kind === 'bank'
      ? 'Each payment from it needs my authorization, and the account is verified before its first debit.'
      : 'Each payment with it is one I make or set up.',
    'I can remove it at any time from Payment Methods in my profile.',
  ].join(' ')
}

export const SAVE_LABEL = { card: 'Save this card for later', bank: 'Save this account for later' } as const

/** How a saved method is named, in one language (issue 36; the island receives them as texts). */
export interface SavedMethodWords {
  /** '{brand} ending in {last4}' */
  card: string
  /** '{brand} account ending in {last4}' */
  bank: string
  /** ', expires {expiry}' */
  expires: string
}

export const SAVED_METHOD_WORDS_EN: SavedMethodWords = {
  card: '{brand} ending in {last4}',
  bank: '{brand} account ending in {last4}',
  expires: ', expires {expiry}',
}

export function savedMethodDescriptionWith(w: SavedMethodWords, m: Pick<SavedMethodView, 'kind' | 'brand' | 'last4'>): string {
  return fill(m.kind === 'card' ? w.card : w.bank, { brand: m.brand, last4: m.last4 })
}

/** The label a chooser shows: nickname, description, expiry. */
export function savedMethodLabelWith(w: SavedMethodWords, m: SavedMethodView): string {
  const expiry = m.kind === 'card' && m.expMonth && m.expYear ? fill(w.expires, { expiry: `${String(m.expMonth).padStart(2, '0')}/${m.expYear}` }) : ''
  return `${m.nickname}: ${savedMethodDescriptionWith(w, m)}${expiry}`
}

/** 'Visa ending in 1111', 'JPMorgan Chase account ending in 6789'. */
export function savedMethodDescription(m: Pick<SavedMethodView, 'kind' | 'brand' | 'last4'>): string {
  return savedMethodDescriptionWith(SAVED_METHOD_WORDS_EN, m)
}

/** The nickname's message, or null ('' becomes the description, as the service decides). */
export function nicknameProblem(nickname: string): string | null {
  if (nickname.trim().length > SAVED_METHOD_NICKNAME_MAX) return `The nickname can be at most ${SAVED_METHOD_NICKNAME_MAX} characters.`
  if (/\d{5,}/.test(nickname)) return 'The nickname cannot hold a long number.'
  return null
}

/** The nickname to keep: the one typed, or a default from what may be shown. */
export function nicknameOrDefault(nickname: string, m: Pick<SavedMethodView, 'kind' | 'brand' | 'last4'>): string {
  const typed = nickname.trim()
  return typed || (m.kind === 'card' ? `${m.brand} ${m.last4}` : `Account ${m.last4}`).slice(0, SAVED_METHOD_NICKNAME_MAX)
}

/**
 * Saving a card or account is a sensitive change (step-up, decision 202): from a session proved more than
 * 10 minutes ago, Make a Payment offers the way to confirm it is you instead of the box, and a payment
 * that asked to save one anyway (the window closed while the form was open) is made without saving it.
 */
export const SAVE_NEEDS_STEP_UP = {
  before: (kind: 'card' | 'bank') => `To save this ${kind === 'card' ? 'card' : 'account'} for later, confirm it is you first.`,
  why: 'For your security, a card or account is saved only within 10 minutes of signing in or confirming it is you. What you typed here is not kept.',
  link: 'Confirm it is you',
  after:
    'for your security, a card or account is saved only within 10 minutes of signing in or confirming it is you. Select Confirm it is you on Make a Payment before your next payment.',
} as const

/** After a payment with 'Save this card/account for later': saved, or why not (the payment stands). */
export function savedMethodText(saved: { ok: boolean; label: string }): string {
  return saved.ok ? `Your ${saved.label} is saved for your next payment.` : `Your payment method was not saved: ${saved.label}`
}

/** Why a saved method cannot pay this policy today (a card type the policy does not take, an expired card), or null. */
export function savedMethodProblem(m: Pick<SavedMethodView, 'kind' | 'brand' | 'expMonth' | 'expYear'>, isFlood: boolean, today: string): string | null {
  if (m.kind !== 'card') return null
  if (unsupportedCardTypes(isFlood).some((t) => CARD_TYPE_NAMES[t] === m.brand)) return `${m.brand} cards are not accepted for this policy.`
  if (m.expMonth && m.expYear && isExpired(String(m.expMonth), String(m.expYear), today)) return 'This card has expired.'
  return null
}
