import type { Env } from '../../env'
import { isDeployed } from '../../env'
import type { FetchLike } from '../outside-call'
import { outsideUrl } from '../target'
import { createHttpMailTransport } from './http-adapter'
import type { MailTransport } from './port'

/** Where the mail stand-in's API answers (worker/dev/mail-api.ts), under the portal's address. */
const MAIL_STAND_IN_PATH = '/__dev/mail/messages'

/**
 * The HTTP adapter in every environment (decision 191): the mail API at MAIL_API_URL (required with
 * MAIL_API_KEY in every deployed environment, env.ts), locally the stand-in's API by default.
 */
export function mailTransport(env: Env, fetchImpl?: FetchLike): MailTransport {
  if (isDeployed(env) && !env.MAIL_API_KEY) throw new Error(`mail: ${env.ENVIRONMENT} needs MAIL_API_URL and MAIL_API_KEY`)
  const url = outsideUrl(env, 'mail: MAIL_API_URL', env.MAIL_API_URL, MAIL_STAND_IN_PATH)
  return createHttpMailTransport({ url, apiKey: env.MAIL_API_KEY ?? '', ...(fetchImpl ? { fetch: fetchImpl } : {}) })
}
