import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { makePaymentPage } from './make-payment'
import { makePaymentWithoutScript } from './no-script'
import { autopayPage } from './autopay'

/** Make a Payment (issue 11): one file per screen, mounted here. */
export const paymentPages = new Hono<AppEnv>()
paymentPages.route('/', makePaymentPage)
paymentPages.route('/', makePaymentWithoutScript)
paymentPages.route('/', autopayPage)
