import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { KEY_REUSED_MESSAGE, PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../../shared/api/problem'
import { type AttemptSlot, callApi, HTTP_TIMEOUT_MS, logError, readProblem, storeUnavailableMessage } from '../../islands/ui/api'

/** Issue 18 item 4: the one call helper of the islands (islands/ui/api.ts). */

let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response('Done.', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const headersOf = (i: number) => fetchMock.mock.calls[i]![1]!.headers as Record<string, string>
const keyOf = (i: number) => headersOf(i)['Idempotency-Key']
const problem = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': PROBLEM_MEDIA_TYPE, ...headers } })
const keyReusedProblem = () =>
  problem(422, { type: PROBLEM_TYPES.keyReused, title: 'Key reused', status: 422, detail: KEY_REUSED_MESSAGE, errorMessage: KEY_REUSED_MESSAGE })
const newSlot = (): AttemptSlot => ({ attempt: null })

describe('every call', () => {
  it('sends the JSON header, the session cookie, Accept, and JSON with its Content-Type', async () => {
    await callApi('/v1/x', { method: 'PUT', json: { a: 1 } })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/v1/x')
    expect(init!.method).toBe('PUT')
    expect(init!.credentials).toBe('same-origin')
    expect(init!.body).toBe('{"a":1}')
    expect(headersOf(0)).toEqual({ 'X-Requested-With': 'portal', Accept: 'application/json', 'Content-Type': 'application/json' })
  })

  it('a GET without a body sends no Content-Type and no key', async () => {
    await callApi('/v1/y')
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET')
    expect(headersOf(0)).toEqual({ 'X-Requested-With': 'portal', Accept: 'application/json' })
  })

  it('gives up after 30 s: the request is aborted and the call rejects', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init!.signal!
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const call = callApi('/v1/slow')
    const settled = call.then(
      () => 'resolved',
      (e: Error) => e.name,
    )
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1)
    expect(signal!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled).toBe('AbortError')
  })

  it('the timeout can be given (tests, slow calls)', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation(
      (_url, init) => new Promise<Response>((_r, reject) => init!.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    )
    const settled = callApi('/v1/slow', {}, { timeoutMs: 10 }).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(10)
    expect(await settled).toBe('aborted')
  })
})

describe('the Idempotency-Key of a state change', () => {
  it('a retry after a network failure sends the same key; a changed body gets a new one', async () => {
    const slot = newSlot()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(callApi('/v1/pay', { method: 'POST', json: { amount: 10 }, once: { slot } })).rejects.toThrow('Failed to fetch')
    await callApi('/v1/pay', { method: 'POST', json: { amount: 10 }, once: { slot } })
    await callApi('/v1/pay', { method: 'POST', json: { amount: 11 }, once: { slot } })
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/)
    expect(keyOf(1)).toBe(keyOf(0))
    expect(keyOf(2)).toMatch(/^[0-9a-f]{32}$/)
    expect(keyOf(2)).not.toBe(keyOf(0))
  })

  it('`sameAs` says what counts as the same request (a fingerprint instead of the bytes)', async () => {
    const slot = newSlot()
    await callApi('/v1/pay', { method: 'POST', json: { amount: 10, cvv: '123' }, once: { slot, sameAs: 'payment-1' } })
    await callApi('/v1/pay', { method: 'POST', json: { amount: 10, cvv: '124' }, once: { slot, sameAs: 'payment-1' } })
    expect(keyOf(1)).toBe(keyOf(0))
  })

  it('a raw body (a claim file) is sent as it is, with its type and headers, and the same key on a retry', async () => {
    const slot = newSlot()
    const file = new Blob(['\xff\xd8\xff'], { type: 'image/jpeg' })
    const raw = { body: file, contentType: 'image/jpeg', headers: { 'X-File-Name': 'a%20b.jpg' } }
    fetchMock.mockRejectedValueOnce(new TypeError('network down'))
    await expect(callApi('/v1/file', { method: 'POST', raw, once: { slot, sameAs: 'file' } })).rejects.toThrow('network down')
    await callApi('/v1/file', { method: 'POST', raw, once: { slot, sameAs: 'file' } })
    expect(fetchMock.mock.calls.map(([, init]) => init!.body)).toEqual([file, file])
    expect(headersOf(1)).toMatchObject({ 'Content-Type': 'image/jpeg', 'X-File-Name': 'a%20b.jpg' })
    expect(keyOf(1)).toBe(keyOf(0))
  })

  it.each([['a problem of type key-reused', keyReusedProblem]])(
    '422 for %s: a fresh attempt with a fresh key, whose answer is the one given back',
    async (_name, reused) => {
      const slot = newSlot()
      fetchMock.mockResolvedValueOnce(reused()).mockResolvedValueOnce(new Response('Thank you.', { status: 200 }))
      const answer = await callApi('/v1/pay', { method: 'POST', json: { amount: 10 }, once: { slot } })
      expect(answer).toMatchObject({ status: 200, text: 'Thank you.' })
      expect(fetchMock).toHaveBeenCalledTimes(2)
      expect(keyOf(1)).not.toBe(keyOf(0))
      expect(slot.attempt?.key).toBe(keyOf(1))
      expect(fetchMock.mock.calls[1]![1]!.body).toBe(fetchMock.mock.calls[0]![1]!.body)
    },
  )

  it('a fresh attempt is made once: a second key-reused answer is given back', async () => {
    fetchMock.mockImplementation(async () => keyReusedProblem())
    const answer = await callApi('/v1/pay', { method: 'POST', json: {}, once: { slot: newSlot() } })
    expect(answer.status).toBe(422)
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('another 422 is not a reused key: given back at once', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ errorMessage: 'Unprocessable.' }, { status: 422 }))
    expect((await callApi('/v1/pay', { method: 'POST', json: {}, once: { slot: newSlot() } })).status).toBe(422)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('409 with Retry-After (a duplicate still running): waits that long and asks again with the same key', async () => {
    const sleep = vi.fn(async () => {})
    fetchMock
      .mockResolvedValueOnce(problem(409, { type: PROBLEM_TYPES.keyInProgress, errorMessage: 'Still running.' }, { 'Retry-After': '1' }))
      .mockResolvedValueOnce(new Response('Thank you.', { status: 200 }))
    const answer = await callApi('/v1/pay', { method: 'POST', json: { amount: 10 }, once: { slot: newSlot() } }, { sleep })
    expect(answer.status).toBe(200)
    expect(sleep).toHaveBeenCalledWith(1000)
    expect(keyOf(1)).toBe(keyOf(0))
  })

  it('the wait is capped, and after a few tries the 409 is given back', async () => {
    const sleep = vi.fn(async () => {})
    fetchMock.mockImplementation(async () => Response.json({ errorMessage: 'Still running.' }, { status: 409, headers: { 'Retry-After': '3600' } }))
    const answer = await callApi('/v1/pay', { method: 'POST', json: {}, once: { slot: newSlot() } }, { sleep })
    expect(answer.status).toBe(409)
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(sleep.mock.calls).toEqual([[5000], [5000], [5000]])
  })

  it('409 without Retry-After, or a call without a key, is not waited for', async () => {
    const sleep = vi.fn(async () => {})
    fetchMock.mockResolvedValueOnce(Response.json({ errorMessage: 'Lost.' }, { status: 409 }))
    expect((await callApi('/v1/pay', { method: 'POST', json: {}, once: { slot: newSlot() } }, { sleep })).status).toBe(409)
    fetchMock.mockResolvedValueOnce(Response.json({}, { status: 409, headers: { 'Retry-After': '1' } }))
    expect((await callApi('/v1/read', {}, { sleep })).status).toBe(409)
    expect(sleep).not.toHaveBeenCalled()
  })
})

