import { beforeAll, describe, expect, it } from 'vitest'
import { api, bearer, ORIGIN, seed } from './helpers'
import { freshIp } from './profile-helpers'
import { SAM_HOME } from './claims-fixtures'
import { DRAIN_UP_TO } from '../../worker/middleware/body-drain'
import { DEFAULT_BODY_LIMIT, MB, TOO_LARGE } from '../../worker/middleware/body-limit'
import { UPLOAD_MSG } from '../../shared/claims/uploads'

/**
 * Issue 29 item 4 (decision 194): a refused request's body is read to its end before the answer leaves,
 * so the connection it came on can carry the next request (the HTTP proof: tests/e2e/refused-bodies.spec.ts).
 * Here the body is a stream the test feeds: by the time the answer arrives, every byte of it was taken,
 * and it was never cancelled. Past DRAIN_UP_TO the worker stops reading (the runtime closes instead).
 */
beforeAll(() => seed(), 120_000)

interface Fed {
  stream: ReadableStream<Uint8Array>
  /** Bytes the worker took so far. */
  taken(): number
  cancelled(): boolean
}

/** `total` bytes in 16 KB chunks, handed over only as the reader asks for them. */
function fed(total: number, first: Uint8Array = new Uint8Array(0)): Fed {
  const CHUNK = 16 * 1024
  let sent = 0
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close()
        const size = Math.min(CHUNK, total - sent)
        const chunk = new Uint8Array(size).fill(0x61)
        if (sent === 0) chunk.set(first.subarray(0, size))
        sent += size
        controller.enqueue(chunk)
      },
      cancel() {
        cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, taken: () => sent, cancelled: () => cancelled }
}

const streamed = (body: Fed, headers: Record<string, string>, path: string) =>
  api(path, { method: 'POST', headers: { Origin: ORIGIN, 'CF-Connecting-IP': freshIp(), ...headers }, body: body.stream, duplex: 'half' } as never)

describe('a refused body is read to its end before the answer', () => {
  it('a page form sent without a Content-Length, counted past 64 KB: 413, and all of it read', async () => {
    const body = fed(3 * MB)
    const res = await streamed(body, { 'Content-Type': 'application/x-www-form-urlencoded' }, '/')
    expect(res.status).toBe(413)
    expect(await res.text()).toBe(TOO_LARGE)
    expect(body.taken()).toBe(3 * MB)
    expect(body.cancelled()).toBe(false)
  })

  it('a /v1 body past its limit, without a Content-Length: the 413 problem, and all of it read', async () => {
    const body = fed(DEFAULT_BODY_LIMIT * 4)
    const res = await streamed(body, { 'Content-Type': 'application/json' }, '/v1/profile/login/')
    expect(res.status).toBe(413)
    expect(body.taken()).toBe(DEFAULT_BODY_LIMIT * 4)
    expect(body.cancelled()).toBe(false)
  })

  it('a claim file refused by its first bytes (415): the rest of it read too', async () => {
    const auth = await bearer('direct.single')
    const size = 2 * MB
    const body = fed(size, new TextEncoder().encode('MZ\x90\x00 a program, not a photo'))
    const res = await streamed(
      body,
      { ...auth, 'Content-Type': 'image/jpeg', 'Content-Length': String(size), 'X-File-Name': 'photo.jpg', 'Idempotency-Key': crypto.randomUUID() },
      `/v1/homeowners/ClaimFile/${SAM_HOME}`,
    )
    expect(res.status).toBe(415)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_MSG.wrongType('photo.jpg'))
    expect(body.taken()).toBe(size)
    expect(body.cancelled()).toBe(false)
  })

  it('a chunked upload refused before its body is looked at (401, no session): read to its end', async () => {
    const body = fed(MB)
    const res = await streamed(body, { 'Content-Type': 'image/jpeg', 'X-File-Name': 'photo.jpg' }, `/v1/homeowners/ClaimFile/${SAM_HOME}`)
    expect(res.status).toBe(401)
    expect(body.taken()).toBe(MB)
  })

  it(`past ${DRAIN_UP_TO / MB} MB the worker stops reading: the runtime closes the connection instead`, async () => {
    const body = fed(DRAIN_UP_TO + 4 * MB)
    const res = await streamed(body, { 'Content-Type': 'application/x-www-form-urlencoded' }, '/')
    expect(res.status).toBe(413)
    expect(body.taken()).toBeGreaterThan(DRAIN_UP_TO)
    expect(body.taken()).toBeLessThan(DRAIN_UP_TO + 4 * MB)
  })

  it('a body that is read in full is handed to the handler unchanged', async () => {
    const text = JSON.stringify({ userName: 'nobody-here', password: 'Some#Pass1' })
    const res = await api('/v1/profile/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() },
      body: new Blob([text]).stream(),
      duplex: 'half',
    } as never)
    expect(res.status).toBe(401)
  })
})
