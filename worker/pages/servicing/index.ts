import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { loadPartnerFlag } from '../../render/partner-flag'
import { policyInformationPage } from './policy-information'
import { agentInformationPage } from './agent-information'
import { claimsHistoryPage } from './claims-history'
import { eSignHistoryPage } from './e-sign-history'
import { paymentHistoryPageApp } from './payment-history'
import { policyDocumentsPage } from './policy-documents'

/**
 * The read-only servicing pages (issue 5): one file per screen, mounted here. The middleware reads the
 * loaded policy's sendToProgressive flag for the layout; being mounted before the other policy pages
 * (e-sign, report claim, make payment), it serves their layout too.
 */
export const servicingPages = new Hono<AppEnv>()

servicingPages.use('*', loadPartnerFlag)
servicingPages.route('/', policyInformationPage)
servicingPages.route('/', agentInformationPage)
servicingPages.route('/', claimsHistoryPage)
servicingPages.route('/', eSignHistoryPage)
servicingPages.route('/', paymentHistoryPageApp)
servicingPages.route('/', policyDocumentsPage)
