import type { Env } from '../../env'
import type { LoginInput } from '../../../shared/identity/schemas/login'
import { login, type LoginResult } from './login'
import { log } from '../../lib/log'
import type { SignInMeta } from './sign-in-meta'

/**
 * The login, or 'issue' when the profile store could not answer (spec 000 section 8 "HTTP 502 on
 * login"): the page shows 'There appears to have been an issue. Please return to the Login page.' with
 * the production-redirect flag, the API answers 502 with it. Never a 500 page for a store outage.
 */
export async function loginOrIssue(env: Env, input: LoginInput, meta: SignInMeta): Promise<LoginResult | 'issue'> {
  try {
    return await login(env, input, meta)
  } catch (err) {
    log('error', 'login could not reach the profile store', { requestId: meta.requestId, error: String(err) })
    return 'issue'
  }
}
