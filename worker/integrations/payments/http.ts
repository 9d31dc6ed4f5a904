import { z } from 'zod'
import { callOutside, isJsonAnswer, OutsideCallError, type FetchLike, type OutsideAnswer } from '../outside-call'
import {
  ProcessorOutcomeUnknownError,
  ProcessorTimeoutError,
  type BankValidationResult,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProcessor,
  type PayoutAccountResult,
  type StoreMethodResult,
} from './port'

/**
 * The real adapter: the processor's JSON API over fetch.
 *   POST {PAYMENT_API_URL}/charges         Idempotency-Key: {reference}   -> the charge's answer
 *   GET  {PAYMENT_API_URL}/charges/{ref}                                   -> the stored answer, or 404
 * both with `Authorization: Bearer {PAYMENT_API_KEY}`. A definite answer (200, or 402 for a refusal)
 * gives an outcome; 400/401/403/422 are refusals of the request itself ('error', not charged); no
 * answer in time, a network failure, 408/409/429/5xx or an unreadable answer throw
 * ProcessorOutcomeUnknownError (409: the same reference is still being processed).
 * Tokenization (issue 22):
 *   POST   {PAYMENT_API_URL}/methods                Idempotency-Key: {reference}  -> 200 the stored method, 402/422 refused
 *   POST   {PAYMENT_API_URL}/methods/{token}/validation                           -> 200 {outcome: valid | invalid}
 *   DELETE {PAYMENT_API_URL}/methods/{token}                                      -> 204 (404: already gone)
 * and a charge by token sends `method: {kind: 'token', token}`.
 * Payouts (issue 33 item 1, decision 210):
 *   POST   {PAYMENT_API_URL}/payouts/accounts       Idempotency-Key: {reference}  -> 200 {reference, token, bankName, last4}, 402/422 refused
 */
const PROCESSOR_TIMEOUT_MS = 15_000
const MAX_BODY_BYTES = 16 * 1024

export interface PaymentsHttpConfig {
  /** PAYMENT_API_URL, e.g. https://api.processor.example/v1 (locally the /__dev/payments sandbox). */
  baseUrl: string
  /** PAYMENT_API_KEY. */
  apiKey: string
  /** Injected for tests (the worker tests pass the worker itself); the global fetch by default. */
  fetch?: FetchLike
  /** Shorter than the browser's 30 s, so the portal can answer 'pending' before the browser gives up. */
  timeoutMs?: number
}

const answerSchema = z.object({
  reference: z.string().max(200),
  outcome: z.enum(['approved', 'declined', 'insufficient_funds', 'error']),
  processorRef: z.string().max(200).nullish(),
  message: z.string().max(500).nullish(),
})

/** The request body: the method as the processor names it; amounts in cents, currency USD. */
function methodBody(m: ChargeRequest['method']): Record<string, unknown> {
  if (m.kind === 'token') return { kind: 'token', token: m.token }
  return m.kind === 'card'
    ? { kind: 'card', number: m.number, expMonth: m.expMonth, expYear: m.expYear, cvv: m.cvv, name: m.name, zip: m.zip }
    : { kind: 'bank', routing: m.routing, account: m.account, checkNumber: m.checkNumber ?? null, name: m.name, secCode: 'WEB' }
}

function chargeBody(req: ChargeRequest): string {
  return JSON.stringify({ reference: req.reference, amountCents: req.amountCents, currency: 'USD', policyId: req.policyId, method: methodBody(req.method) })
}

const storedSchema = z.object({
  reference: z.string().max(200),
  token: z.string().regex(/^[A-Za-z_]{8,100}$/),
  kind: z.enum(['card', 'bank']),
  brand: z.string().min(1).max(60),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12).nullish(),
  expYear: z.number().int().nullish(),
})
const payoutSchema = z.object({
  reference: z.string().max(200),
  token: z.string().regex(/^[A-Za-z_]{8,100}$/),
  bankName: z.string().min(1).max(60),
  last4: z.string().regex(/^\d{4}$/),
})
const refusalSchema = z.object({ message: z.string().max(500).nullish() })
const validationSchema = z.object({ outcome: z.enum(['valid', 'invalid']), message: z.string().max(500).nullish() })

