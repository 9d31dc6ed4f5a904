import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import { seed, persona } from '../worker/helpers'
import { mailTo } from '../worker/profile-helpers'
import { requestPasswordReset } from '../../worker/services/identity/password-reset'

/**
 * Issue 13 item 3, decision 122 (ASVS V2.5 asks recovery not to reveal accounts; the timing of the
 * answer was the leak): before answering, the work is the same for every address; what depends on
 * the address having a profile runs after the answer. Checked without measuring time: the answer is
 * reached before any of that work is awaited, for a known and an unknown address alike.
 */
const portalEnv = env as unknown as Env
const meta = { ip: '127.0.0.1', userAgent: 'test', requestId: 'forgot-test' }

/** Records the work handed to the background instead of letting the answer wait for it. */
function recordingBackground() {
  const jobs: Promise<unknown>[] = []
  return { jobs, waitUntil: (p: Promise<unknown>) => void jobs.push(p) }
}

beforeAll(() => seed())

describe('forgot password: the same work for every address before the answer', () => {
  it('a known and an unknown address each hand exactly one job to the background and answer the same', async () => {
    const known = persona('direct.single').email
    const unknown = 'not-a-customer@example.com'
    const a = recordingBackground()
    const b = recordingBackground()
    expect(await requestPasswordReset(portalEnv, known, meta, a)).toEqual({ ok: true })
    expect(await requestPasswordReset(portalEnv, unknown, meta, b)).toEqual({ ok: true })
    expect(a.jobs).toHaveLength(1)
    expect(b.jobs).toHaveLength(1)
    // Both addresses were counted before the answer: the same D1 write for each.
    const counted = await env.DB.prepare('SELECT counter_key FROM counters WHERE counter_key IN (?, ?)')
      .bind(`reset:${known.toLowerCase()}`, `reset:${unknown}`)
      .all()
    expect(counted.results).toHaveLength(2)
    await Promise.all([...a.jobs, ...b.jobs])
    expect((await mailTo(known)).filter((m) => m.kind === 'password-reset')).toHaveLength(1)
    expect(await mailTo(unknown)).toHaveLength(0)
  })

  it('502 only when the common work fails, and then for every address alike', async () => {
    await env.DB.prepare("CREATE TRIGGER fail_counters BEFORE INSERT ON counters BEGIN SELECT RAISE(ABORT, 'store down'); END").run()
    try {
      expect(await requestPasswordReset(portalEnv, persona('direct.multi').email, meta, recordingBackground())).toEqual({ ok: false })
      expect(await requestPasswordReset(portalEnv, 'another-new@example.com', meta, recordingBackground())).toEqual({ ok: false })
    } finally {
      await env.DB.prepare('DROP TRIGGER fail_counters').run()
    }
  })
})
