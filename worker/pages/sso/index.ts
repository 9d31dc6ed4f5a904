import type { PageDeclaration } from '../page'
import { landingPage } from './landing'
import { optOutConfirmationPage } from './opt-out-confirmation'
import { returnToPartnerPage } from './return-to-partner'
import { testSsoPage } from './test-sso'

/** Single sign-on: the landing, Test SSO, the opt-out confirmation and the way back to the partner. */
export const ssoPages: readonly PageDeclaration[] = [landingPage, optOutConfirmationPage, returnToPartnerPage, testSsoPage]