export function paymentsHttpAdapter(config: PaymentsHttpConfig): PaymentProcessor {
  const timeoutMs = config.timeoutMs ?? PROCESSOR_TIMEOUT_MS
  const base = config.baseUrl.replace(/\/+$/, '')

  /** One call; its answer, or the typed error when none came. */
  async function call(url: string, init: RequestInit): Promise<OutsideAnswer> {
    try {
      return await callOutside(
        url,
        { ...init, headers: { Accept: 'application/json', Authorization: `Bearer ${config.apiKey}`, ...(init.headers as Record<string, string>) } },
        { timeoutMs, maxBodyBytes: MAX_BODY_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
      )
    } catch (err) {
      if (err instanceof OutsideCallError && err.kind === 'timeout') throw new ProcessorTimeoutError(err.message)
      throw new ProcessorOutcomeUnknownError('network', 'network error')
    }
  }

  function json(answer: OutsideAnswer): unknown {
    if (!isJsonAnswer(answer) || answer.tooLong) throw new ProcessorOutcomeUnknownError('bad-answer', 'not a JSON answer', answer.status)
    try {
      return JSON.parse(answer.text)
    } catch {
      throw new ProcessorOutcomeUnknownError('bad-answer', 'broken JSON', answer.status)
    }
  }

  function read(answer: OutsideAnswer, reference: string): ChargeResult {
    const body = json(answer)
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

    async storeMethod(req): Promise<StoreMethodResult> {
      const answer = await call(`${base}/methods`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': req.reference },
        body: JSON.stringify({ reference: req.reference, method: methodBody(req.method) }),
      })
      if (answer.status === 200) {
        const parsed = storedSchema.safeParse(json(answer))
        if (!parsed.success || parsed.data.reference !== req.reference) throw new ProcessorOutcomeUnknownError('bad-answer', 'unexpected answer', 200)
        const { token, kind, brand, last4, expMonth, expYear } = parsed.data
        return { outcome: 'stored', method: { token, kind, brand, last4, expMonth: expMonth ?? null, expYear: expYear ?? null } }
      }
      if ([400, 402, 422].includes(answer.status)) {
        let body: unknown = {}
        try {
          body = JSON.parse(answer.text)
        } catch {}
        const parsed = refusalSchema.safeParse(body)
        return { outcome: 'refused', message: (parsed.success && parsed.data.message) || 'The payment processor did not accept these details.' }
      }
      return unknownStatus(answer.status)
    },

    async storePayoutAccount(req): Promise<PayoutAccountResult> {
      const answer = await call(`${base}/payouts/accounts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': req.reference },
        body: JSON.stringify({ reference: req.reference, routing: req.routing, account: req.account, name: req.name }),
      })
      if (answer.status === 200) {
        const parsed = payoutSchema.safeParse(json(answer))
        if (!parsed.success || parsed.data.reference !== req.reference) throw new ProcessorOutcomeUnknownError('bad-answer', 'unexpected answer', 200)
        const { token, bankName, last4 } = parsed.data
        return { outcome: 'stored', token, bankName, last4 }
      }
      if ([400, 402, 422].includes(answer.status)) {
        let body: unknown = {}
        try {
          body = JSON.parse(answer.text)
        } catch {}
        const parsed = refusalSchema.safeParse(body)
        return { outcome: 'refused', message: (parsed.success && parsed.data.message) || 'The payment processor did not accept this account.' }
      }
      return unknownStatus(answer.status)
    },

    async validateBankAccount(token): Promise<BankValidationResult> {
      const answer = await call(`${base}/methods/${encodeURIComponent(token)}/validation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
      if (answer.status !== 200) return unknownStatus(answer.status)
      const parsed = validationSchema.safeParse(json(answer))
      if (!parsed.success) throw new ProcessorOutcomeUnknownError('bad-answer', 'unexpected answer', 200)
      return parsed.data.outcome === 'valid'
        ? { outcome: 'valid' }
        : { outcome: 'invalid', message: parsed.data.message ?? 'The bank account could not be verified.' }
    },

    async removeMethod(token) {
      const answer = await call(`${base}/methods/${encodeURIComponent(token)}`, { method: 'DELETE' })
      if (answer.status === 204 || answer.status === 200 || answer.status === 404) return
      unknownStatus(answer.status)
    },

    async lookup(reference) {
      const answer = await call(`${base}/charges/${encodeURIComponent(reference)}`, { method: 'GET' })
      if (answer.status === 404) return null
      if (answer.status === 200) return read(answer, reference)
      return unknownStatus(answer.status)
    },
  }
}
