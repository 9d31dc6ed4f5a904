import { strongerSignInOperations } from './identity/stronger-sign-in'
import { passkeyOperations } from './identity/passkeys'
import type { Context } from 'hono'
import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import * as z from 'zod/v4/core'
import type { AppEnv } from '../types'
import { MSG } from '../../shared/forms/messages'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { plainIssueMessage } from '../../shared/forms/plain-issues'
import { requestContext } from '../middleware/request-context'
import { securityHeaders } from '../middleware/security-headers'
import { loadSession } from '../middleware/session'
import { apiCsrf } from '../middleware/csrf'
import { BodyTooLargeError } from '../middleware/body-limit'
import { isStoreError } from '../lib/store-failure'
import { log } from '../lib/log'
import { commonOperations } from './common'
import { profileOperations } from './identity/profile'
import { paymentMethodOperations } from './payments/payment-methods'
import { policyFamilyOperations } from './policy/policy-family'
import { ssoOperations } from './sso/sso'
import { documentOperations } from './policy/documents'
import { receiptOperations } from './payments/receipts'
import { invalidBody } from './operation'
import { API_REFUSALS } from '../middleware/api-refusals'
import { MALFORMED, NOT_FOUND, problem } from '../render/problem'
import { openApiDocument, referencePage } from './reference'

/**
 * The JSON API of spec 000 section 7 (decision 160): its own middleware (no cookie of its own, bearer
 * or cookie sessions, the cross-site rule by how a call is authenticated), each operation declared once
 * (worker/api/operation.ts), and one error shape: RFC 9457 problems, never a library's text.
 */
export function createApi(): OpenAPIHono<AppEnv> {
  // Checks a schema leaves without a message of its own speak our words (shared/forms/plain-issues.ts).
  z.config({ customError: plainIssueMessage })
  const api = new OpenAPIHono<AppEnv>({ strict: false, defaultHook: invalidBody() })
  api.use('*', requestContext({ sidCookie: false }), securityHeaders, loadSession({ bearer: true }), apiCsrf(API_REFUSALS))

  ssoOperations(api)
  documentOperations(api)
  receiptOperations(api)
  commonOperations(api)
  profileOperations(api)
  paymentMethodOperations(api)
  strongerSignInOperations(api)
  passkeyOperations(api)
  policyFamilyOperations(api, 'homeowners')
  policyFamilyOperations(api, 'flood')

  api.get('/openapi.json', (c) => c.json(openApiDocument(api)))
  api.get('/reference', (c) => referencePage(c, openApiDocument(api)))
  api.all('*', (c) => problem(c, 404, NOT_FOUND))
  api.onError(apiError)
  return api
}

function apiError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof BodyTooLargeError) return API_REFUSALS.tooLarge(c)
  // A parser's or middleware's HTTPException (malformed JSON, a body that is not JSON): our words, not Hono's.
  if (err instanceof HTTPException) {
    if (err.status === 400) return problem(c, 400, MALFORMED, { type: PROBLEM_TYPES.malformed })
    if (err.status === 415) return problem(c, 415, 'This operation takes a JSON body (Content-Type: application/json).')
    if (err.status === 413) return API_REFUSALS.tooLarge(c)
    return problem(c, err.status === 401 ? 401 : 400, 'The request was refused.')
  }
  if (err instanceof URIError || err instanceof SyntaxError) return problem(c, 400, MALFORMED, { type: PROBLEM_TYPES.malformed })
  // Our database failed: the call may simply be made again (decision 144).
  if (isStoreError(err)) {
    log('error', 'store failure', { requestId: c.get('requestId'), path: c.req.path, error: String(err).slice(0, 200) })
    return problem(c, 503, MSG.storeUnavailable, { type: PROBLEM_TYPES.storeUnavailable })
  }
  log('error', 'unhandled error', {
    requestId: c.get('requestId'),
    path: c.req.path,
    error: String(err),
    stack: err.stack?.split('\n').slice(0, 5).join(' | '),
  })
  return problem(c, 500, MSG.unexpectedError)
}
