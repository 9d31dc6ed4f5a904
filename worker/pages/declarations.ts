import type { PageDeclaration } from './page'
import { claimsPages } from './claims'
import { esignPages } from './esign'
import { identityPages } from './identity'
import { paymentsPages } from './payments'
import { policyPages } from './policy'
import { policyChangesPages } from './policy-changes'
import { ssoPages } from './sso'
import { accessibilityPage } from './accessibility'
import { chooseLanguagePage } from './choose-language'
import { errorPage } from './error'
import { systemMessagePage } from './system-message'

/** Every page of the portal, each declared once beside its handlers (decision 200); mounted by createPages(). */
export const PAGES: readonly PageDeclaration[] = [
  ...claimsPages,
  ...esignPages,
  ...identityPages,
  ...paymentsPages,
  ...policyPages,
  ...policyChangesPages,
  ...ssoPages,
  accessibilityPage,
  chooseLanguagePage,
  errorPage,
  systemMessagePage,
]
