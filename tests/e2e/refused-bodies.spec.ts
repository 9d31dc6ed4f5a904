import http from 'node:http'
import { expect, test } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { pngPhoto } from '../support/image-files'

/**
 * Issue 29 item 4 over real HTTP (decision 194): after a request refused before its body was read (a
 * page form counted past 64 KB, a claim file refused by its first bytes, an upload declared too large)
 * the next request on the same keep-alive connection is served. Before, wrangler's proxy answered it
 * 503 ('Your worker restarted mid-request'), and on '/' it lost its connection to the worker and `wrangler
 * dev` exited. Node's http client, one socket per agent, so the second request goes on the first one's
 * connection (reusedSocket says whether it did).
 */

const SAM = policyTagged('claims.mitigation-window') // sam.single, HOM4020001
const MB = 1024 * 1024
/** A real PNG: an image and only an image (decision 204). */
const PNG = Buffer.from(pngPhoto())

interface Answer {
  status: number
  body: string
  /** Whether the request went on a connection an earlier request had used. */
  reused: boolean
}

/** One request; a body given as `chunks` is sent without a Content-Length (chunked). */
function send(agent: http.Agent, base: string, path: string, headers: Record<string, string>, body: Buffer | { chunks: Buffer } | null): Promise<Answer> {
  const url = new URL(path, base)
  const fixed = body instanceof Buffer ? body : null
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { Origin: url.origin, ...headers, ...(fixed ? { 'Content-Length': String(fixed.length) } : {}) } },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (c: Buffer) => parts.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), reused: req.reusedSocket }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (fixed) req.end(fixed)
    else if (body && 'chunks' in body) {
      const bytes = body.chunks
      for (let at = 0; at < bytes.length; at += 64 * 1024) req.write(bytes.subarray(at, at + 64 * 1024))
      req.end()
    } else req.end()
  })
}

const keepAlive = () => new http.Agent({ keepAlive: true, maxSockets: 1 })

/** A page form's sign-in: 303 to Account Home. */
const signIn = (agent: http.Agent, base: string) =>
  send(
    agent,
    base,
    '/',
    { 'Content-Type': 'application/x-www-form-urlencoded' },
    Buffer.from(new URLSearchParams({ userName: SAM.owner.userName, password: SAM.owner.password }).toString()),
  )

async function bearerOf(base: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: false })
  const login = await send(
    agent,
    base,
    '/v1/profile/login/',
    { 'Content-Type': 'application/json' },
    Buffer.from(JSON.stringify({ userName: SAM.owner.userName, password: SAM.owner.password })),
  )
  expect(login.status).toBe(200)
  return `Bearer ${(JSON.parse(login.body) as { accountToken: string }).accountToken}`
}

const upload = (agent: http.Agent, base: string, auth: string, name: string, bytes: Buffer) =>
  send(
    agent,
    base,
    `/v1/homeowners/ClaimFile/${SAM.policyId}`,
    { Authorization: auth, 'Content-Type': 'image/jpeg', 'X-File-Name': name, 'Idempotency-Key': crypto.randomUUID() },
    bytes,
  )

/** `size` bytes that are no photo: the claim file check refuses them by their first bytes (415). */
const notAPhoto = (size: number) => Buffer.concat([Buffer.from('MZ\x90\x00 a program, not a photo'), Buffer.alloc(size, 0x61)])

test.describe('the request after a refused one, on the same connection', () => {
  test('a page form counted past its limit (sent chunked): 413, then the next form is served on the same connection', async ({ baseURL }) => {
    const agent = keepAlive()
    const refused = await send(agent, baseURL!, '/', { 'Content-Type': 'application/x-www-form-urlencoded' }, { chunks: Buffer.alloc(3 * MB, 0x61) })
    expect(refused.status).toBe(413)
    const next = await signIn(agent, baseURL!)
    expect(next.status, next.body.slice(0, 200)).toBe(303)
    expect(next.reused).toBe(true)
    agent.destroy()
  })

  test('a page form declared too large (Content-Length): 413, then the next form is served', async ({ baseURL }) => {
    const agent = keepAlive()
    const refused = await send(agent, baseURL!, '/', { 'Content-Type': 'application/x-www-form-urlencoded' }, Buffer.alloc(3 * MB, 0x61))
    expect(refused.status).toBe(413)
    const next = await signIn(agent, baseURL!)
    expect(next.status, next.body.slice(0, 200)).toBe(303)
    agent.destroy()
  })

  test('a /v1 claim file refused by its first bytes: 415, then an upload on the same connection is stored', async ({ baseURL }) => {
    const auth = await bearerOf(baseURL!)
    const agent = keepAlive()
    const refused = await upload(agent, baseURL!, auth, 'photo.jpg', notAPhoto(2 * MB))
    expect(refused.status, refused.body).toBe(415)
    const next = await upload(agent, baseURL!, auth, 'kitchen.png', PNG)
    expect(next.status, next.body.slice(0, 200)).toBe(201)
    expect(next.reused).toBe(true)
    agent.destroy()
  })

  test('a /v1 upload declared over 10 MB: 413, then the next upload is stored', async ({ baseURL }) => {
    const auth = await bearerOf(baseURL!)
    const agent = keepAlive()
    const refused = await upload(agent, baseURL!, auth, 'huge.jpg', Buffer.alloc(11 * MB, 0x61))
    expect(refused.status, refused.body).toBe(413)
    const next = await upload(agent, baseURL!, auth, 'kitchen.png', PNG)
    expect(next.status, next.body.slice(0, 200)).toBe(201)
    agent.destroy()
  })

  test('six connections at once, each a refusal then a request: every second request is served', async ({ baseURL }) => {
    const auth = await bearerOf(baseURL!)
    const pairs = Array.from({ length: 6 }, async (_, i) => {
      const agent = keepAlive()
      try {
        if (i % 2 === 0) {
          const refused = await send(agent, baseURL!, '/', { 'Content-Type': 'application/x-www-form-urlencoded' }, { chunks: Buffer.alloc(MB, 0x61) })
          const next = await signIn(agent, baseURL!)
          return [refused.status, next.status, next.reused]
        }
        const refused = await upload(agent, baseURL!, auth, 'photo.jpg', notAPhoto(MB))
        const next = await upload(agent, baseURL!, auth, `kitchen-${i}.png`, PNG)
        return [refused.status, next.status, next.reused]
      } finally {
        agent.destroy()
      }
    })
    expect(await Promise.all(pairs)).toEqual([0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? [413, 303, true] : [415, 201, true])))
  })
})
