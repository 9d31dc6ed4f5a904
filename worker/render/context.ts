import type { Env } from '../env'
import type { Route } from '../../shared/routes'
import type { Session } from '../services/identity/session'
import type { Policy } from '../../shared/policy/schemas/policy'
import type { PendingPayment } from '../../shared/payments/pending'
import type { AutopayFacts } from '../../shared/payments/autopay'
import type { Locale } from '../../shared/i18n/locale'

/** The settings pages may show (never secrets). */
export interface PublicSettings {
  marketingHostPrefix: string
  optOutUrl: string
  ssoHomeUrl: string
  supportPhone: string
  claimsPhone: string
}

export function publicSettings(env: Env): PublicSettings {
  return {
    marketingHostPrefix: env.MARKETING_HOST_PREFIX.replace(/\/$/, ''),
    optOutUrl: env.OPT_OUT_URL,
    ssoHomeUrl: env.SSO_HOME_URL,
    supportPhone: env.SUPPORT_PHONE,
    claimsPhone: env.CLAIMS_PHONE,
  }
}

/** Everything the layout needs to follow the route flags of spec 000 "Global navigation guards". */
export interface LayoutContext {
  route: Route
  title: string
  session: Session | null
  sendToProgressive: boolean
  /** The 'Great News!' modal opens by itself (first page of a partner-serviced policy in this browser session). */
  greatNewsOpen: boolean
  policy: Policy | null
  /** A payment on that policy still being processed (decision 171): the payment-due box says so. */
  pendingPayment: PendingPayment | null
  /** That policy's automatic payments (issue 22): the box's 'Next EFT Draft' and a declined draft. */
  autopay: AutopayFacts | null
  settings: PublicSettings
  nonce: string
  /** The page's language (issue 36): `<html lang>`, the layout's texts, the pages' texts. */
  locale: Locale
  /** This page's path and query, where the header's language choice comes back to. */
  returnTo: string
}
