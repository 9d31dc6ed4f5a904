import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { reportClaimPage } from './report-claim'

/** Report a Claim (issue 10): one file per screen, mounted here. */
export const claimsPages = new Hono<AppEnv>()
claimsPages.route('/', reportClaimPage)
