/**
 * One call to an outside system, as every HTTP adapter makes it (decision 191): the global fetch called
 * as `globalThis.fetch(...)` (workerd refuses a detached fetch, one called with another `this`: 'Illegal
 * invocation', which once kept every production email from leaving), no redirects followed, one timeout
 * for the answer and its body, and a bounded read of the body (a stuck or huge answer never holds the
 * worker's memory). Each adapter maps the outcome to its port's own errors.
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface OutsideCallOptions {
  /** Injected for tests (the worker tests route to the stand-ins); the global fetch otherwise. */
  fetch?: FetchLike
  timeoutMs: number
  /** The longest answer body read, in bytes; a longer one is cut there and marked `tooLong`. */
  maxBodyBytes: number
}

/** No answer: `timeout` when none came within the time allowed, `network` when the call itself failed. */
export class OutsideCallError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
  ) {
    super(message)
    this.name = 'OutsideCallError'
  }
}

export interface OutsideAnswer {
  status: number
  /** The answer's Content-Type, '' when none. */
  type: string
  /** The body as text, at most maxBodyBytes of it. */
  text: string
  tooLong: boolean
}

const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init)

export async function callOutside(url: string, init: RequestInit, options: OutsideCallOptions): Promise<OutsideAnswer> {
  const doFetch = options.fetch ?? globalFetch
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const res = await doFetch(url, { ...init, redirect: 'manual', signal })
    const { text, tooLong } = await readBounded(res, options.maxBodyBytes)
    return { status: res.status, type: res.headers.get('Content-Type') ?? '', text, tooLong }
  } catch (err) {
    const timedOut = signal.aborted || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    throw new OutsideCallError(timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${options.timeoutMs} ms` : 'network error')
  }
}

/** Whether an answer says it is JSON (application/json or a +json type). */
export const isJsonAnswer = (answer: Pick<OutsideAnswer, 'type'>): boolean => /^application\/([a-z.+-]*\+)?json\b/i.test(answer.type)

/** The answer's JSON body, or undefined when it is not JSON, was cut, or does not parse. */
export function jsonOf(answer: OutsideAnswer): unknown {
  if (!isJsonAnswer(answer) || answer.tooLong) return undefined
  try {
    return JSON.parse(answer.text)
  } catch {
    return undefined
  }
}

/** Reads at most `max` bytes of the body, then lets go of the rest (cancelled, so the connection is freed). */
async function readBounded(res: Response, max: number): Promise<{ text: string; tooLong: boolean }> {
  if (!res.body) return { text: '', tooLong: false }
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let tooLong = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size))
      size = max
      tooLong = true
      await reader.cancel()
      break
    }
    chunks.push(value)
    size += value.byteLength
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return { text: new TextDecoder().decode(bytes), tooLong }
}
