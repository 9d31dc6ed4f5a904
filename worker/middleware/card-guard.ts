import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types'
import { findCardNumber, findCardNumberField } from '../../shared/payments/pan'
import { log } from '../lib/log'
import type { Refusals } from './refusals'

/**
 * Card numbers go to one place: MakePayment's card fields (and, locally, the processor sandbox it
 * calls). Anything else that carries one (a client log line, a profile field, a claim draft, a page
 * form, a query string, MakePayment's billing name) is refused with a 400 naming the field, before a
 * handler, a log or a table sees it; the refusal is logged with the field's name, never its value.
 * The rule is findCardNumber (shared/payments/pan.ts), applied to DECODED values: each string of a
 * parsed JSON body (whatever its Content-Type), each text field of a urlencoded or multipart form (never
 * a file part), any other body as text, each query parameter. One factory, mounted by each side with its
 * own answers (decision 160): pages on every route (Make a Payment's no-script form is answered without
 * reading its body), /v1 on every operation (its declaration names the fields that may carry card data).
 * /v1 multipart bodies are left to their handler: the claim report judges its claimSubmission part with
 * the same rule (reportClaim).
 */
export interface CardGuardOptions {
  /** Body fields (paths) that may carry card data, or are judged by their own rules (MakePayment's). */
  accepts?: readonly string[]
  /** Which bodies are judged here: all, all but multipart (its handler judges it), or none (never read). */
  bodies?: 'all' | 'not-multipart' | 'none'
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FORM_BODY = /^application\/x-www-form-urlencoded/i
const MULTIPART_BODY = /^multipart\/form-data/i
/** A field's name as the refusal shows it: never longer than this. */
const MAX_FIELD_NAME = 80

/**
 * A partner's sign-in reference (the SSO landing's `tokenid`, the API's `tokenId`, the identity
 * service's `REF`): random text the portal neither stores nor shows, passed on to the identity service.
 * Its digits may form a Luhn-valid run by chance, which refused about 1 sign-in in a few hundred.
 */
const SIGN_IN_REFERENCES = ['tokenid', 'tokenId', 'REF']

export function refuseCardNumbers(refusals: Pick<Refusals, 'cardNumber'>, options: CardGuardOptions = {}): MiddlewareHandler<AppEnv> {
  const accepted = new Set([...(options.accepts ?? []), ...SIGN_IN_REFERENCES])
  const accepts = (path: string) => accepted.has(path)
  const bodies = options.bodies ?? 'all'
  return async (c, next) => {
    let field = fieldOfPairs(new URL(c.req.url).searchParams, (name) => SIGN_IN_REFERENCES.includes(name))
    if (!field && !SAFE_METHODS.has(c.req.method) && bodies !== 'none') field = await fieldOfBody(c, accepts, bodies === 'all')
    if (!field) return next()
    const shown = field.slice(0, MAX_FIELD_NAME)
    log('warn', 'card number refused', { requestId: c.get('requestId'), path: c.req.path, method: c.req.method, field: shown })
    return refusals.cardNumber(c, shown)
  }
}

/**
 * The first field of the body holding a card number, or null. Whatever its Content-Type says: a handler
 * may read JSON it was not told about (the client log parses any body), so a body that is neither a form
 * nor multipart is judged as JSON when it parses, else as text.
 */
async function fieldOfBody(c: Context<AppEnv>, accepts: (path: string) => boolean, multipart: boolean): Promise<string | null> {
  const type = c.req.header('Content-Type') ?? ''
  if (!c.req.raw.body || (!multipart && MULTIPART_BODY.test(type))) return null
  // Hono keeps the body it read, so the handler reads it again. Bytes, not .text(): workerd warns when a
  // form body is read as text.
  const bytes = await c.req.arrayBuffer()
  if (MULTIPART_BODY.test(type)) return fieldOfMultipart(bytes, type, accepts)
  const text = new TextDecoder().decode(bytes)
  if (FORM_BODY.test(type)) return fieldOfPairs(new URLSearchParams(text), accepts)
  try {
    return findCardNumberField(JSON.parse(text), accepts)
  } catch {
    // not JSON: judged as text
  }
  return findCardNumber(text) ? '(body)' : null
}

/** A form's or a query's pairs: a name holding a card number is named '(a field name)'. */
function fieldOfPairs(pairs: Iterable<[string, string | File]>, accepts: (path: string) => boolean): string | null {
  for (const [name, value] of pairs) {
    if (findCardNumber(name)) return '(a field name)'
    if (typeof value === 'string' && !accepts(name) && findCardNumber(value)) return name
  }
  return null
}

/** A multipart form's text fields (file parts are files, not judged). An unreadable form is its handler's. */
async function fieldOfMultipart(bytes: ArrayBuffer, type: string, accepts: (path: string) => boolean): Promise<string | null> {
  try {
    const form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData()
    return fieldOfPairs(form.entries() as Iterable<[string, string | File]>, accepts)
  } catch {
    return null
  }
}
