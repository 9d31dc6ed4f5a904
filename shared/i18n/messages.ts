import { GENERAL_MSG } from '../forms/general-validators'
import { SYSTEM_MESSAGES_ES } from '../forms/system-messages-es'
import type { Locale } from './locale'
import type { SpanishMessages } from './catalog'
import { IDENTITY_ES } from '../identity/messages-es'
import { PAYMENTS_ES } from '../payments/messages-es'
import { POLICY_MESSAGES_ES } from '../policy/messages-es'
import { CLAIMS_ES } from '../claims/messages-es'
import { POLICY_CHANGES_ES } from '../policy/changes/messages-es'
import { SSO_MESSAGES_ES } from '../sso/messages-es'

/**
 * Validation and refusal messages in Spanish (issue 36, decision 229). The schemas keep the spec's English
 * messages (the /v1 API answers them, the spec fixes them); a page or island shows a message in the page's
 * language through messageIn. Each area adds its messages as a map from the English text to the Spanish one
 * (`shared/<area>/messages-es.ts`) and lists the map in AREA_MESSAGES below.
 */

const GENERAL_ES: SpanishMessages = {
  [GENERAL_MSG.required]: 'Este dato es obligatorio',
  [GENERAL_MSG.email]: 'El correo electrónico no es válido',
  [GENERAL_MSG.sameAs]: 'El valor debe ser igual al otro valor',
}

export const AREA_MESSAGES: readonly SpanishMessages[] = [
  GENERAL_ES,
  SYSTEM_MESSAGES_ES,
  IDENTITY_ES,
  PAYMENTS_ES,
  POLICY_MESSAGES_ES,
  CLAIMS_ES,
  POLICY_CHANGES_ES,
  SSO_MESSAGES_ES,
]

const SPANISH: ReadonlyMap<string, string> = new Map(AREA_MESSAGES.flatMap((m) => Object.entries(m)))

const PARAMETERIZED: ReadonlyArray<readonly [RegExp, (n: string) => string]> = [
  [/^This field should be at least (\d+) characters long$/, (n) => `Este campo debe tener al menos ${n} caracteres`],
  [/^The maximum length allowed is (\d+)$/, (n) => `La longitud máxima permitida es ${n}`],
]

/** A message in a language: English as given; Spanish from the areas' maps (the English text when a message has none yet). */
export function messageIn(locale: Locale, english: string): string {
  if (locale === 'en') return english
  const known = SPANISH.get(english)
  if (known) return known
  for (const [pattern, spanish] of PARAMETERIZED) {
    const m = pattern.exec(english)
    if (m) return spanish(m[1]!)
  }
  return english
}

/** The Spanish of a form's own messages, for an island's texts prop (only what that form can show, not every area's). */
export function spanishMessagesOf(englishMessages: readonly string[]): Record<string, string> {
  return Object.fromEntries(englishMessages.map((m) => [m, messageIn('es', m)]))
}
