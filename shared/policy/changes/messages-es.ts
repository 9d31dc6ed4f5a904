import type { SpanishMessages } from '../../i18n/catalog'
import { BILLING_TEXTS } from './billing-plan'
import { DEDUCTIBLE_TEXTS } from './deductible'
import { MAILING_ADDRESS_TEXTS } from './mailing-address'
import { MORTGAGEE_TEXTS } from './mortgagee'

/**
 * The policy-change forms' messages in Spanish (issue 36, decision 235): the schemas keep the spec's
 * English; a page shows a message through messageIn. Taken from the catalogs, so each message is written
 * once in each language. A message with a value (a date, a cap) is written in the page's language by its
 * rule (the `locale` parameter), so it is not listed here.
 */
type Messages<T> = { en: T; es: T }
const pairs = <T extends Record<string, unknown>>(c: Messages<T>, keys: readonly (keyof T)[]): [string, string][] =>
  keys.map((k) => [String(c.en[k]), String(c.es[k])])

export const POLICY_CHANGES_ES: SpanishMessages = Object.fromEntries([
  ...pairs(MORTGAGEE_TEXTS, [
    'actionRequired',
    'positionRequired',
    'nameRequired',
    'loanIdRequired',
    'address1Required',
    'cityRequired',
    'stateRequired',
    'zipRequired',
    'lenderEmailRequired',
    'lenderEmailInvalid',
    'dateInvalid',
    'dateInPast',
    'dateTooLate',
    'noSuch',
    'none',
    'typeRequired',
  ]),
  ...pairs(MAILING_ADDRESS_TEXTS, [
    'address1Required',
    'cityRequired',
    'stateRequired',
    'zipRequired',
    'emailRequired',
    'emailInvalid',
    'phoneInvalid',
    'unchanged',
  ]),
  ...pairs(DEDUCTIBLE_TEXTS, ['allOtherPerilsRequired', 'windstormRequired', 'unchanged', 'noDeductibles']),
  ...pairs(BILLING_TEXTS, ['planRequired', 'dueDayRequired', 'pastDue', 'nothingOwed', 'sameAsNow', 'paymentInFlight']),
])
