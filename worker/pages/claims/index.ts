import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { reportClaimPage } from './report-claim'
import { claimPage } from './claim'
import { sendDocumentPage } from './send-document'

/** Report a Claim (issue 10), a reported claim's page and its document form (issue 19): one file per screen, mounted here. */
export const claimsPages = new Hono<AppEnv>()
claimsPages.route('/', reportClaimPage)
claimsPages.route('/', claimPage)
claimsPages.route('/', sendDocumentPage)
