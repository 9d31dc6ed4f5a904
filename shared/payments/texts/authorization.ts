import { defineTexts } from '../../i18n/catalog'
import { formatDateIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import {
  AUTHORIZATION_EN,
  authorizationWordsFor,
  bankAuthorizationText,
  completeAuthorization,
  type AuthorizationWords,
  type BankAuthorizationFacts,
} from '../authorization'

/**
 * The bank authorization in each language (issue 36). The payer accepts the words they read; the server
 * takes either language's text, word for word, and stores the one accepted (same version: one wording
 * per language, changed together).
 */
const authorizationTexts = defineTexts(
  { ...AUTHORIZATION_EN },
  {
    template: [
      'Autorizo a ProgHome Insurance a hacer un débito electrónico único (ACH) de {amount} de {account} el {date} o después, como pago de la póliza {policyId}.',
      'Confirmo que soy el titular de esta cuenta o que estoy autorizado a hacer débitos de ella.',
      'Esta autorización es solo para este pago.',
      'Puedo revocarla llamando al {phone} antes de que se haga el débito; después ya no se puede detener.',
      'Si el débito se devuelve sin pagar, el pago se cancela y el monto se sigue debiendo.',
      'Una copia de esta autorización aparece en mi recibo de pago, y puedo imprimir esta página.',
    ].join(' '),
    amountUnknown: 'el monto del pago escrito arriba',
    account: 'mi cuenta bancaria que termina en {last4}',
    accountUnknown: 'la cuenta bancaria escrita arriba',
  },
)

/** The words of a language with the page's facts in: the make-payment island's. */
export function authorizationWordsIn(locale: Locale, f: Pick<BankAuthorizationFacts, 'policyId' | 'supportPhone' | 'date'>): AuthorizationWords {
  return authorizationWordsFor(authorizationTexts[locale], f, formatDateIn(locale, f.date))
}

/** The full text in a language, as the island completes it. */
export function bankAuthorizationTextIn(locale: Locale, f: BankAuthorizationFacts): string {
  if (locale === 'en') return bankAuthorizationText(f)
  return completeAuthorization(authorizationWordsIn(locale, f), f.amountCents, f.accountLast4)
}
