import type { Context, MiddlewareHandler } from 'hono'
import { validator } from 'hono/validator'
import { safeParse, toJSONSchema, type $ZodError, type $ZodType } from 'zod/v4/core'
import { createRoute, z, type OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi'
import type { AppEnv } from '../types'
import { isProfileSession, type ProfileSession, type Session } from '../services/identity/session'
import type { Policy } from '../../shared/policy/schemas/policy'
import type { PolicyFamily } from '../../shared/policy/family'
import { PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../../shared/api/problem'
import { SESSION_ENDED } from '../../shared/routes'
import { fieldErrors, type FieldErrors } from '../../shared/forms/field-errors'
import { type BodyLimit, bodyLimit, DEFAULT_BODY_LIMIT } from '../middleware/body-limit'
import { ipBurstLimit, rateLimit } from '../middleware/rate-limit'
import type { RateRule } from '../middleware/rate-rules'
import { createIdempotency, IDEMPOTENCY_HEADER } from '../middleware/idempotency'
import { refuseCardNumbers } from '../middleware/card-guard'
import { policyForOperation, POLICY_NOT_FOUND } from './policy/policy-param'
import { API_REFUSALS } from '../middleware/api-refusals'
import { problem, ProblemSchema } from '../render/problem'

/**
 * Each /v1 operation is declared once (decision 160): its OpenAPI route (method, path, schemas from
 * shared/, responses) and its rules below. From the declaration come the route, its middleware in one
 * fixed order, its validation and its part of /v1/openapi.json. No middleware asks the path which
 * operation it serves.
 */
export interface OperationRules {
  /** Who may call it: anyone, any live session, or a direct-login profile session. */
  auth: 'anyone' | 'session' | 'profile'
  /** The largest body in bytes (default DEFAULT_BODY_LIMIT). */
  bodyLimit?: BodyLimit
  /** The per-address burst limit of credential and lookup operations. */
  ipBurst?: boolean
  /** A counted limit (per address, session, policy). */
  rate?: RateRule
  /**
   * The policy the `policyId` path parameter addresses, in the session's scope and of this family (set as
   * c.var.policy); another person's policy is a 404 like a missing one. `refusal` names what the route's
   * permission refuses (403), or null when it permits.
   */
  policy?: AddressedPolicy
  /**
   * State-changing operations take an Idempotency-Key unless they say 'none'; `hashBody` narrows what of
   * the body the request hash covers (MakePayment: its fingerprint, never the card number).
   */
  idempotency?: 'none' | { hashBody: (body: Uint8Array) => Uint8Array }
  /**
   * The body fields that may carry card data, or are judged by their own rules (MakePayment alone: its
   * card number and CVV, and the bank fields); any other field, and every field of every other
   * operation, is refused when it holds a card number (worker/middleware/card-guard.ts).
   */
  cardNumbers?: { acceptedIn: readonly string[] }
  /**
   * The body is a file, streamed by its handler (ClaimFile): the card guard judges the query only and
   * never reads it (a file's bytes are not fields; a text file would otherwise be read whole), and the
   * idempotency layer leaves it unwrapped, hashing what the handler shows it (c.var.requestBodyTap).
   */
  rawBody?: true
  /**
   * A claim session (reporting a claim without signing in, decision 220) may call it: Report a Claim's
   * operations and the session's own. To every other operation that session does not exist.
   */
  claimSession?: true
}

/** The policy an operation addresses by its `policyId` path parameter (OperationRules.policy). */
interface AddressedPolicy {
  family: PolicyFamily
  operation: string
  refusal?: (policy: Policy) => string | null
}

/**
 * What an operation's rules guarantee its handler, handed to it as its second argument: the session
 * (non-null unless the operation is open to anyone), the profile of a 'profile' operation, the addressed
 * policy of an operation with a `policy` rule. The middleware the rules put in front of the handler
 * refused every request without them.
 */
type Granted<Rules extends OperationRules> = SessionGrant<Rules['auth']> & (Rules extends { policy: AddressedPolicy } ? { policy: Policy } : unknown)

type SessionGrant<Auth extends OperationRules['auth']> = Auth extends 'profile'
  ? { session: ProfileSession; profileId: string }
  : Auth extends 'session'
    ? { session: Session }
    : { session: Session | null }

/** A declared operation: its route, with its rules in its type (the brand is never set: register() reads the rules it was declared with). */
type Operation<R extends RouteConfig, Rules extends OperationRules> = R & { readonly [rulesOf]?: Rules }
declare const rulesOf: unique symbol

/** The rules each declared route was declared with, read by register(); kept off the route, whose properties are its OpenAPI operation. */
const declaredRules = new WeakMap<RouteConfig, OperationRules>()

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete'])

export const problemContent = (description: string) => ({ description, content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema } } })

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z.string().optional().openapi({
    description: '1 to 200 visible ASCII characters. A repeat with the same key and body answers what the first answered.',
  }),
})

