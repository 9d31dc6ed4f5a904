import { z } from 'zod'
import {
  dispatchKey,
  VendorRefusedError,
  VendorTimeoutError,
  VendorUnknownOutcomeError,
  type DispatchOutcome,
  type VendorDispatchRequest,
  type VendorNetwork,
} from './port'

/**
 * The real adapter: the vendor network's JSON API over fetch (decision 170).
 *   POST {VENDOR_API_URL}/dispatches  Idempotency-Key: portal:{claimNumber}:vendor-dispatch, JSON request
 *     -> 201 (new) or 200 (the key's dispatch, sent before)
 *        { dispatch: { id, status: 'accepted' | 'pending', company?, phone?, expectedArrival? } }
 * with `Authorization: Bearer {VENDOR_API_KEY}`. 400/401/403/404/422 are refusals; no answer in time,
 * a network failure, 408/409/429/5xx or an unreadable answer throw VendorUnknownOutcomeError
 * (VendorTimeoutError for the timeout, 408 and 504).
 */
export const VENDOR_TIMEOUT_MS = 10_000
const MAX_BODY_CHARS = 16 * 1024
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

export interface VendorHttpConfig {
  /** VENDOR_API_URL (locally the /__dev/vendors stand-in). */
  baseUrl: string
  /** VENDOR_API_KEY. */
  apiKey: string
  /** Injected for tests; the global fetch by default. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  timeoutMs?: number
  /** Extra headers (the local stand-in sits behind the portal's same-origin check: its Origin). */
  headers?: Record<string, string>
}

const answerSchema = z.object({
  dispatch: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('accepted'),
      company: z.string().min(1).max(120),
      phone: z.string().min(7).max(30),
      expectedArrival: z.iso.datetime({ offset: true }),
    }),
    z.object({ status: z.literal('pending') }),
  ]),
})

const errorSchema = z.object({ error: z.string().max(200) })

function isTimeout(err: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
}

export function vendorHttpAdapter(config: VendorHttpConfig): VendorNetwork {
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  const timeoutMs = config.timeoutMs ?? VENDOR_TIMEOUT_MS
  const url = `${config.baseUrl.replace(/\/+$/, '')}/dispatches`

  return {
    async dispatch(request: VendorDispatchRequest): Promise<DispatchOutcome> {
      const signal = AbortSignal.timeout(timeoutMs)
      let res: Response
      let text: string
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${config.apiKey}`,
            [IDEMPOTENCY_HEADER]: dispatchKey(request.claimNumber),
            ...config.headers,
          },
          body: JSON.stringify(request),
          redirect: 'manual',
          signal,
        })
        text = await res.text()
      } catch (err) {
        if (isTimeout(err, signal)) throw new VendorTimeoutError(`no answer within ${timeoutMs} ms`)
        throw new VendorUnknownOutcomeError('network', 'network error')
      }
      if (res.status === 408 || res.status === 504) throw new VendorTimeoutError(`HTTP ${res.status}`, res.status)
      let body: unknown
      try {
        body = text.length <= MAX_BODY_CHARS ? JSON.parse(text) : undefined
      } catch {
        body = undefined
      }
      if ([400, 401, 403, 404, 422].includes(res.status)) {
        throw new VendorRefusedError(res.status, (errorSchema.safeParse(body).data?.error ?? 'refused').slice(0, 100))
      }
      if (res.status !== 200 && res.status !== 201) throw new VendorUnknownOutcomeError('http-status', `HTTP ${res.status}`, res.status)
      const parsed = answerSchema.safeParse(body)
      if (!parsed.success) throw new VendorUnknownOutcomeError('bad-answer', 'unexpected answer', res.status)
      const d = parsed.data.dispatch
      return d.status === 'accepted' ? { accepted: { company: d.company, phone: d.phone, expectedArrival: d.expectedArrival } } : 'pending'
    },
  }
}
