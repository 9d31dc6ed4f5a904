import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import { standInsAllowed } from '../../env'
import { MSG } from '../../../shared/forms/messages'
import { policiesFromPingSchema } from '../../../shared/sso/schemas/sso'
import { SSO_TEXT } from '../../../shared/sso/sso'
import { PARTNER_LOGGING_FEATURE } from '../../../shared/sso/partner-log'
import { exchangeSsoToken, exchangeFailureStatus, FAKE_PING_REFUSED } from '../../services/sso/sso-exchange'
import { startSession } from '../../services/identity/session'
import { clientMeta } from '../../services/request/client-meta'
import { globalFeatures } from '../../services/policy/features'
import { log } from '../../lib/log'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, jsonBody } from '../schemas'

const INVALID_REFERENCE = 'The sign-in reference is not valid or has expired.'

/**
 * POST /v1/common/policies-from-ping/ (spec 000 section 7): a new SSO session scoped to the returned
 * policies (no bearer token is needed to call it). pgrPartnerLoggingToken is the partner's token the
 * identity service handed over (on a refusal too, when it carried one), given only while the global
 * partner-logging flag is on, else null (decision 135). Refusals: 401 an unknown, expired or used
 * reference, 403 fakePingResponse anywhere but local development (decision 120), 502 the identity
 * service failed.
 */
const policiesFromPing = defineOperation(
  {
    method: 'post',
    path: '/common/policies-from-ping',
    tags: ['sso'],
    summary: "Exchange a partner's sign-in reference for an SSO session",
    request: jsonBody(policiesFromPingSchema),
    responses: {
      200: json(
        z.object({
          policies: z.array(z.string()),
          pgrPartnerLoggingToken: z.string().nullable(),
          tokenType: z.literal('Bearer').optional(),
          expiresIn: z.number().int().optional(),
          accountToken: z.string().optional(),
          errorMessage: z.string().optional(),
        }),
        'The session, or no policies (errorMessage says so).',
      ),
      401: problemContent('An unknown, expired or used reference (pgrPartnerLoggingToken as a member).'),
      502: problemContent('The identity service failed.'),
    },
  },
  { auth: 'anyone', ipBurst: true },
)

export function ssoOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, policiesFromPing, async (c) => {
    c.header('Cache-Control', 'no-store')
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const fakeAllowed = standInsAllowed(c.env, c.req.raw)
    if (body.fakePingResponse && !fakeAllowed) {
      log('warn', 'policies-from-ping: fakePingResponse refused', { requestId, environment: c.env.ENVIRONMENT })
      return problem(c, 403, FAKE_PING_REFUSED, { pgrPartnerLoggingToken: null })
    }
    const result = await exchangeSsoToken(c.env, { tokenId: body.tokenId, policyId: body.policyID, fake: body.fakePingResponse, fakeAllowed })
    const partnerLogging = (await globalFeatures(c.env))[PARTNER_LOGGING_FEATURE] === true
    const pgrPartnerLoggingToken = partnerLogging ? result.partnerToken : null
    if (!result.ok) {
      log('error', 'SSO policies lookup failed', { requestId, failure: result.failure, status: result.status, detail: result.detail })
      const status = exchangeFailureStatus(result.failure)
      const errorMessage = status === 502 ? MSG.issue502 : status === 403 ? FAKE_PING_REFUSED : INVALID_REFERENCE
      return problem(c, status, errorMessage, { pgrPartnerLoggingToken })
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
}
