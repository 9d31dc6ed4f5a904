import { z } from 'zod'
import { normalizePolicyList } from '../../../shared/policy/sso'
import { REFERENCE_PATTERN } from '../../../shared/schemas/sso'
import type { IdentityPort, PickupFailure, PickupResult } from './port'

/** Spec 000 section 9: HTTP timeout 30000 ms. */
export const PING_TIMEOUT_MS = 30_000
const MAX_BODY_CHARS = 64 * 1024

export interface PingHttpConfig {
  /** PING_BASE_URL: the pickup is GET {baseUrl}/ext/ref/pickup?REF=… */
  baseUrl: string
  adapterId: string
  adapterSecret: string
  instanceId: string
  /** Injected for tests (the worker tests pass the worker itself); the global fetch by default. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
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
function partnerTokenIn(text: string): string | null {
  if (text.length > MAX_BODY_CHARS) return null
  try {
    const parsed = partnerTokenSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data.pgrPartnerLoggingToken : null
  } catch {
    return null
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
}

/**
 * The real adapter: the Ping reference pickup with the adapter credentials as Ping's headers
 * (ping.uname, ping.pwd, ping.instanceId), a 30 s timeout, no redirects followed, and nothing but a
 * 2xx JSON answer of the expected shape accepted.
 */
export function pingHttpAdapter(config: PingHttpConfig): IdentityPort {
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  const timeoutMs = config.timeoutMs ?? PING_TIMEOUT_MS
  return {
    async pickup(reference: string): Promise<PickupResult> {
      if (!REFERENCE_PATTERN.test(reference)) return failure('invalid-reference', null, 'not a reference')
      const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}/ext/ref/pickup`)
      url.searchParams.set('REF', reference)
      const signal = AbortSignal.timeout(timeoutMs)
      let res: Response
      let text: string
      try {
        res = await doFetch(url.toString(), {
          method: 'GET',
          headers: {
            Accept: 'application/json',
            'ping.uname': config.adapterId,
            'ping.pwd': config.adapterSecret,
            'ping.instanceId': config.instanceId,
          },
          redirect: 'manual',
          signal,
        })
        text = await res.text()
      } catch (err) {
        return failure('unavailable', null, isTimeout(err) || signal.aborted ? 'timeout' : 'network error')
      }
      const token = partnerTokenIn(text)
      if (res.status === 401 || res.status === 403) return failure('rejected-credentials', res.status, `HTTP ${res.status}`, token)
      if (res.status === 404) return failure('invalid-reference', 404, 'HTTP 404', token)
      if (res.status < 200 || res.status > 299) return failure('unavailable', res.status, `HTTP ${res.status}`, token)
      const type = res.headers.get('Content-Type') ?? ''
      if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) return failure('unavailable', res.status, 'not JSON')
      if (text.length > MAX_BODY_CHARS) return failure('unavailable', res.status, 'answer too large')
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return failure('unavailable', res.status, 'broken JSON')
      }
      const parsed = attributesSchema.safeParse(body)
      if (!parsed.success) return failure('unavailable', res.status, 'unexpected attributes', token)
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
