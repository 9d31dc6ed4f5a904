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
 * The rule is findCardNumber (shared/payments/pan.ts), applied to what the handler will parse, whatever
 * the Content-Type says: each string of a body that parses as JSON (a handler may read JSON it was not
 * told about: the client log parses any body), each field of a urlencoded form, each part of a
 * multipart form (text parts and file parts alike, each read as text: the claim report's claimSubmission,
 * and its PDF copy of at most 2 MB, decision 218, whose readable text is judged like any field; the
 * only other file, ClaimFile's, is streamed and never read here), a part or a string holding JSON parsed
 * too, any other body (or a multipart body that does not parse) as text, each query parameter. One
 * factory, mounted by each side with its own answers (decision 160): pages on every route (a streamed
 * file and Make a Payment's no-script form are not read here: their query is), /v1 on every operation
 * but ClaimFile's streamed file (its declaration names the fields that may carry card data). Headers
 * kept or logged are judged where they are read (decision 201): the file name (claim-upload.ts), the
 * SID (request-context.ts), the User-Agent (client-meta.ts), the Idempotency-Key (stored-key.ts).
 */
export interface CardGuardOptions {
  /** Body fields (paths) that may carry card data, or are judged by their own rules (MakePayment's). */
  accepts?: readonly string[]
  /** Which bodies are judged here: all, or none (a streamed file or an unread form: never read). */
  bodies?: 'all' | 'none'
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
    if (!field && !SAFE_METHODS.has(c.req.method) && bodies === 'all') field = await fieldOfBody(c, accepts)
    if (!field) return next()
    const shown = field.slice(0, MAX_FIELD_NAME)
    log('warn', 'card number refused', { requestId: c.get('requestId'), path: c.req.path, method: c.req.method, field: shown })
    return refusals.cardNumber(c, shown)
  }
}

/**
 * The first field of the body holding a card number, or null: as a form when its type says so and it
 * parses, and as JSON whenever it parses (whatever the type: the client log reads any body as JSON),
 * else as text.
 */
async function fieldOfBody(c: Context<AppEnv>, accepts: (path: string) => boolean): Promise<string | null> {
  if (!c.req.raw.body) return null
  const type = c.req.header('Content-Type') ?? ''
  // Hono keeps the body it read, so the handler reads it again. Bytes, not .text(): workerd warns when a
  // form body is read as text.
  const bytes = await c.req.arrayBuffer()
  const form = MULTIPART_BODY.test(type) ? await multipartPairs(bytes, type) : null
  const text = new TextDecoder().decode(bytes)
  const pairs = form ?? (FORM_BODY.test(type) ? [...new URLSearchParams(text)] : null)
  const inForm = pairs ? fieldOfPairs(pairs, accepts) : null
  if (inForm || form) return inForm
  try {
    return findCardNumberField(JSON.parse(text), accepts)
  } catch {
    // not JSON
  }
  return pairs || !findCardNumber(text) ? null : '(body)'
}

/** A form's or a query's pairs: a name holding a card number is named '(a field name)', a value holding JSON is judged as parsed too. */
function fieldOfPairs(pairs: Iterable<[string, string]>, accepts: (path: string) => boolean): string | null {
  for (const [name, value] of pairs) {
    if (findCardNumber(name)) return '(a field name)'
    const found = findCardNumberField(value, accepts, name)
    if (found) return found
  }
  return null
}

/** A multipart form's parts, each as text (a file part too, and its file name), or null when the body is not such a form. */
async function multipartPairs(bytes: ArrayBuffer, type: string): Promise<[string, string][] | null> {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData()
  } catch {
    return null
  }
  const pairs: [string, string][] = []
  // The runtime gives File for file parts; the workers types declare strings only.
  for (const [name, value] of form.entries() as Iterable<[string, string | File]>) {
    if (typeof value === 'string') pairs.push([name, value])
    else pairs.push([name, value.name], [name, await value.text()])
  }
  return pairs
}
