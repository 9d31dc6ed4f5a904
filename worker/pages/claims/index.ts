import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { reportClaimPage } from './report-claim'
import { claimPage } from './claim'

/** Report a Claim (issue 10) and a reported claim's page (issue 19): one file per screen, mounted here. */
export const claimsPages = new Hono<AppEnv>()
claimsPages.route('/', reportClaimPage)
claimsPages.route('/', claimPage)
