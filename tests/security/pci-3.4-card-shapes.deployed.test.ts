import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { bearer, persona, seed } from '../worker/helpers'
import { apiSettled, captureLogs } from '../worker/sso-support'
import { USER_AGENT_WITHHELD } from '../../worker/services/request/client-meta'
import {
  CLIENT_LOG_WAYS,
  expectNoNumberKept,
  forgetRateCounts,
  logLine,
  nextCard,
  nextIp,
  refusedNaming,
  SHAPES,
  SID_SHAPES,
  sweepDescribedFields,
} from './card-shapes'

/**
 * PCI DSS 3.3/3.4, issue 31 item 1, under ENVIRONMENT=production and ENVIRONMENT=staging (the probe
 * found the client log's multipart hole in production mode too): the client log each way its body can
 * come, every field the API describes, and the SID and User-Agent headers, as in development
 * (pci-3.4-card-shapes-everywhere.test.ts); then no number in D1, KV, R2 or the log. No call leaves the
 * worker: a deployed environment's mail service and partners are not here, so outbound fetch answers 503.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => vi.stubGlobal('fetch', async () => new Response('not here', { status: 503 })))
afterEach(() => vi.unstubAllGlobals())
/** Each test sends a hundred requests or more; on a busy machine that takes longer than the default 5 s (a bound, not an assertion). */
const SLOW = 120_000

describe(`ENVIRONMENT=${env.ENVIRONMENT}: card numbers in any shape`, () => {
  it('is a deployed environment', () => {
    expect(['production', 'staging']).toContain(env.ENVIRONMENT)
  })

  it(
    'the client log line, each way its body can come (JSON under a multipart type too), in each shape: a 400 naming the message',
    async () => {
      const { lines } = await captureLogs(async () => {
        for (const { way, send } of CLIENT_LOG_WAYS) {
          for (const shape of SHAPES) {
            await expect(refusedNaming(await send(shape.write(nextCard())), 'message'), `${shape.name}, ${way}`).resolves.toBeUndefined()
          }
        }
      })
      await expectNoNumberKept(lines)
    },
    SLOW,
  )

  it(
    'every body field and query parameter of every /v1 operation: refused naming the field',
    async () => {
      const auth = await bearer('direct.multi')
      const { result, lines } = await captureLogs(() => sweepDescribedFields(auth))
      expect(result.fields).toBeGreaterThan(100)
      expect(result.missed).toEqual([])
      await expectNoNumberKept(lines)
    },
    SLOW,
  )

  it(
    'a SID holding a number is replaced; a User-Agent holding one is withheld from the session',
    async () => {
      const sam = persona('direct.single')
      const { lines } = await captureLogs(async () => {
        for (const shape of SID_SHAPES) {
          const sid = shape.write(nextCard())
          const res = await apiSettled('/v1/common/Log', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp(), SID: sid },
            body: logLine('A line the client logs'),
          })
          expect(res.status, shape.name).toBe(204)
          expect(res.headers.get('SID'), shape.name).toMatch(/^[0-9a-f-]{36}$/)
        }
        const headerShapes = SHAPES.filter((s) => s.inHeader)
        for (const shape of headerShapes) {
          await forgetRateCounts()
          const res = await apiSettled('/v1/profile/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'User-Agent': `Mozilla/5.0 (card ${shape.write(nextCard())})`, 'CF-Connecting-IP': nextIp() },
            body: JSON.stringify({ userName: sam.userName, password: sam.password }),
          })
          expect(res.status, shape.name).toBe(200)
        }
        const withheld = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_agent = ?').bind(USER_AGENT_WITHHELD).first<{ n: number }>()
        expect(withheld!.n).toBe(headerShapes.length)
      })
      await expectNoNumberKept(lines)
    },
    SLOW,
  )
})
