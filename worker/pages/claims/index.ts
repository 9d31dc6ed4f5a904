import type { PageDeclaration } from '../page'
import { claimPage } from './claim'
import { claimLinkPage } from './claim-link'
import { claimsHistoryPage } from './claims-history'
import { reportClaimPage } from './report-claim'
import { sendDocumentPage } from './send-document'
import { sendMessagePage } from './send-message'
import { requestAdvancePage } from './request-advance'
import { payoutPage } from './payout'
import { reportWithoutSignInPage } from './report-without-sign-in'

/** Claims: Report a Claim (issue 10), Claims History and a claim's page with its document and message forms (issues 19, 32), and a claim's one address (issue 32). */
export const claimsPages: readonly PageDeclaration[] = [
  claimPage,
  claimsHistoryPage,
  reportClaimPage,
  sendDocumentPage,
  sendMessagePage,
  claimLinkPage,
  requestAdvancePage,
  payoutPage,
  reportWithoutSignInPage,
]