export function defineOperation<R extends RouteConfig, const Rules extends OperationRules>(config: R, rules: Rules): Operation<R, Rules> {
  const changes = STATE_CHANGING.has(config.method)
  const idempotent = changes && rules.idempotency !== 'none'
  const middleware: MiddlewareHandler<AppEnv>[] = []
  if (!rules.claimSession) middleware.push(withoutClaimSession)
  if (changes) middleware.push(bodyLimit(rules.bodyLimit ?? DEFAULT_BODY_LIMIT, API_REFUSALS))
  // An operation of a signed-in account counts its burst against the account (decision 185).
  if (rules.ipBurst) middleware.push(ipBurstLimit(API_REFUSALS, { perAccount: rules.auth !== 'anyone' }))
  if (rules.auth !== 'anyone') middleware.push(requireAuth(rules.auth))
  // A counted rule checks its locks first; a reserving one takes its slot last (below).
  if (rules.rate && !rules.rate.reserve) middleware.push(rateLimit(rules.rate, API_REFUSALS))
  if (rules.policy) middleware.push(addressedPolicy(rules.policy))
  // Before the card guard: the body is hashed as the guard (or the handler) reads it, never read twice.
  if (idempotent) {
    const hashBody = typeof rules.idempotency === 'object' ? rules.idempotency.hashBody : undefined
    middleware.push(createIdempotency({ ...(hashBody ? { bodyForHash: hashBody } : {}), ...(rules.rawBody ? { handlerTapsBody: true as const } : {}) }))
  }
  middleware.push(refuseCardNumbers(API_REFUSALS, { accepts: rules.cardNumbers?.acceptedIn ?? [], bodies: rules.rawBody ? 'none' : 'all' }))
  // A reserving rule takes its slot just before the handler (decision 203): a repeat of an Idempotency-Key
  // (answered, or still running and waited for) and a request refused for its policy or its body never
  // hold one, so twenty copies of one payment get its answer, not a 429.
  if (rules.rate?.reserve) middleware.push(rateLimit(rules.rate, API_REFUSALS))

  const responses: RouteConfig['responses'] = { ...config.responses }
  const add = (status: number, description: string) => {
    if (!(status in responses)) responses[status] = problemContent(description)
  }
  if (config.request?.body || config.request?.query || config.request?.params) add(400, 'The request is not valid: `errors` names each field.')
  if (rules.auth !== 'anyone') add(401, `No live session: '${SESSION_ENDED}'.`)
  if (rules.auth === 'profile' || rules.policy?.refusal || changes) add(403, 'Not allowed for this session or policy, or a cross-site call.')
  if (rules.policy) add(404, "No such policy in this session's scope (another person's policy looks missing).")
  if (idempotent) {
    add(409, 'A request with this Idempotency-Key is still running: retry after Retry-After seconds.')
    add(422, 'This Idempotency-Key was already used with a different request: send it with a new key.')
  }
  if (changes) add(413, 'The body is larger than this operation takes.')
  if (rules.ipBurst || rules.rate) add(429, 'Too many requests: wait Retry-After seconds.')
  add(503, "The portal's own store failed: nothing was done; the same request may be sent again.")

  const request = idempotent ? { ...config.request, headers: config.request?.headers ?? idempotencyHeader } : config.request
  const route = createRoute({ ...config, request, responses, middleware: [...middleware, ...toArray(config.middleware)] } as R)
  declaredRules.set(route, rules)
  return route
}

function toArray(m: RouteConfig['middleware']): MiddlewareHandler[] {
  return m === undefined ? [] : Array.isArray(m) ? m : [m]
}

