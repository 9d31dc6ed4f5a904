import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import { addSavedMethodSchema, changeSavedMethodSchema, cvvValid, methodIdParam, type AddSavedMethod } from '../../../shared/payments/schemas/saved-method'
import { cardDigits } from '../../../shared/payments/card'
import { withoutSpaces } from '../../../shared/payments/bank'
import { PAYMENT_MSG } from '../../../shared/payments/messages'
import { PROBLEM_TYPES } from '../../../shared/api/problem'
import type { PaymentMethodDetails } from '../../integrations/payments'
import { paymentProcessor } from '../../integrations/payments'
import { RATE_RULES } from '../../middleware/rate-rules'
import { API_REFUSALS } from '../../middleware/api-refusals'
import { makeDefault, METHOD_NOT_FOUND, removeMethod, renameMethod, SAVE_METHOD_RULE, saveMethod, savedMethodsOf } from '../../services/payments/saved-methods'
import { autopayUsing } from '../../services/payments/autopay-guard'
import { portalNow } from '../../lib/clock'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { STEP_UP_403, stepUpProblem } from '../step-up-refusal'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { ErrorMessageSchema, json, jsonBody } from '../schemas'

/**
 * /v1/profile/PaymentMethods (issue 22 item 1): a profile's saved cards and bank accounts. Adding one
 * sends its numbers to the processor (the only fields here that may carry them); the answers show
 * brand or bank, last four, expiry and nickname, never the token. Another profile's method is a 404.
 */
const tags = ['profile']
const SavedMethodSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['card', 'bank']),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().nullable(),
    expYear: z.number().nullable(),
    nickname: z.string(),
    isDefault: z.boolean(),
  })
  .openapi('SavedPaymentMethod')
const refused = json(ErrorMessageSchema, 'Not saved or not changed, in words a person reads.')
const params = { params: methodIdParam.extend({ methodId: methodIdParam.shape.methodId.openapi({ param: { name: 'methodId', in: 'path' } }) }) }
const SAVED_METHOD_NOT_FOUND = 'No such payment method in this profile.'

/** What the idempotency layer hashes of an added method: never its numbers (their length and last four). */
function addFingerprintBody(body: Uint8Array): Uint8Array {
  try {
    const b = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>
    const mask = (v: unknown) => (typeof v === 'string' ? `${v.length}:${v.slice(-4)}` : '')
    const safe = { ...b, cardNumber: mask(b.cardNumber), accountNumber: mask(b.accountNumber), cvv: '', routingNumber: mask(b.routingNumber) }
    return new TextEncoder().encode(`saved-method\n${JSON.stringify(safe)}`)
  } catch {
    return new TextEncoder().encode('saved-method-unreadable')
  }
}

const list = defineOperation(
  {
    method: 'get',
    path: '/profile/PaymentMethods',
    tags,
    summary: 'The saved payment methods',
    responses: { 200: json(z.object({ methods: z.array(SavedMethodSchema) }), 'Default first.') },
  },
  { auth: 'profile' },
)

const add = defineOperation(
  {
    method: 'post',
    path: '/profile/PaymentMethods',
    tags,
    summary: 'Save a card or bank account (stored at the processor; a bank account is validated first)',
    request: jsonBody(addSavedMethodSchema),
    responses: {
      200: json(z.object({ method: SavedMethodSchema }), 'Saved.'),
      202: refused,
      403: STEP_UP_403,
      429: problemContent(
        `More than ${SAVE_METHOD_RULE.limit} methods added to this profile in the hour (counted before the processor is called): wait Retry-After seconds.`,
      ),
    },
  },
  {
    // The save limit is counted where saving is, for this route and Make a Payment's save alike (services/payments/saved-methods.ts).
    auth: 'profile',
    cardNumbers: { acceptedIn: ['cardNumber', 'cvv', 'routingNumber', 'accountNumber'] },
    idempotency: { hashBody: addFingerprintBody },
  },
)

const change = defineOperation(
  {
    method: 'patch',
    path: '/profile/PaymentMethods/{methodId}',
    tags,
    summary: 'Rename a saved payment method, or make it the default (which needs a recent sign-in or step-up)',
    request: { ...params, ...jsonBody(changeSavedMethodSchema) },
    responses: { 200: json(z.object({ method: SavedMethodSchema }), 'Changed.'), 403: STEP_UP_403 },
  },
  { auth: 'profile', rate: RATE_RULES.methodChanges },
)

const remove = defineOperation(
  {
    method: 'delete',
    path: '/profile/PaymentMethods/{methodId}',
    tags,
    summary: 'Remove a saved payment method (here and at the processor)',
    request: params,
    responses: { 204: { description: 'Removed.' }, 202: refused },
  },
  { auth: 'profile', rate: RATE_RULES.methodChanges },
)

/** The typed details as the processor takes them (validated by the schema). */
function detailsOf(body: AddSavedMethod): PaymentMethodDetails {
  if (body.kind === 'bank')
    return { kind: 'bank', routing: withoutSpaces(body.routingNumber), account: withoutSpaces(body.accountNumber), name: body.billingName }
  return {
    kind: 'card',
    number: cardDigits(body.cardNumber),
    expMonth: body.expMonth,
    expYear: body.expYear,
    cvv: body.cvv.trim(),
    name: body.billingName,
    zip: body.zipCode,
  }
}

export function paymentMethodOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, list, async (c, { profileId }) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ methods: await savedMethodsOf(c.env, profileId) })
  })

  register(api, add, async (c, { session, profileId }) => {
    if (stepUpRequired(session)) return stepUpProblem(c)
    const body = c.req.valid('json')
    if (body.kind === 'card' && !cvvValid(body.cardNumber, body.cvv)) {
      return problem(c, 400, PAYMENT_MSG.cvvRequired, { type: PROBLEM_TYPES.invalidBody, errors: { cvv: PAYMENT_MSG.cvvRequired } })
    }
    const saved = await saveMethod(c.env, paymentProcessor(c.env), {
      profileId,
      sessionId: session.id,
      method: detailsOf(body),
      nickname: body.nickname,
      sourcePaymentId: null,
      now: await portalNow(c.env),
    })
    if (saved.ok) return c.json({ method: saved.method }, 200)
    if (saved.retryAfterSeconds) {
      c.header('Retry-After', String(saved.retryAfterSeconds))
      return API_REFUSALS.tooMany(c, saved.message)
    }
    return c.json({ errorMessage: saved.message }, 202)
  })

  register(api, change, async (c, { session, profileId }) => {
    const { methodId } = c.req.valid('param')
    const body = c.req.valid('json')
    // Asked before anything is changed: a rename sent with it waits for the step-up too.
    if (body.isDefault && stepUpRequired(session)) return stepUpProblem(c)
    let answer = body.nickname !== undefined ? await renameMethod(c.env, profileId, methodId, body.nickname) : null
    if (body.isDefault && (answer === null || answer.ok)) answer = await makeDefault(c.env, profileId, methodId)
    if (!answer?.ok) return problem(c, 404, SAVED_METHOD_NOT_FOUND)
    return c.json({ method: answer.method }, 200)
  })

  register(api, remove, async (c, { profileId }) => {
    const { methodId } = c.req.valid('param')
    const result = await removeMethod(c.env, paymentProcessor(c.env), profileId, methodId, (id) => autopayUsing(c.env, id))
    if (!result.ok) {
      if (result.message === METHOD_NOT_FOUND) return problem(c, 404, SAVED_METHOD_NOT_FOUND)
      return c.json({ errorMessage: result.message }, 202)
    }
    return c.body(null, 204)
  })
}
