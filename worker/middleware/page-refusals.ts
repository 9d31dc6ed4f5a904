import type { RateRule } from './rate-rules'
import type { Refusals } from './refusals'
import { ipBurstLimit, rateLimit } from './rate-limit'
import { TOO_LARGE } from './body-limit'
import { cardNumberRefusedIn } from '../../shared/payments/card-refusals'
import { tooManyPage } from '../render/too-many-page'
import { requestLocale } from '../lib/request-locale'

/** How pages say no: plain text, or the portal's own 429 page. */
export const PAGE_REFUSALS: Refusals = {
  tooLarge: (c) => c.text(TOO_LARGE, 413),
  tooMany: (c, message) => tooManyPage(c, message),
  locale: (c) => requestLocale(c),
  crossSite: (c) => c.text('Forbidden: cross-site request refused.', 403),
  cardNumber: (c, field) => c.text(cardNumberRefusedIn(field), 400),
}

/** The per-address burst limit of a credential or lookup form. */
export const pageIpBurst = ipBurstLimit(PAGE_REFUSALS)
/** The same burst limit on a signed-in account's lookup form, counted per account (decision 185). */
export const pageAccountBurst = ipBurstLimit(PAGE_REFUSALS, { perAccount: true })

/** A counted limit on a page's form, declared where its POST is. */
export const pageRateLimit = (rule: RateRule) => rateLimit(rule, PAGE_REFUSALS)