/** An operation a claim session may not call sees no session (decision 220): 401 where one is needed. */
const withoutClaimSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('session')?.kind === 'claim') c.set('session', null)
  await next()
}

function requireAuth(auth: 'session' | 'profile'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get('session')
    if (!session) return problem(c, 401, SESSION_ENDED)
    if (auth === 'profile') {
      if (!isProfileSession(session)) return problem(c, 403, 'A profile login is needed.')
      c.header('Cache-Control', 'no-store')
    }
    await next()
  }
}

function addressedPolicy(rule: NonNullable<OperationRules['policy']>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const policy = await policyForOperation(c, rule.family, rule.operation, c.req.param('policyId'))
    if (!policy) return problem(c, 404, POLICY_NOT_FOUND.errorMessage)
    const refusal = rule.refusal?.(policy)
    if (refusal) return problem(c, 403, refusal)
    c.set('policy', policy)
    await next()
  }
}

/** What a handler of a declared operation receives: the context typed by its route's schemas. */
export type OperationContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0]

/**
 * Registers a declared operation; its handler gets what its rules grant (Granted) and answers plain
 * Responses (texts, PDFs, problems) as the spec asks.
 */
export function register<R extends RouteConfig, Rules extends OperationRules>(
  api: OpenAPIHono<AppEnv>,
  route: Operation<R, Rules>,
  handler: (c: OperationContext<R>, granted: Granted<Rules>) => Response | Promise<Response>,
  hook?: (result: { success: boolean; error?: unknown }, c: Context<AppEnv>) => Response | undefined | Promise<Response | undefined>,
): void {
  const rules = declaredRules.get(route)
  if (!rules) throw new Error(`register(): ${route.method.toUpperCase()} ${route.path} was not declared with defineOperation()`)
  const granting = (c: OperationContext<R>) => handler(c, grantedBy(rules, c) as Granted<Rules>)
  api.openapi(route, granting as never, hook as never)
}

/**
 * What the rules' middleware left in c.var, checked once: a declaration whose middleware did not set
 * what its rules promise is a programming error, answered as one (500), never a handler given a null.
 */
function grantedBy(rules: OperationRules, c: Context<AppEnv>): { session: Session | null; profileId?: string; policy?: Policy } {
  const session = c.get('session') ?? null
  const fail = (missing: string) => new Error(`${c.req.method} ${c.req.routePath}: its rules promise ${missing}, which its middleware did not set`)
  if (rules.auth !== 'anyone' && !session) throw fail('a session')
  const granted: { session: Session | null; profileId?: string; policy?: Policy } = { session }
  if (rules.auth === 'profile') {
    if (!isProfileSession(session)) throw fail('a profile session')
    granted.profileId = session.profileId
  }
  if (rules.policy) {
    const policy = c.get('policy')
    if (!policy) throw fail('the addressed policy')
    granted.policy = policy
  }
  return granted
}

/** The validation answer: a 400 problem naming each field (default: the first path segment of each issue). */
export function invalidBody(errorsOf: (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) => FieldErrors = fieldErrors) {
  return (result: { success: boolean; error?: unknown }, c: Context<AppEnv>): Response | undefined => {
    if (result.success) return undefined
    const errors = errorsOf(result.error as { issues: readonly { path: readonly PropertyKey[]; message: string }[] })
    return problem(c, 400, Object.values(errors)[0] ?? 'The request is not valid.', { type: PROBLEM_TYPES.invalidBody, errors })
  }
}

/**
 * A JSON body checked by a zod/mini schema (the islands' schemas are mini, for their weight): the
 * validator runs as the operation's middleware, and the document describes the body by the schema's
 * JSON Schema. Handlers read it with c.req.valid('json' as never).
 */
export function miniJsonBody<T extends $ZodType>(schema: T, errorsOf: (error: $ZodError) => FieldErrors = fieldErrors) {
  return {
    body: {
      required: true,
      content: { 'application/json': { schema: toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> } },
    },
    middleware: validator('json', (value, c) => {
      const result = safeParse(schema, value)
      if (result.success) return result.data as never
      const errors = errorsOf(result.error)
      return problem(c, 400, Object.values(errors)[0] ?? 'The request is not valid.', { type: PROBLEM_TYPES.invalidBody, errors })
    }),
  }
}
