import { afterEach, describe, expect, it, vi } from 'vitest'
import { callOutside, jsonOf, OutsideCallError } from '../../worker/integrations/outside-call'
import { mailTransport } from '../../worker/integrations/mail/transport'
import type { Env } from '../../worker/env'

/** A fetch that behaves as workerd's does when called detached from the global: 'Illegal invocation'. */
function strictGlobalFetch(answer: () => Response) {
  return vi.fn(function (this: unknown, _input: string, _init?: RequestInit) {
    if (this !== undefined && this !== globalThis) throw new TypeError("Failed to execute 'fetch' on 'WorkerGlobalScope': Illegal invocation")
    return Promise.resolve(answer())
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('callOutside (decision 191)', () => {
  it('calls the global fetch as the global, without following redirects, and reads the answer', async () => {
    const fetchMock = strictGlobalFetch(() => Response.json({ ok: 1 }, { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const answer = await callOutside('https://api.example/x', { method: 'POST', body: '{}' }, { timeoutMs: 1000, maxBodyBytes: 1024 })
    expect(answer).toMatchObject({ status: 201, tooLong: false })
    expect(jsonOf(answer)).toEqual({ ok: 1 })
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', redirect: 'manual' })
  })

  it('the mail adapter without an injected fetch reaches the global one (it once ran it detached: no mail ever left)', async () => {
    const fetchMock = strictGlobalFetch(() => new Response('{"id":"m1"}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const env = { ENVIRONMENT: 'production', MAIL_API_URL: 'https://mail.example/send', MAIL_API_KEY: 'k', PORTAL_BASE_URL: 'https://portal.example' } as Env
    await mailTransport(env).deliver({ kind: 'password-reset', to: 'a@b.example', subject: 's', text: 't', from: 'f@b.example', idempotencyKey: 'outbox-1' })
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  it('reads at most maxBodyBytes of an answer and says it was cut; such an answer is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      strictGlobalFetch(() => new Response(`{"a":"${'x'.repeat(10_000)}"}`, { headers: { 'Content-Type': 'application/json' } })),
    )
    const answer = await callOutside('https://api.example/x', {}, { timeoutMs: 1000, maxBodyBytes: 100 })
    expect(answer.tooLong).toBe(true)
    expect(answer.text).toHaveLength(100)
    expect(jsonOf(answer)).toBeUndefined()
  })

  it('no answer in time is a timeout; a failed call is a network error', async () => {
    const never = vi.fn(
      (_input: string, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    )
    const late = await callOutside('https://api.example/x', {}, { fetch: never, timeoutMs: 5, maxBodyBytes: 10 }).catch((e: unknown) => e)
    expect(late).toBeInstanceOf(OutsideCallError)
    expect((late as OutsideCallError).kind).toBe('timeout')
    const refused = await callOutside(
      'https://api.example/x',
      {},
      { fetch: () => Promise.reject(new TypeError('connection refused')), timeoutMs: 1000, maxBodyBytes: 10 },
    ).catch((e: unknown) => e)
    expect((refused as OutsideCallError).kind).toBe('network')
  })

  it('an answer that is not JSON by its type is not read as JSON', async () => {
    const answer = await callOutside(
      'https://api.example/x',
      {},
      { fetch: async () => new Response('{"a":1}', { headers: { 'Content-Type': 'text/html' } }), timeoutMs: 1000, maxBodyBytes: 100 },
    )
    expect(jsonOf(answer)).toBeUndefined()
  })
})
