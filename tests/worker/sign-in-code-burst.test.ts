import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { portalEnv } from './sso-support'
import { newestCode, otherThan, profileIdOf, single } from './stronger-sign-in-support'
import { checkCode, sendCode } from '../../worker/services/identity/sign-in-code'
import { CODE_MAX_TRIES } from '../../shared/identity/sign-in-code'

/**
 * A code's tries are taken before the typed code is compared (a limit counted after the check is a
 * limit a burst passes): twenty wrong guesses at once are five tries, and the right code is refused
 * after them.
 */
beforeAll(() => seed())
afterEach(() => env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%'").run())

describe('a burst of guesses at one code', () => {
  it(`meets the limit of ${CODE_MAX_TRIES} tries exactly`, async () => {
    const p = single()
    const sent = await sendCode(portalEnv, { profile_id: await profileIdOf(p), email_address: p.email, language: 'en' }, 'sign-in', null, {
      ip: '203.0.113.9',
      background: null,
    })
    expect(sent.ok).toBe(true)
    const codeId = (sent as { codeId: string }).codeId
    const right = await newestCode(p)
    // Each guess from its own address: the per-address wrong-entry limit is not what is tested here.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkCode(portalEnv, codeId, otherThan(right), { purpose: 'sign-in' }, { ip: `198.51.100.${i + 1}` })),
    )
    const verdicts = guesses.map((g) => g.verdict)
    expect(verdicts.filter((v) => v === 'wrong')).toHaveLength(CODE_MAX_TRIES - 1)
    expect(verdicts.filter((v) => v === 'too-many-tries')).toHaveLength(20 - (CODE_MAX_TRIES - 1))
    const row = await env.DB.prepare('SELECT tries FROM sign_in_codes WHERE code_id = ?').bind(codeId).first<{ tries: number }>()
    expect(row?.tries).toBe(CODE_MAX_TRIES)
    expect((await checkCode(portalEnv, codeId, right, { purpose: 'sign-in' }, { ip: '198.51.100.99' })).verdict).toBe('too-many-tries')
  })

  it('the right code after a few wrong ones still works, once', async () => {
    const p = single()
    const sent = await sendCode(portalEnv, { profile_id: await profileIdOf(p), email_address: p.email, language: 'en' }, 'sign-in', null, {
      ip: '203.0.113.10',
      background: null,
    })
    const codeId = (sent as { codeId: string }).codeId
    const right = await newestCode(p)
    for (let i = 0; i < CODE_MAX_TRIES - 1; i++)
      expect((await checkCode(portalEnv, codeId, otherThan(right), { purpose: 'sign-in' }, { ip: '198.51.100.120' })).verdict).toBe('wrong')
    const both = await Promise.all([1, 2].map(() => checkCode(portalEnv, codeId, right, { purpose: 'sign-in' }, { ip: '198.51.100.121' })))
    // One signs in; the other finds the code used, or its last try taken, whichever it meets first.
    expect(both.filter((b) => b.verdict === 'ok')).toHaveLength(1)
    expect(['used', 'too-many-tries']).toContain(both.find((b) => b.verdict !== 'ok')?.verdict)
  })
})
