import { z } from 'zod'
import { callOutside, isJsonAnswer, OutsideCallError, type FetchLike } from '../outside-call'
import { normalizePolicyList } from '../../../shared/sso/sso'
import { REFERENCE_PATTERN } from '../../../shared/sso/schemas/sso'
import type { IdentityPort, PickupFailure, PickupResult } from './port'

/** Spec 000 section 9: HTTP timeout 30000 ms. */
const PING_TIMEOUT_MS = 30_000
const MAX_BODY_BYTES = 64 * 1024

export interface PingHttpConfig {
  /** PING_BASE_URL: the pickup is GET {baseUrl}/ext/ref/pickup?REF=… */
  baseUrl: string
  adapterId: string
  adapterSecret: string
  instanceId: string
  /** Injected for tests (the worker tests pass the worker itself); the global fetch by default. */
  fetch?: FetchLike
  timeoutMs?: number
}

/** What the identity service hands back: the attributes the partner dropped off. */
const attributesSchema = z.object({
  policies: z.union([z.array(z.string().max(40)).max(1000), z.string().max(20_000)]),
  pgrPartnerLoggingToken: z.string().min(1).max(4096).nullish(),
})

function failure(kind: PickupFailure, status: number | null, detail: string, partnerLoggingToken: string | null = null): PickupResult {
  return { ok: false, failure: kind, status, detail, partnerLoggingToken }
}

const partnerTokenSchema = z.object({ pgrPartnerLoggingToken: z.string().min(1).max(4096) })

/** The partner token a JSON answer carries, even a failed one (bounded; anything else is null). */
function partnerTokenIn(text: string, tooLong: boolean): string | null {
  if (tooLong) return null
  try {
    const parsed = partnerTokenSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data.pgrPartnerLoggingToken : null
  } catch {
    return null
  }
}

/**
 * The real adapter: the Ping reference pickup with the adapter credentials as Ping's headers
 * (ping.uname, ping.pwd, ping.instanceId), a 30 s timeout, no redirects followed, and nothing but a
 * 2xx JSON answer of the expected shape accepted.
 */
export function pingHttpAdapter(config: PingHttpConfig): IdentityPort {
  const timeoutMs = config.timeoutMs ?? PING_TIMEOUT_MS
  return {
    async pickup(reference: string): Promise<PickupResult> {
      if (!REFERENCE_PATTERN.test(reference)) return failure('invalid-reference', null, 'not a reference')
      const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}/ext/ref/pickup`)
      url.searchParams.set('REF', reference)
      let answer: Awaited<ReturnType<typeof callOutside>>
      try {
        answer = await callOutside(
          url.toString(),
          {
            method: 'GET',
            headers: {
              Accept: 'application/json',
              'ping.uname': config.adapterId,
              'ping.pwd': config.adapterSecret,
              'ping.instanceId': config.instanceId,
            },
          },
          { timeoutMs, maxBodyBytes: MAX_BODY_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
        )
      } catch (err) {
        return failure('unavailable', null, err instanceof OutsideCallError && err.kind === 'timeout' ? 'timeout' : 'network error')
      }
      const { status, text, tooLong } = answer
      const token = partnerTokenIn(text, tooLong)
      if (status === 401 || status === 403) return failure('rejected-credentials', status, `HTTP ${status}`, token)
      if (status === 404) return failure('invalid-reference', 404, 'HTTP 404', token)
      if (status < 200 || status > 299) return failure('unavailable', status, `HTTP ${status}`, token)
      if (!isJsonAnswer(answer)) return failure('unavailable', status, 'not JSON')
      if (tooLong) return failure('unavailable', status, 'answer too large')
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return failure('unavailable', status, 'broken JSON')
      }
      const parsed = attributesSchema.safeParse(body)
      if (!parsed.success) return failure('unavailable', status, 'unexpected attributes', token)
      return {
        ok: true,
        attributes: {
          policies: normalizePolicyList(parsed.data.policies),
          partnerLoggingToken: parsed.data.pgrPartnerLoggingToken ?? null,
        },
      }
    },
  }
}
