import { RATE_RULES } from '../../middleware/rate-rules'
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { payoutChoiceSchema } from '../../../shared/claims/payout/payout-choice'
import { choosePayout, PAYOUT_ACCOUNT_RULE, payoutChoiceOf } from '../../services/claims/claim-payout'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { kickDrain } from '../../services/outbox/outbox'
import { paymentProcessor } from '../../integrations/payments'
import { API_REFUSALS } from '../../middleware/api-refusals'
import { background } from '../../lib/background'
import { STEP_UP_403, stepUpProblem } from '../step-up-refusal'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { ErrorMessageSchema, json, jsonBody, PolicyIdParam } from '../schemas'

/**
 * How a claim of the policy is paid (issue 33 item 1, decision 210): GET reads the choice, PUT makes it
 * (direct deposit: the account tokenized at the processor, which needs a recent sign-in like every money
 * destination; or a check mailed to an address). The answers never hold the account number or the
 * token. Another person's claim, or another policy's, is a 404 like a missing one; a closed claim, 409.
 */
const CLAIM_NOT_FOUND = 'Claim not found.'
const CLOSED = 'This claim is closed, so how it is paid can no longer be changed.'

const claimQuery = z.object({ claimNumber: z.string().max(40).openapi({ example: 'HO-2026-000123' }) })

const ChoiceSchema = z
  .union([
    z.object({ method: z.literal('deposit'), bankName: z.string(), last4: z.string() }),
    z.object({
      method: z.literal('check'),
      payee: z.string(),
      address1: z.string(),
      address2: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
    }),
  ])
  .openapi('ClaimPayoutChoice')

/** What the idempotency layer hashes: never the account's numbers (their length and last four). */
function hashBody(body: Uint8Array): Uint8Array {
  try {
    const b = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>
    const mask = (v: unknown) => (typeof v === 'string' ? `${v.length}:${v.slice(-4)}` : '')
    return new TextEncoder().encode(`claim-payout\n${JSON.stringify({ ...b, accountNumber: mask(b.accountNumber), routingNumber: mask(b.routingNumber) })}`)
  } catch {
    return new TextEncoder().encode('claim-payout-unreadable')
  }
}

const claimNumberOf = (raw: string | undefined) => (raw ?? '').trim().toUpperCase()

export function claimPayoutOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const base = { path: `/${family}/ClaimPayout/{policyId}`, tags: [family, 'claims'] }
  const policy = { family, operation: 'ClaimPayout' }

  const read = defineOperation(
    {
      ...base,
      method: 'get',
      operationId: `${family}.GetClaimPayout`,
      summary: 'How a claim is paid',
      request: { params: PolicyIdParam, query: claimQuery },
      responses: {
        200: json(z.object({ choice: ChoiceSchema.nullable() }), 'The choice, or null before one is made.'),
        404: problemContent('No such claim on this policy.'),
      },
    },
    { auth: 'session', policy },
  )
  register(api, read, async (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    const choice = await payoutChoiceOf(c.env, policy.policyID, claimNumberOf(c.req.query('claimNumber')))
    return choice === undefined ? problem(c, 404, CLAIM_NOT_FOUND) : c.json({ choice })
  })

  const set = defineOperation(
    {
      ...base,
      method: 'put',
      operationId: `${family}.SetClaimPayout`,
      summary: 'Choose how a claim is paid: direct deposit (needs a recent sign-in or step-up) or a mailed check',
      request: { params: PolicyIdParam, query: claimQuery, ...jsonBody(payoutChoiceSchema) },
      responses: {
        200: json(z.object({ choice: ChoiceSchema }), 'Saved; on its way to the claims team (the same choice again changes nothing).'),
        202: json(ErrorMessageSchema, 'Not saved (the bank could not confirm the account, or the processor did not answer), in words a person reads.'),
        403: STEP_UP_403,
        404: problemContent('No such claim on this policy.'),
        409: problemContent('The claim is closed, or a request with this Idempotency-Key is still running.'),
        429: problemContent(
          `More than ${PAYOUT_ACCOUNT_RULE.limit} bank accounts sent in the hour (counted before the processor is called): wait Retry-After seconds.`,
        ),
      },
    },
    { auth: 'session', policy, rate: RATE_RULES.claimPayout, cardNumbers: { acceptedIn: ['routingNumber', 'accountNumber'] }, idempotency: { hashBody } },
  )
  register(api, set, async (c, { session, policy }) => {
    c.header('Cache-Control', 'no-store')
    const outcome = await choosePayout(c.env, paymentProcessor(c.env), {
      policyId: policy.policyID,
      claimNumber: claimNumberOf(c.req.query('claimNumber')),
      owner: claimDraftOwner(session, policy.policyID),
      session,
      input: c.req.valid('json'),
      now: Date.now(),
    })
    switch (outcome.kind) {
      case 'not-found':
        return problem(c, 404, CLAIM_NOT_FOUND)
      case 'closed':
        return problem(c, 409, CLOSED)
      case 'step-up':
        return stepUpProblem(c)
      case 'paused':
        c.header('Retry-After', String(outcome.retryAfterSeconds))
        return API_REFUSALS.tooMany(c, outcome.message)
      case 'refused':
      case 'unavailable':
        return c.json({ errorMessage: outcome.message }, 202)
      case 'saved':
        await kickDrain(c.env, background(c), { channels: ['claim-payout'] })
        return c.json({ choice: outcome.choice }, 200)
    }
  })
}
