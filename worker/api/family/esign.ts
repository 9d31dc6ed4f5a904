import type { Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import type { Policy } from '../../../shared/schemas/policy'
import { route, routePermits } from '../../../shared/routes'
import { esignFieldErrors, type ESignSubmission } from '../../../shared/schemas/esign'
import { completeSubmission, esignSpecSubmissionSchema } from '../../../shared/esign/spec-submission'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'
import { badRequestNaming, jsonBody } from '../validation'
import { signPolicy } from '../../services/esign'
import { clientMeta } from '../../services/client-meta'
import { setFlash } from '../../services/flash'

/**
 * PostESignatures and GetESignatures (homeowners only), GetPolicyStatements (both families), spec 000
 * section 7. The policy comes through policyForOperation(): scope and family checked, anything else
 * answers like a missing policy.
 */
export function esignRoutes(api: Hono<AppEnv>, family: PolicyFamily): void {
  api.get('/GetPolicyStatements/:policyId', async (c) => {
    const policy = await policyForOperation(c, family, 'GetPolicyStatements', c.req.param('policyId'))
    if (!policy) return c.json(POLICY_NOT_FOUND, 404)
    c.header('Cache-Control', 'no-store')
    return c.json(policy.policyStatements.map((s) => ({ statementId: s.statementId, statementText: s.statementText, eSignature: '' })))
  })

  if (family !== 'homeowners') return

  api.get('/GetESignatures/:policyId', async (c) => {
    const policy = await policyForOperation(c, family, 'GetESignatures', c.req.param('policyId'))
    if (!policy) return c.json(POLICY_NOT_FOUND, 404)
    // The permission of the screen this call serves, from the route table.
    if (!routePermits(route('ESignHistory'), policy)) return c.json({ errorMessage: 'E-signature history is not available for this policy.' }, 403)
    c.header('Cache-Control', 'no-store')
    return c.json(policy.eSignatures)
  })

  // The addressed policy first (another person's policy is a 404 whatever the body), then the body.
  const addressedPolicy = createMiddleware<AppEnv>(async (c, next) => {
    const policy = await policyForOperation(c, family, 'PostESignatures', c.req.param('policyId'))
    if (!policy) return c.json(POLICY_NOT_FOUND, 404)
    c.set('policy', policy)
    await next()
  })
  // The spec's payload (spec 000 section 3 "E-sign submission"); the island's extra fields are accepted too.
  api.post('/PostESignatures/:policyId', addressedPolicy, jsonBody(esignSpecSubmissionSchema, badRequestNaming(esignFieldErrors)), async (c) => {
    const policy = c.get('policy')!
    return postESignatures(c, policy, completeSubmission(c.req.valid('json'), policy.policyStatements))
  })
}

/**
 * 200: the text is a success; 202: the text is an error (spec 000 section 4 "E-sign"). The body is
 * that text (text/plain). A browser caller (session cookie) also gets it put on the system-message
 * page, which the island opens next. Malformed or invalid input is a 400 with the schema's messages
 * (jsonBody). Repeats are answered by the /v1 idempotency middleware (Idempotency-Key); the signature's
 * own unique key stays the inner safety net.
 */
async function postESignatures(c: Context<AppEnv>, policy: Policy, submission: ESignSubmission): Promise<Response> {
  if (submission.policyId !== policy.policyID) return c.json({ errorMessage: 'The policy id does not match the address.' }, 400)

  const viaBrowser = c.get('authVia') === 'cookie'
  const meta = clientMeta(c)
  const result = await signPolicy(
    {
      env: c.env,
      session: c.get('session')!,
      requestId: meta.requestId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      clientSid: c.get('sid'),
      channel: viaBrowser ? 'island' : 'api',
    },
    policy,
    submission,
  )
  if (viaBrowser) {
    await setFlash(c, { text: result.message, isError: result.status === 202, showPhoneNumber: result.showPhoneNumber ?? false })
  }
  c.header('Cache-Control', 'no-store')
  return c.text(result.message, result.status)
}
