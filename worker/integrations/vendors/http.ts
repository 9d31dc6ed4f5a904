import { z } from 'zod'
import { callOutside, jsonOf, OutsideCallError, type FetchLike } from '../outside-call'
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
const VENDOR_TIMEOUT_MS = 10_000
const MAX_BODY_BYTES = 16 * 1024
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

export interface VendorHttpConfig {
  /** VENDOR_API_URL (locally the /__dev/vendors stand-in). */
  baseUrl: string
  /** VENDOR_API_KEY. */
  apiKey: string
  /** Injected for tests; the global fetch by default. */
  fetch?: FetchLike
  timeoutMs?: number
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

export function vendorHttpAdapter(config: VendorHttpConfig): VendorNetwork {
  const timeoutMs = config.timeoutMs ?? VENDOR_TIMEOUT_MS
  const url = `${config.baseUrl.replace(/\/+$/, '')}/dispatches`

  return {
    async dispatch(request: VendorDispatchRequest): Promise<DispatchOutcome> {
      let answer: Awaited<ReturnType<typeof callOutside>>
      try {
        answer = await callOutside(
          url,
          {
            method: 'POST',
            headers: {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              Authorization: `Bearer ${config.apiKey}`,
              [IDEMPOTENCY_HEADER]: dispatchKey(request.claimNumber),
            },
            body: JSON.stringify(request),
          },
          { timeoutMs, maxBodyBytes: MAX_BODY_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
        )
      } catch (err) {
        if (err instanceof OutsideCallError && err.kind === 'timeout') throw new VendorTimeoutError(err.message)
        throw new VendorUnknownOutcomeError('network', 'network error')
      }
      const { status } = answer
      if (status === 408 || status === 504) throw new VendorTimeoutError(`HTTP ${status}`, status)
      const body = jsonOf(answer)
      if ([400, 401, 403, 404, 422].includes(status)) {
        throw new VendorRefusedError(status, (errorSchema.safeParse(body).data?.error ?? 'refused').slice(0, 100))
      }
      if (status !== 200 && status !== 201) throw new VendorUnknownOutcomeError('http-status', `HTTP ${status}`, status)
      const parsed = answerSchema.safeParse(body)
      if (!parsed.success) throw new VendorUnknownOutcomeError('bad-answer', 'unexpected answer', status)
      const d = parsed.data.dispatch
      return d.status === 'accepted' ? { accepted: { company: d.company, phone: d.phone, expectedArrival: d.expectedArrival } } : 'pending'
    },
  }
}
