import { describe, it, expect, beforeAll } from 'vitest'
import { seed } from '../worker/helpers'
import { api, ORIGIN } from '../worker/helpers'
import { freshIp } from '../worker/profile-helpers'
import { DEFAULT_BODY_LIMIT, TOO_LARGE } from '../../worker/middleware/body-limit'

/**
 * ASVS V12.1.1 / V13.1.3 (no request large enough to exhaust the service), ASVS V7.4.1 (a generic
 * error, in the API's own shape), issue 13 items 8 and 10, decision 124: every body is capped (64 KB
 * unless a route says otherwise), by Content-Length and by counting a body sent without one.
 */
beforeAll(() => seed())

const big = (bytes: number) => JSON.stringify({ userName: 'x'.repeat(bytes), password: 'Some#Pass1' })

/** A body with no Content-Length (chunked): only counting its bytes can refuse it. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(sent, sent + 8192))
      sent += 8192
    },
  })
}

describe('request bodies', () => {
  it('over 64 KB with a Content-Length: 413 with the API error shape, before anything is read', async () => {
    const res = await api('/v1/profile/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() },
      body: big(70_000),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ errorMessage: TOO_LARGE })
  })

  it('over 64 KB without a Content-Length: counted and refused too', async () => {
    const res = await api('/v1/profile/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() },
      body: streamed(big(70_000)),
      duplex: 'half',
    } as never)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ errorMessage: TOO_LARGE })
  })

  it('a page form over 64 KB: a plain 413 page', async () => {
    const res = await api('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() },
      body: new URLSearchParams({ userName: 'x'.repeat(70_000), password: 'Some#Pass1' }).toString(),
    })
    expect(res.status).toBe(413)
    expect(await res.text()).toBe(TOO_LARGE)
  })

  it('a small streamed body still reaches the handler', async () => {
    const res = await api('/v1/profile/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() },
      body: streamed(JSON.stringify({ userName: 'nobody-here', password: 'Some#Pass1' })),
      duplex: 'half',
    } as never)
    expect(res.status).toBe(401)
  })

  it('each operation declares its own limit: a log line takes 4 KB, a claim report the default, a claim file 10 MB', async () => {
    const headers = { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() }
    const log = await api('/v1/common/Log', { method: 'POST', headers, body: JSON.stringify({ message: 'x'.repeat(5 * 1024) }) })
    expect(log.status).toBe(413)
    expect(log.headers.get('Content-Type')).toBe('application/problem+json')
    const profile = await api('/v1/profile/', { method: 'POST', headers, body: JSON.stringify({ policyID: 'x'.repeat(DEFAULT_BODY_LIMIT) }) })
    expect(profile.status).toBe(413)
    // The claim report carries only the claim and file references (decision 169): the default limit.
    const claim = await api('/v1/flood/FirstNoticeOfLoss/FLD1000001', { method: 'POST', headers, body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1) })
    expect(claim.status).toBe(413)
    // Over the default but under a claim file's limit: refused for its content (no session), not its size.
    const file = await api('/v1/flood/ClaimFile/FLD1000001', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'image/jpeg' },
      body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1),
    })
    expect(file.status).toBe(401)
  })
})

describe('malformed JSON on /v1', () => {
  it('answers a problem with errorMessage, not plain text', async () => {
    const res = await api('/v1/profile/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp() },
      body: '{"userName":',
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await res.json()).toMatchObject({ errorMessage: 'Malformed request.' })
  })
})
