import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { testSsoPage } from './test-sso'
import { landingPage } from './landing'
import { optOutConfirmationPage } from './opt-out-confirmation'
import { returnToPartnerPage } from './return-to-partner'

/** Single sign-on, Test SSO and the opt-out confirmation (issue 4): one file per screen, mounted here. */
export const ssoPages = new Hono<AppEnv>()

ssoPages.route('/', testSsoPage)
ssoPages.route('/', landingPage)
ssoPages.route('/', optOutConfirmationPage)
ssoPages.route('/', returnToPartnerPage)
