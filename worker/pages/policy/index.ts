import type { PageDeclaration } from '../page'
import { accountHomePage } from './account-home'
import { agentInformationPage } from './agent-information'
import { paperlessPage } from './paperless'
import { policyDocumentsPage } from './policy-documents'
import { policyInformationPage } from './policy-information'
import { verifyInsurancePage } from './verify-insurance'

/** The policy's own pages (servicing, issue 5), Account Home, paperless documents and proof of insurance. */
export const policyPages: readonly PageDeclaration[] = [
  accountHomePage,
  agentInformationPage,
  paperlessPage,
  policyDocumentsPage,
  policyInformationPage,
  verifyInsurancePage,
]
