import { beforeAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { api, bearer, ORIGIN, seed } from './helpers'
import { freshIp } from './profile-helpers'
import { SAM_HOME } from './claims-fixtures'
import { DRAIN_UP_TO, drainUnreadBody } from '../../worker/middleware/body-drain'
import { CHUNK_BYTES, readBody } from '../../worker/services/request/body-chunks'
import { DEFAULT_BODY_LIMIT, MB, TOO_LARGE } from '../../worker/middleware/body-limit'
import { UPLOAD_MSG } from '../../shared/claims/uploads'

/**
 * Issue 29 item 4 (decision 194): a refused request's body is read to its end before the answer leaves,
 * so the connection it came on can carry the next request (the HTTP proof: tests/e2e/refused-bodies.spec.ts).
 * Here the body is a stream the test feeds: by the time the answer arrives, every byte of it was taken,
 * and it was never cancelled. Past DRAIN_UP_TO the worker stops reading (the runtime closes instead).
 * The handlers still read a body from the network as a byte stream, so a claim file fills its own
 * reused buffers (decision 196): the last describe.
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

/**
 * `total` bytes as a body from the network is: a byte stream of the runtime's own (an
 * IdentityTransformStream), which the worker reads by BYOB. Each write completes only once it has been
 * read; a cancel fails the writes.
 */
function fedNative(total: number, first: Uint8Array): { stream: ReadableStream<Uint8Array>; outcome(): Promise<{ taken: number; failed: boolean }> } {
  const CHUNK = 16 * 1024
  const pipe = new IdentityTransformStream()
  const writer = pipe.writable.getWriter()
  let taken = 0
  const writing = (async () => {
    try {
      for (let sent = 0; sent < total; ) {
        const chunk = new Uint8Array(Math.min(CHUNK, total - sent)).fill(0x61)
        if (sent === 0) chunk.set(first.subarray(0, chunk.byteLength))
        await writer.write(chunk)
        sent += chunk.byteLength
        taken = sent
      }
      await writer.close()
      return false
    } catch {
      return true
    }
  })()
  return { stream: pipe.readable as ReadableStream<Uint8Array>, outcome: async () => ({ failed: await writing, taken }) }
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

  it('the same claim file from the network (a byte stream, read by BYOB): the rest read too, never cancelled', async () => {
    const auth = await bearer('direct.single')
    const size = 2 * MB
    const body = fedNative(size, new TextEncoder().encode('MZ\x90\x00 a program, not a photo'))
    const res = await api(`/v1/homeowners/ClaimFile/${SAM_HOME}`, {
      method: 'POST',
      headers: {
        ...auth,
        Origin: ORIGIN,
        'CF-Connecting-IP': freshIp(),
        'Content-Type': 'image/jpeg',
        'Content-Length': String(size),
        'X-File-Name': 'photo.jpg',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: body.stream,
      duplex: 'half',
    } as never)
    expect(res.status).toBe(415)
    // Every write was read before the answer: the last one's completion is all that is left to come.
    expect(await body.outcome()).toEqual({ taken: size, failed: false })
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

describe('what the handlers read through it', () => {
  // The middleware in front of a handler that reads as a claim file does (readBody) or as a parser does.
  const app = new Hono()
  app.use(drainUnreadBody())
  app.post('/file', async (c) => {
    const { chunks, release } = readBody(c.req.raw.body as ReadableStream<Uint8Array>)
    const got: Uint8Array[] = []
    const buffers: number[] = []
    for await (const chunk of chunks) {
      got.push(chunk.slice())
      buffers.push(chunk.buffer.byteLength)
    }
    release()
    return c.json({ sha256: await hex(concat(got)), sizes: got.map((g) => g.byteLength), buffers })
  })
  app.post('/whole', async (c) => c.json({ sha256: await hex(new Uint8Array(await c.req.arrayBuffer())) }))

  const post = (path: string, body: BodyInit) => app.request(`${ORIGIN}${path}`, { method: 'POST', body, duplex: 'half' } as RequestInit)

  it("a body from the network is read by BYOB into the upload's own 256 KB buffers, byte for byte (decision 196)", async () => {
    const bytes = numbered(3 * CHUNK_BYTES + 7)
    const res = await post('/file', bytes)
    expect(await res.json()).toEqual({
      sha256: await hex(bytes),
      sizes: [CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, 7],
      // A chunk as it comes would be in a buffer of its own size, made for it.
      buffers: [CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES],
    })
  })

  it("a body that ends on a read's edge, or within the first: the same bytes", async () => {
    for (const size of [CHUNK_BYTES, 2 * CHUNK_BYTES, 1, 1000]) {
      const bytes = numbered(size)
      const body = (await (await post('/file', bytes)).json()) as { sha256: string; sizes: number[] }
      expect(body.sha256).toBe(await hex(bytes))
      expect(body.sizes.reduce((a, b) => a + b, 0)).toBe(size)
    }
  })

  it('a parser reading the whole body gets it unchanged, whatever its size', async () => {
    for (const size of [0, 1, 16 * 1024 + 1, CHUNK_BYTES + 3]) {
      const bytes = numbered(size)
      expect(await (await post('/whole', bytes)).json()).toEqual({ sha256: await hex(bytes) })
    }
  })

  it('a stream made in JavaScript (no byte stream) reaches the file reader unchanged', async () => {
    const bytes = numbered(2 * CHUNK_BYTES + 5)
    const res = await post('/file', new Blob([bytes.subarray(0, 1000), bytes.subarray(1000)]).stream().pipeThrough(new TransformStream()))
    expect(((await res.json()) as { sha256: string }).sha256).toBe(await hex(bytes))
  })
})

/** `size` bytes, different at every offset within 64 KB and from one 64 KB to the next. */
function numbered(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 16)) & 0xff
  return bytes
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

const hex = async (bytes: Uint8Array) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
