import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { standInsAllowed } from '../env'
import { MSG } from '../../shared/schemas/messages'
import { policiesFromPingSchema } from '../../shared/schemas/sso'
import { SSO_TEXT } from '../../shared/policy/sso'
import { PARTNER_LOGGING_FEATURE } from '../../shared/policy/partner-log'
import { jsonBody } from './validation'
import { ipBurstLimit } from '../middleware/rate-limit'
import { exchangeSsoToken, exchangeFailureStatus, FAKE_PING_REFUSED } from '../services/sso-exchange'
import { startSession } from '../services/session'
import { clientMeta } from '../services/client-meta'
import { globalFeatures } from '../services/features'
import { log } from '../services/log'

/** /v1/common/policies-from-ping (issue 4). */
export const ssoApi = new Hono<AppEnv>()

const INVALID_REFERENCE = 'The sign-in reference is not valid or has expired.'

/**
 * POST /v1/common/policies-from-ping/ (spec 000 section 7): {key, tokenId, policyID, fakePingResponse,
 * name} -> {policies, pgrPartnerLoggingToken, tokenType, expiresIn, accountToken}, a new SSO session
 * scoped to the returned policies (no bearer token is needed to call it). pgrPartnerLoggingToken is the
 * partner's token the identity service handed over (on an error answer too, when it carried one), given
 * only while the global partner-logging flag is on, else null (decision 135).
 * Errors carry errorMessage: 400 bad input, 401 an unknown, expired or used reference, 403
 * fakePingResponse anywhere but local development (decision 120), 502 the identity service failed.
 */
ssoApi.post('/policies-from-ping', ipBurstLimit, jsonBody(policiesFromPingSchema), async (c) => {
  c.header('Cache-Control', 'no-store')
  const body = c.req.valid('json')
  const requestId = c.get('requestId')
  const fakeAllowed = standInsAllowed(c.env, c.req.raw)
  if (body.fakePingResponse && !fakeAllowed) {
    log('warn', 'policies-from-ping: fakePingResponse refused', { requestId, environment: c.env.ENVIRONMENT })
    return c.json({ errorMessage: FAKE_PING_REFUSED, pgrPartnerLoggingToken: null }, 403)
  }
  const result = await exchangeSsoToken(c.env, { tokenId: body.tokenId, policyId: body.policyID, fake: body.fakePingResponse, fakeAllowed })
  const partnerLogging = (await globalFeatures(c.env))[PARTNER_LOGGING_FEATURE] === true
  const pgrPartnerLoggingToken = partnerLogging ? result.partnerToken : null
  if (!result.ok) {
    log('error', 'SSO policies lookup failed', { requestId, failure: result.failure, status: result.status, detail: result.detail })
    const status = exchangeFailureStatus(result.failure)
    const errorMessage = status === 502 ? MSG.issue502 : status === 403 ? FAKE_PING_REFUSED : INVALID_REFERENCE
    return c.json({ errorMessage, pgrPartnerLoggingToken }, status)
  }
  if (result.policies.length === 0) {
    log('warn', SSO_TEXT.noPolicies, { requestId })
    return c.json({ policies: [], pgrPartnerLoggingToken, errorMessage: SSO_TEXT.noPolicies })
  }
  const meta = clientMeta(c)
  const { token } = await startSession(c.env, {
    kind: 'sso',
    profileId: null,
    ssoScope: result.policies,
    systemOrigin: '',
    ip: meta.ip,
    userAgent: meta.userAgent,
  })
  log('info', 'policies-from-ping: SSO session started', { requestId, scope: result.policies.length, fake: result.fake })
  return c.json({
    policies: result.policies,
    pgrPartnerLoggingToken,
    tokenType: token.tokenType,
    expiresIn: token.expiresIn,
    accountToken: token.accountToken,
  })
})
