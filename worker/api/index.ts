import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { commonApi } from './common'
import { profileApi } from './profile'
import { policyFamilyApi } from './policy-family'
import { ssoApi } from './sso'
import { documentsApi } from './documents'
import { createIdempotency } from '../middleware/idempotency'
import { idempotencyBodyFor } from '../services/payment-card-guard'

/** The JSON API of spec 000 section 7, by route family. */
export const api = new Hono<AppEnv>({ strict: false })
// Every state-changing call accepts an Idempotency-Key (docs/decisions/081-one-idempotency.md).
// MakePayment's request hash is the payment's fingerprint, never its card number (decision 113).
api.use('*', createIdempotency({ bodyForHash: idempotencyBodyFor }))
api.route('/common', ssoApi)
api.route('/common', documentsApi)
api.route('/common', commonApi)
api.route('/profile', profileApi)
api.route('/homeowners', policyFamilyApi('homeowners'))
api.route('/flood', policyFamilyApi('flood'))
api.all('*', (c) => c.json({ errorMessage: 'Not found.' }, 404))
