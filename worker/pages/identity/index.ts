import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { findPolicyPage } from './find-policy'
import { registerPolicyPage } from './register-policy'
import { addPolicyPage } from './add-policy'
import { managePoliciesPage } from './manage-policies'
import { confirmRemovePolicyPage } from './confirm-remove-policy'
import { manageProfilePage } from './manage-profile'
import { greatNewsPage } from './great-news'
import { forgotPasswordPage } from './forgot-password'
import { resetPasswordPage } from './reset-password'
import { paperlessPage } from '../policy/paperless'
import { paymentMethodsPage } from '../payments/payment-methods'
import { signedInSessionsPage } from './signed-in-sessions'
import { confirmItIsYouPage } from './confirm-it-is-you'
import { twoStepPage } from './two-step'
import { passkeysPage } from './passkeys'

/** Profiles and policy linking (issue 3): one file per screen, mounted here. */
export const profilePages = new Hono<AppEnv>()

profilePages.route('/', findPolicyPage)
profilePages.route('/', registerPolicyPage)
profilePages.route('/', addPolicyPage)
profilePages.route('/', managePoliciesPage)
profilePages.route('/', confirmRemovePolicyPage)
profilePages.route('/', manageProfilePage)
profilePages.route('/', greatNewsPage)
profilePages.route('/', forgotPasswordPage)
profilePages.route('/', resetPasswordPage)
profilePages.route('/', paperlessPage)
profilePages.route('/', paymentMethodsPage)
profilePages.route('/', signedInSessionsPage)
profilePages.route('/', confirmItIsYouPage)
profilePages.route('/', twoStepPage)
profilePages.route('/', passkeysPage)