describe('reading the answer as a problem', () => {
  it('problem+json: the message and the field errors', () => {
    const body = { type: PROBLEM_TYPES.invalidBody, title: 'Invalid', status: 400, detail: 'Check.', errorMessage: 'Check.', errors: { amount: 'Too high' } }
    expect(readProblem(400, PROBLEM_MEDIA_TYPE, JSON.stringify(body))).toMatchObject({ errorMessage: 'Check.', errors: { amount: 'Too high' } })
  })

  it("the older shapes during the move: { errorMessage, errors } and the claim report's { errorMessage, fieldErrors }", () => {
    expect(readProblem(400, 'application/json', '{"errorMessage":"No.","errors":{"a":"A"}}')).toMatchObject({ errorMessage: 'No.', errors: { a: 'A' } })
    expect(readProblem(400, 'application/json', '{"errorMessage":"No.","fieldErrors":{"b":"B","n":1}}')).toMatchObject({ errors: { b: 'B' } })
  })

  it('a success, a text answer or HTML is no problem', () => {
    expect(readProblem(200, 'application/json', '{}')).toBeNull()
    expect(readProblem(500, 'text/plain', 'boom')).toBeNull()
    expect(readProblem(502, 'text/html', '<html>')).toBeNull()
  })

  it("our store's failure (503) has a message to show; another status does not", async () => {
    fetchMock.mockResolvedValueOnce(problem(503, { type: PROBLEM_TYPES.storeUnavailable, errorMessage: 'Please try again.' }))
    expect(storeUnavailableMessage(await callApi('/v1/a'))).toBe('Please try again.')
    fetchMock.mockResolvedValueOnce(Response.json({ errorMessage: 'Not ours to show.' }, { status: 500 }))
    expect(storeUnavailableMessage(await callApi('/v1/a'))).toBeNull()
  })
})

describe('logging a failure', () => {
  it('POSTs the page, the function and a fixed message to /v1/common/Log, and a failing log is ignored', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(logError('/v1/common/Log', 'MakePayment', 'submitPayment', 'payment post failed')).resolves.toBeUndefined()
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      loggingLevel: 'Error',
      pageName: 'MakePayment',
      functionName: 'submitPayment',
      message: 'payment post failed',
    })
    expect(headersOf(0)['Idempotency-Key']).toBeUndefined()
  })
})
