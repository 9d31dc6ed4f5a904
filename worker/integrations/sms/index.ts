import type { Env } from '../../env'
import { isDeployed } from '../../env'
import type { FetchLike } from '../outside-call'
import { outsideUrl } from '../target'
import { createHttpSmsSender } from './http'
import type { SmsSender } from './port'

export type { SmsSender, TextMessage } from './port'

/** Where the SMS stand-in's API answers (worker/dev/sms/stand-in.ts), under the portal's address. */
const SMS_STAND_IN_PATH = '/__dev/sms/messages'

/**
 * The HTTP adapter in every environment (decision 209): the SMS API at SMS_API_URL (required with
 * SMS_API_KEY in every deployed environment, env.ts), locally the stand-in's API by default.
 */
export function smsSender(env: Env, fetchImpl?: FetchLike): SmsSender {
  if (isDeployed(env) && !env.SMS_API_KEY) throw new Error(`sms: ${env.ENVIRONMENT} needs SMS_API_URL and SMS_API_KEY`)
  const url = outsideUrl(env, 'sms: SMS_API_URL', env.SMS_API_URL, SMS_STAND_IN_PATH)
  return createHttpSmsSender({ url, apiKey: env.SMS_API_KEY ?? '', ...(fetchImpl ? { fetch: fetchImpl } : {}) })
}
