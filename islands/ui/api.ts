import { KEY_REUSED_TYPE, problemOf, type Problem } from '../../shared/api/problem'
import { JSON_HEADER } from '../../shared/site-request'

/**
 * The one way an island calls /v1 (decision 161): the JSON header the CSRF check asks for, the session
 * cookie, the 30 s timeout, the Idempotency-Key of a state change, and the answer read as a problem.
 */

/** Spec 000 section 9 and spec 001 section 7: every call gives up after 30 s. */
export const HTTP_TIMEOUT_MS = 30_000
/** Spec 000 section 7: what is logged for an answer the island did not expect. */
export const UNEXPECTED_RESPONSE = 'unexpected http response'

/** A duplicate still in progress (409 with Retry-After) is waited for this many times, this long at most. */
const IN_PROGRESS_RETRIES = 3
const RETRY_AFTER_CAP_S = 5

export interface ApiAnswer {
  status: number
  text: string
  /** The answer as RFC 9457 problem details (or the older `{ errorMessage, errors | fieldErrors }`); null for a success or text. */
  problem: Problem | null
  /** Seconds from a Retry-After header, when there was one. */
  retryAfterS?: number
}

/** Where an island keeps the key of its current attempt (a store field or a ref), and what it was sent for. */
export interface AttemptSlot {
  attempt: { sameAs: string; key: string } | null
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** What the island reads back; JSON unless said. */
  accept?: string
  /** Sent as JSON. */
  json?: unknown
  /** A body sent as it is (a claim file: its bytes, its type, the headers that name it). */
  raw?: { body: Blob; contentType: string; headers?: Record<string, string> }
  /**
   * A state change that must happen once: the slot that keeps the attempt's key, and what makes two sends
   * the same request (by default the JSON text). The same request keeps the key, another one gets a new key.
   */
  once?: { slot: AttemptSlot; sameAs?: string }
}

export interface ApiOptions {
  timeoutMs?: number
  /** How a 409 in progress is waited for (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** 128 random bits, hex (crypto.randomUUID is missing outside secure contexts). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The key for sending `sameAs`: the attempt's while the request is the same, a fresh one when it changed. */
function keyFor(slot: AttemptSlot, sameAs: string, makeKey: () => string = newIdempotencyKey): string {
  if (slot.attempt?.sameAs !== sameAs) slot.attempt = { sameAs, key: makeKey() }
  return slot.attempt.key
}

/** A problem read from either shape the server answers during the move to problem details. */
export function readProblem(status: number, contentType: string | null, text: string): Problem | null {
  const problem = problemOf(status, contentType, text)
  if (!problem || problem.errors || !problem.fieldErrors || typeof problem.fieldErrors !== 'object') return problem
  const errors = Object.fromEntries(Object.entries(problem.fieldErrors).filter((e): e is [string, string] => typeof e[1] === 'string'))
  return Object.keys(errors).length > 0 ? { ...problem, errors } : problem
}

export function apiAnswer(status: number, contentType: string | null, text: string, retryAfter: string | null = null): ApiAnswer {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined
  return { status, text, problem: readProblem(status, contentType, text), ...(seconds !== undefined ? { retryAfterS: seconds } : {}) }
}

/** An answer other than 2xx where the island needed a success: asking again at once would not change it. */
class AnswerError extends Error {
  constructor(readonly answer: ApiAnswer) {
    super(`HTTP ${answer.status}`)
  }
}

/** A read whose success is JSON: the parsed body, or AnswerError for any other answer. */
export async function getJson(url: string): Promise<unknown> {
  const answer = await callApi(url)
  if (answer.status < 200 || answer.status > 299) throw new AnswerError(answer)
  return JSON.parse(answer.text)
}

/** Decision 144: our own store failed (503) and nothing was done; the server's message, to show. */
export function storeUnavailableMessage(answer: ApiAnswer): string | null {
  return answer.status === 503 && answer.problem?.errorMessage ? answer.problem.errorMessage : null
}

/** The field messages of a refused body (400), when the server gave them. */
export const fieldErrorsOf = (answer: ApiAnswer): Record<string, string> => answer.problem?.errors ?? {}

const keyReused = (a: ApiAnswer) => a.status === 422 && a.problem?.type === KEY_REUSED_TYPE

/**
 * Calls `url` and reads the answer. Rejects only for a network error or the timeout. With `once`:
 * a 422 "key already used with another request" is sent again once with a fresh key (the server did
 * nothing), and a 409 still in progress is waited for (Retry-After, capped) and asked again with the
 * same key, a few times, before its answer is given back.
 */
export async function callApi(url: string, request: ApiRequest = {}, options: ApiOptions = {}): Promise<ApiAnswer> {
  const json = request.json === undefined ? undefined : JSON.stringify(request.json)
  const once = request.once
  const sameAs = once?.sameAs ?? json ?? ''
  let key = once ? keyFor(once.slot, sameAs) : undefined
  let renewed = false
  let waits = 0
  for (;;) {
    const answer = await send(url, request, json, key, options.timeoutMs ?? HTTP_TIMEOUT_MS)
    if (!once) return answer
    if (keyReused(answer) && !renewed) {
      renewed = true
      once.slot.attempt = null
      key = keyFor(once.slot, sameAs)
      continue
    }
    if (answer.status === 409 && answer.retryAfterS !== undefined && waits < IN_PROGRESS_RETRIES) {
      waits++
      await (options.sleep ?? realSleep)(Math.min(answer.retryAfterS, RETRY_AFTER_CAP_S) * 1000)
      continue
    }
    return answer
  }
}

async function send(url: string, request: ApiRequest, json: string | undefined, key: string | undefined, timeoutMs: number): Promise<ApiAnswer> {
  const encoded = request.raw ?? (json !== undefined ? { body: json, contentType: 'application/json' } : null)
  const headers: Record<string, string> = { ...JSON_HEADER, Accept: request.accept ?? 'application/json', ...request.raw?.headers }
  if (encoded) headers['Content-Type'] = encoded.contentType
  if (key !== undefined) headers['Idempotency-Key'] = key
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const res = await fetch(url, {
      method: request.method ?? (encoded ? 'POST' : 'GET'),
      headers,
      credentials: 'same-origin',
      ...(encoded ? { body: encoded.body } : {}),
      signal: controller.signal,
    })
    return apiAnswer(res.status, res.headers.get('Content-Type'), await res.text(), res.headers.get('Retry-After'))
  } finally {
    clearTimeout(timer)
  }
}

/**
 * POST /v1/common/Log (spec 000 section 7): a fixed message naming the page and the function, never what
 * the user typed. Failures are ignored, as the spec says.
 */
export async function logError(logUrl: string, pageName: string, functionName: string, message: string): Promise<void> {
  try {
    await callApi(logUrl, { method: 'POST', json: { loggingLevel: 'Error', pageName, functionName, message } })
  } catch {
    // ignored, as the spec says of log failures
  }
}
