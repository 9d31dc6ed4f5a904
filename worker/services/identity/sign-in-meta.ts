import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Background } from '../outbox/outbox'
import { clientMeta } from '../request/client-meta'
import { background } from '../../lib/background'
import { readDeviceId } from './device-cookie'
import { placeInWords } from '../../../shared/identity/device-words'

/** Who is signing in from where: the request's facts a sign-in records (decision 179). */
export interface SignInMeta {
  ip: string
  userAgent: string
  requestId: string
  /** Approximate place from the edge's cf facts (city, country); '' locally and when unknown. */
  place: string
  /** The browser's signed device cookie, when it brought a valid one. */
  deviceId: string | null
  background: Background | null
}

export async function signInMeta(c: Context<AppEnv>): Promise<SignInMeta> {
  const cf = (c.req.raw as { cf?: { city?: unknown; country?: unknown } }).cf
  return { ...clientMeta(c), place: placeInWords(cf), deviceId: await readDeviceId(c), background: background(c) }
}
