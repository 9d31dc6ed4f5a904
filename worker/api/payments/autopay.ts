import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { route, routePermits } from '../../../shared/routes'
import { SAVED_METHOD_ID } from '../../../shared/payments/saved-methods'
import { RATE_RULES } from '../../middleware/rate-rules'
import { paymentProcessor } from '../../integrations/payments'
import { portalNow } from '../../lib/clock'
import { autopayStatus } from '../../services/payments/autopay-status'
import { enrolAutopay, stopAutopay, termsFor } from '../../services/payments/autopay'
import { autopayWho } from '../../services/payments/autopay-who'
import { defineOperation, problemContent, register } from '../operation'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { STEP_UP_403, stepUpProblem } from '../step-up-refusal'
import { problem } from '../../render/problem'
import { ErrorMessageSchema, json, jsonBody, PolicyIdParam } from '../schemas'
import { PAYMENT_NOT_ALLOWED } from './payments'

/**
 * /v1/{family}/AutoPay/{policyId} (issue 22 item 2): a policy's automatic payments. A profile login
 * enrols the policy with one of its saved methods, accepting the terms as the terms operation gave
 * them (text and version), changes the method, or stops them; within 3 business days of a draft a
 * change or stop is a 202 that says so. Turning them on or moving them needs a recent sign-in or a
 * step-up (decision 202); stopping them does not (no money goes anywhere new).
 */
const StatusSchema = z
  .object({
    enrolled: z.boolean(),
    method: z.string().nullable().openapi({ description: "'Visa ending in 1111' (never a token)." }),
    methodId: z.string().nullable(),
    nextDraft: z.string().nullable(),
    mayChange: z.boolean(),
    lastDraft: z.object({ dueDate: z.string(), status: z.string(), amountCents: z.number() }).nullable(),
  })
  .openapi('AutoPayStatus')
const enrolSchema = z.object({
  methodId: z.string().regex(SAVED_METHOD_ID, 'must be a saved payment method'),
  accepted: z.boolean(),
  termsText: z.string().max(4000),
  termsVersion: z.string().max(60),
})
const refused = json(ErrorMessageSchema, 'Not done, in words a person reads.')
const done = json(z.object({ text: z.string() }), 'Done: what happens next.')

export function autopayOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const policy = {
    family,
    operation: 'MakePayment',
    refusal: (p: Parameters<typeof routePermits>[1]) => (routePermits(route('MakePayment'), p) ? null : PAYMENT_NOT_ALLOWED.errorMessage),
  }
  const base = { tags: [family], request: { params: PolicyIdParam } }
  const status = defineOperation(
    {
      ...base,
      method: 'get',
      path: `/${family}/AutoPay/{policyId}`,
      operationId: `${family}.AutoPay`,
      summary: "The policy's automatic payments",
      responses: { 200: json(StatusSchema, 'Status.') },
    },
    { auth: 'profile', policy },
  )
  const terms = defineOperation(
    {
      ...base,
      method: 'get',
      path: `/${family}/AutoPay/{policyId}/terms/{methodId}`,
      operationId: `${family}.AutoPayTerms`,
      summary: 'The terms to accept for a saved method',
      request: { params: PolicyIdParam.extend({ methodId: z.string().openapi({ param: { name: 'methodId', in: 'path' } }) }) },
      responses: { 200: json(z.object({ text: z.string(), version: z.string() }), 'The terms, word for word.') },
    },
    { auth: 'profile', policy },
  )
  const enrol = defineOperation(
    {
      ...base,
      method: 'put',
      path: `/${family}/AutoPay/{policyId}`,
      operationId: `${family}.AutoPayEnrol`,
      summary: 'Turn automatic payments on, or change their method',
      request: { params: PolicyIdParam, ...jsonBody(enrolSchema) },
      responses: {
        200: done,
        202: refused,
        403: STEP_UP_403,
        409: problemContent(
          'Another request changed automatic payments at the same moment (read them again), or a request with this Idempotency-Key is still running.',
        ),
      },
    },
    { auth: 'profile', policy, rate: RATE_RULES.methodChanges },
  )
  const stop = defineOperation(
    {
      ...base,
      method: 'delete',
      path: `/${family}/AutoPay/{policyId}`,
      operationId: `${family}.AutoPayStop`,
      summary: 'Stop automatic payments',
      responses: { 200: done, 202: refused },
    },
    { auth: 'profile', policy, rate: RATE_RULES.methodChanges },
  )

  register(api, status, async (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await autopayStatus(c.env, policy, await portalNow(c.env)))
  })
  register(api, terms, async (c, { policy, profileId }) => {
    const methodId = c.req.param('methodId') ?? ''
    const found = SAVED_METHOD_ID.test(methodId) ? await termsFor(c.env, policy, profileId, methodId) : null
    if (!found) return problem(c, 404, 'No such payment method in this profile.')
    return c.json(found)
  })
  register(api, enrol, async (c, { session, policy }) => {
    if (stepUpRequired(session)) return stepUpProblem(c)
    const body = c.req.valid('json')
    const answer = await enrolAutopay(c.env, paymentProcessor(c.env), policy, await autopayWho(c.env, session, policy), body, await portalNow(c.env))
    if (answer.ok) return c.json({ text: answer.text }, 200)
    return answer.conflict ? problem(c, 409, answer.message) : c.json({ errorMessage: answer.message }, 202)
  })
  register(api, stop, async (c, { session, policy }) => {
    const answer = await stopAutopay(c.env, policy, await autopayWho(c.env, session, policy), await portalNow(c.env))
    return answer.ok ? c.json({ text: answer.text }, 200) : c.json({ errorMessage: answer.message }, 202)
  })
}
