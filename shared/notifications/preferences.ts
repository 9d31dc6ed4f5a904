import type { Locale } from '../i18n/locale'

/**
 * The rules of notifications (issue 32 item 5, decision 209): what a person hears about (kinds), how
 * (channels), what is on when they never chose, what cannot be turned off, and when a text may go.
 */
export const NOTIFICATION_KINDS = ['claim-updates', 'payments', 'security'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_CHANNELS = ['email', 'text'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

export const KIND_WORDS: Record<NotificationKind, { label: string; about: string }> = {
  'claim-updates': { label: 'Claim updates', about: 'An adjuster assigned, documents asked for, an inspection, a payment, a claim closed.' },
  payments: { label: 'Payment due and reminders', about: 'A payment coming due or past due. Receipts and automatic payment notices always come by email.' },
  security: { label: 'Security alerts', about: 'Sign-in codes, a new device, a changed password or email address: always by email, never by text.' },
}

export const CHANNEL_WORDS: Record<NotificationChannel, string> = { email: 'Email', text: 'Text message' }

/** A stored choice: the kind and channel it is about and whether it is on. */
export interface PreferenceRow {
  kind: NotificationKind
  channel: NotificationChannel
  enabled: boolean
}

export type Preferences = Record<NotificationKind, Record<NotificationChannel, boolean>>

/**
 * The kinds and channels a person cannot change: security alerts always go by email, and are not sent
 * by text (a text to a number taken over by SIM swap would tell the taker; decision 209). null: theirs to choose.
 */
export function fixedChoice(kind: NotificationKind, channel: NotificationChannel): boolean | null {
  if (kind !== 'security') return null
  return channel === 'email'
}

/** Email on, text off, where the person chose nothing (email stays on as it always was). */
const DEFAULT_ON: Record<NotificationChannel, boolean> = { email: true, text: false }

/**
 * What a person's choices come to. A text channel is on only while the number is verified and has not
 * sent STOP: a choice made before a STOP stays stored but reads off (and the page says why).
 */
export function preferencesOf(rows: readonly PreferenceRow[], phone: { verified: boolean; stopped: boolean }): Preferences {
  const out = {} as Preferences
  for (const kind of NOTIFICATION_KINDS) {
    out[kind] = { email: DEFAULT_ON.email, text: DEFAULT_ON.text }
    for (const channel of NOTIFICATION_CHANNELS) {
      const row = rows.find((r) => r.kind === kind && r.channel === channel)
      if (row) out[kind][channel] = row.enabled
      out[kind][channel] = fixedChoice(kind, channel) ?? out[kind][channel]
    }
    if (!phone.verified || phone.stopped) out[kind].text = false
  }
  return out
}

/**
 * The words a number's owner sends to stop every text (the CTIA's standard opt-out keywords): the
 * message's only word, any case, with spaces or punctuation around it.
 */
const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const

export function stopWordOf(text: string): string | null {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
  return (STOP_WORDS as readonly string[]).includes(word) ? word : null
}

/**
 * A US mobile number as typed ('(512) 555-0142', '512.555.0142', '+1 512 555 0142') in E.164
 * ('+15125550142'), or null when it is not 10 digits with a valid area code and exchange.
 */
export function phoneOf(typed: string): string | null {
  const digits = typed.replace(/[\s().+-]/g, '')
  if (!/^\d+$/.test(digits)) return null
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(ten) ? `+1${ten}` : null
}

/** A number as people read it: +15125550142 -> (512) 555-0142. */
export const phoneWords = (e164: string): string => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`

/** The last 4 digits only, where a page or log names a number it need not show whole. */
export const phoneEnding = (e164: string): string => `ending ${e164.slice(-4)}`

/**
 * The consent to texts, shown beside the box and stored with its version and time when the number is
 * verified (TCPA express consent; CTIA: program, frequency, rates, HELP and STOP). A new wording gets a
 * new version: a consent is kept with the words the person read.
 */
export const TEXT_CONSENT = {
  version: 'sms-consent-2026-11',
  text:
    'I agree to receive text messages from ProgHome at this number about the notifications I choose. Message frequency varies. ' +
    'Message and data rates may apply. Reply STOP to stop all texts, HELP for help. Agreeing is not a condition of any purchase.',
} as const

/**
 * The consent in each language a page shows it in (issue 36), each its own version: the version a form
 * posts names the words the person read, and those words are what is stored.
 */
export const TEXT_CONSENTS: Readonly<Record<Locale, { readonly version: string; readonly text: string }>> = {
  en: TEXT_CONSENT,
  es: {
    version: 'sms-consent-2026-11-es',
    text:
      'Acepto recibir mensajes de texto de ProgHome en este número sobre las notificaciones que elija. La frecuencia de los mensajes varía. ' +
      'Pueden aplicarse tarifas de mensajes y datos. Responda STOP para dejar de recibir todos los mensajes, HELP para obtener ayuda. Aceptar no es una condición para ninguna compra.',
  },
}

/** The words of a consent version a page shows, or null for any other (a page older than the wording, a forged form). */
export function textConsentWords(version: string): string | null {
  return Object.values(TEXT_CONSENTS).find((c) => c.version === version)?.text ?? null
}

export const TEXT_CODE_VALID_MS = 10 * 60_000

export const NOTIFICATION_MSG = {
  phoneRequired: 'Enter your mobile number.',
  phoneInvalid: 'Enter a 10-digit US mobile number, for example (512) 555-0142.',
  consentRequired: 'Check the box to agree to receive text messages.',
  codeRequired: 'Enter the 6-digit code from the text message.',
  codeFormat: 'The code is 6 digits, for example 123456.',
  codeWrong: 'That code is not right. Check the newest text from us and try again.',
  codeExpired: 'This code has expired: codes work for 10 minutes. Send a new code to get another.',
  codeNone: 'Send a code to your number first.',
  codeLocked: 'That code was entered wrongly too many times. Please wait 15 minutes, then send a new code.',
  sendLimit: 'Too many codes were sent in a short time. Please wait and try again later.',
  textNeedsPhone: 'To get text messages, add and verify your mobile number below first.',
  badChoice: 'That choice is not one this page offers. Please choose again.',
  saved: 'Your notification choices are saved.',
  codeSent: 'We sent a 6-digit code by text message. It works for 10 minutes.',
  verified: 'Your mobile number is verified. Choose the text messages you want below.',
} as const

/** Why texts are off after a STOP, as the page says it. */
export const stoppedWords = (word: string, at: string): string =>
  `Text messages are off: you replied ${word} to one of our texts on ${at}. To get texts again, verify your number again below.`
