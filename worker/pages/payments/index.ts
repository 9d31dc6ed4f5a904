import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { makePaymentPage } from './make-payment'
import { paymentReceiptPage } from './receipt'

/** Make a Payment (issue 11): one file per screen, mounted here. */
export const paymentPages = new Hono<AppEnv>()
paymentPages.route('/', makePaymentPage)
paymentPages.route('/', paymentReceiptPage)
