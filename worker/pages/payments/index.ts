import type { PageDeclaration } from '../page'
import { autopayPage } from './autopay'
import { makePaymentPage } from './make-payment'
import { makePaymentWithoutScript } from './no-script'
import { paymentHistoryPageApp } from './payment-history'
import { paymentMethodsPage } from './payment-methods'

/** Make a Payment (issue 11), automatic payments, saved methods and payment history (issue 22). */
export const paymentsPages: readonly PageDeclaration[] = [autopayPage, makePaymentPage, makePaymentWithoutScript, paymentHistoryPageApp, paymentMethodsPage]
