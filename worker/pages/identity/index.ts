import type { PageDeclaration } from '../page'
import { addPolicyPage } from './add-policy'
import { confirmItIsYouPage } from './confirm-it-is-you'
import { confirmRemovePolicyPage } from './confirm-remove-policy'
import { findPolicyPage } from './find-policy'
import { forgotPasswordPage } from './forgot-password'
import { greatNewsPage } from './great-news'
import { loginPage } from './login'
import { logoutPage } from './logout'
import { managePoliciesPage } from './manage-policies'
import { notificationsPage } from './notifications'
import { manageProfilePage } from './manage-profile'
import { passkeysPage } from './passkeys'
import { registerPolicyPage } from './register-policy'
import { resetPasswordPage } from './reset-password'
import { signInCodePage } from './sign-in-code'
import { signedInSessionsPage } from './signed-in-sessions'
import { twoStepPage } from './two-step'

/** Sign-in, profile and policy linking (issues 3, 23). */
export const identityPages: readonly PageDeclaration[] = [
  addPolicyPage,
  confirmItIsYouPage,
  confirmRemovePolicyPage,
  findPolicyPage,
  forgotPasswordPage,
  greatNewsPage,
  loginPage,
  logoutPage,
  managePoliciesPage,
  manageProfilePage,
  notificationsPage,
  passkeysPage,
  registerPolicyPage,
  resetPasswordPage,
  signInCodePage,
  signedInSessionsPage,
  twoStepPage,
]
