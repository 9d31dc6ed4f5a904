import type { Refusals } from './refusals'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { TOO_LARGE } from './body-limit'
import { CARD_NUMBER_REFUSED } from '../../shared/payments/card-refusals'
import { problem } from '../render/problem'
import { operationLocale } from './session'

/** How /v1 says no: always a problem (RFC 9457), in the language of the operation's answer (operationLocale). */
export const API_REFUSALS: Refusals = {
  locale: operationLocale,
  tooLarge: (c) => problem(c, 413, TOO_LARGE, { type: PROBLEM_TYPES.tooLarge }),
  tooMany: (c, message) => problem(c, 429, message, { type: PROBLEM_TYPES.rateLimited }),
  crossSite: (c, message) => problem(c, 403, message),
  cardNumber: (c, field) =>
    problem(c, 400, CARD_NUMBER_REFUSED.errorMessage, { type: PROBLEM_TYPES.cardNumber, errors: { [field]: CARD_NUMBER_REFUSED.errorMessage } }),
}
