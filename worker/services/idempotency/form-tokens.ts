import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Env } from '../../env'
import { readForm } from '../request/read-form'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { sha256Hex } from '../../lib/sha256'
import { begin, DEFAULT_TIMING, finish, release, type KeySpec, type Timing } from './answers'
import { base64url, hmac, utf8 } from '../../lib/bytes'
import { sameSecret } from '../../lib/random-token'

export const FORM_TOKEN_INVALID_MESSAGE = 'This form is no longer valid. Please go back, reload the page and submit it again.'
const FORM_IN_PROGRESS_MESSAGE = 'This form is already being submitted. Please wait a moment, then reload the page.'

/** A form token belongs to one session (or, before login, one browser's sid) and one form. */
function formPrincipal(c: Context<AppEnv>): string {
  const session = c.get('session')
  return session ? `session:${session.id}` : `sid:${c.get('sid')}`
}

async function formMac(env: Env, formName: string, principal: string, nonce: string): Promise<string> {
  return base64url(await hmac(env, `form-once\n${formName}\n${principal}\n${nonce}`))
}

/**
 * For no-JS forms: a one-time token to put in a hidden input `_once`. Stateless (nothing is written on
 * GET): a random nonce and its HMAC over the form name and the session, so it cannot be used by another
 * session or for another form.
 */
export async function issueFormToken(c: Context<AppEnv>, formName: string): Promise<string> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)))
  return `${nonce}.${await formMac(c.env, formName, formPrincipal(c), nonce)}`
}

/**
 * The check on POST. Runs `handler` at most once per token: the first use runs it and, when the answer
 * is a success or a redirect (status below 400), stores it; any later use of the token answers that
 * stored answer (the same redirect, the same Set-Cookie) without running the handler, and a use while
 * the first is still running waits for it. A refused form (4xx) or a failure (5xx) gives the token back,
 * so the corrected form can be sent with it.
 * - No `_once` field: `handler` runs unprotected (pages rendered before the token existed, plain
 *   clients); the business rule's own safety net still applies.
 * - A token not issued to this session for this form: 400 with FORM_TOKEN_INVALID_MESSAGE.
 * The form body is read through readForm(), so the handler can read it again.
 */
export async function consumeFormToken(
  c: Context<AppEnv>,
  formName: string,
  handler: () => Promise<Response>,
  timing: Timing = DEFAULT_TIMING,
): Promise<Response> {
  return runFormOnce(c, formName, (await readForm(c))[FORM_TOKEN_FIELD], handler, timing)
}

/**
 * consumeFormToken for a token the caller has read itself: a form whose body is streamed (a file) sends
 * its token as the field before the file.
 */
export async function runFormOnce(
  c: Context<AppEnv>,
  formName: string,
  token: string | undefined,
  handler: () => Promise<Response>,
  timing: Timing = DEFAULT_TIMING,
): Promise<Response> {
  if (!token) return handler()
  const principal = formPrincipal(c)
  const [nonce, mac, extra] = token.split('.')
  if (!nonce || !mac || extra !== undefined || !sameSecret(mac, await formMac(c.env, formName, principal, nonce))) {
    return c.text(FORM_TOKEN_INVALID_MESSAGE, 400)
  }
  // The token is the request: a second click with other field values still answers what the first did.
  const requestHash = await sha256Hex(utf8(`form\n${formName}`))
  const spec: KeySpec = { scope: `form:${formName}`, principal, rawKey: token, requestHash }
  const outcome = await begin(c.env, spec, timing, async () => requestHash)
  switch (outcome.kind) {
    case 'replay':
      return outcome.answer
    case 'busy':
    case 'conflict':
    case 'lost':
      c.header('Retry-After', '1')
      return c.text(FORM_IN_PROGRESS_MESSAGE, 409)
    case 'run': {
      let res: Response
      try {
        res = await handler()
      } catch (err) {
        await release(c.env, outcome.lock)
        throw err
      }
      await finish(c.env, outcome.lock, spec, res, requestHash, res.status < 400)
      return res
    }
  }
}
