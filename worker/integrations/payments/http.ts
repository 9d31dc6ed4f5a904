import { z } from 'zod'
import { ProcessorOutcomeUnknownError, ProcessorTimeoutError, type ChargeRequest, type ChargeResult, type PaymentProcessor } from './port'

/**
 * The real adapter: the processor's JSON API over fetch.
 *   POST {PAYMENT_API_URL}/charges         Idempotency-Key: {reference}   -> the charge's answer
 *   GET  {PAYMENT_API_URL}/charges/{ref}                                   -> the stored answer, or 404
 * both with `Authorization: Bearer {PAYMENT_API_KEY}`. A definite answer (200, or 402 for a refusal)
 * gives an outcome; 400/401/403/422 are refusals of the request itself ('error', not charged); no
 * answer in time, a network failure, 408/409/429/5xx or an unreadable answer throw
 * ProcessorOutcomeUnknownError (409: the same reference is still being processed).
 */
export const PROCESSOR_TIMEOUT_MS = 15_000
const MAX_BODY_CHARS = 16 * 1024

export interface PaymentsHttpConfig {
  /** PAYMENT_API_URL, e.g. https://api.processor.example/v1 (locally the /__dev/payments sandbox). */
  baseUrl: string
  /** PAYMENT_API_KEY. */
  apiKey: string
  /** Injected for tests (the worker tests pass the worker itself); the global fetch by default. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  /** Shorter than the browser's 30 s, so the portal can answer 'pending' before the browser gives up. */
  timeoutMs?: number
  /** Extra headers (the local sandbox sits behind the portal's same-origin check: its Origin). */
  headers?: Record<string, string>
}

const answerSchema = z.object({
  reference: z.string().max(200),
  outcome: z.enum(['approved', 'declined', 'insufficient_funds', 'error']),
  processorRef: z.string().max(200).nullish(),
  message: z.string().max(500).nullish(),
})

function isTimeout(err: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
}

/** The request body: the method as the processor names it; amounts in cents, currency USD. */
function chargeBody(req: ChargeRequest): string {
  const m = req.method
  const method =
    m.kind === 'card'
      ? { kind: 'card', number: m.number, expMonth: m.expMonth, expYear: m.expYear, cvv: m.cvv, name: m.name, zip: m.zip }
      : { kind: 'bank', routing: m.routing, account: m.account, checkNumber: m.checkNumber ?? null, name: m.name, secCode: 'WEB' }
  return JSON.stringify({ reference: req.reference, amountCents: req.amountCents, currency: 'USD', policyId: req.policyId, method })
}

export function paymentsHttpAdapter(config: PaymentsHttpConfig): PaymentProcessor {
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  const timeoutMs = config.timeoutMs ?? PROCESSOR_TIMEOUT_MS
  const base = config.baseUrl.replace(/\/+$/, '')

  /** One call; its answer's status and text, or the typed error when none came. */
  async function call(url: string, init: RequestInit): Promise<{ status: number; text: string; type: string }> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const res = await doFetch(url, {
        ...init,
        headers: { Accept: 'application/json', Authorization: `Bearer ${config.apiKey}`, ...config.headers, ...(init.headers as Record<string, string>) },
        redirect: 'manual',
        signal,
      })
      const text = await res.text()
      return { status: res.status, text, type: res.headers.get('Content-Type') ?? '' }
    } catch (err) {
      if (isTimeout(err, signal)) throw new ProcessorTimeoutError(`no answer within ${timeoutMs} ms`)
      throw new ProcessorOutcomeUnknownError('network', 'network error')
    }
  }

  function read(answer: { status: number; text: string; type: string }, reference: string): ChargeResult {
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(answer.type) || answer.text.length > MAX_BODY_CHARS) {
      throw new ProcessorOutcomeUnknownError('bad-answer', 'not a JSON answer', answer.status)
    }
    let body: unknown
    try {
      body = JSON.parse(answer.text)
    } catch {
      throw new ProcessorOutcomeUnknownError('bad-answer', 'broken JSON', answer.status)
    }
    const parsed = answerSchema.safeParse(body)
    if (!parsed.success || parsed.data.reference !== reference) {
      throw new ProcessorOutcomeUnknownError('bad-answer', 'unexpected answer', answer.status)
    }
    const { outcome, processorRef, message } = parsed.data
    return { outcome, ...(processorRef ? { processorRef } : {}), ...(message ? { message } : {}) }
  }

  function unknownStatus(status: number): never {
    if (status === 408 || status === 504) throw new ProcessorTimeoutError(`HTTP ${status}`, status)
    throw new ProcessorOutcomeUnknownError('http-status', `HTTP ${status}`, status)
  }

  return {
    async charge(req) {
      const answer = await call(`${base}/charges`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': req.reference },
        body: chargeBody(req),
      })
      if (answer.status === 200 || answer.status === 402) return read(answer, req.reference)
      if ([400, 401, 403, 422].includes(answer.status)) {
        return { outcome: 'error', message: `The payment processor refused the request (HTTP ${answer.status}).` }
      }
      return unknownStatus(answer.status)
    },

    async lookup(reference) {
      const answer = await call(`${base}/charges/${encodeURIComponent(reference)}`, { method: 'GET' })
      if (answer.status === 404) return null
      if (answer.status === 200) return read(answer, reference)
      return unknownStatus(answer.status)
    },
  }
}
