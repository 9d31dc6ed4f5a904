import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { policyInformationPage } from './policy-information'
import { agentInformationPage } from './agent-information'
import { claimsHistoryPage } from '../claims/claims-history'
import { eSignHistoryPage } from '../esign/e-sign-history'
import { paymentHistoryPageApp } from '../payments/payment-history'
import { policyDocumentsPage } from './policy-documents'

/** The read-only servicing pages (issue 5): one file per screen, mounted here. */
export const servicingPages = new Hono<AppEnv>()

servicingPages.route('/', policyInformationPage)
servicingPages.route('/', agentInformationPage)
servicingPages.route('/', claimsHistoryPage)
servicingPages.route('/', eSignHistoryPage)
servicingPages.route('/', paymentHistoryPageApp)
servicingPages.route('/', policyDocumentsPage)
