import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { countedAttempt, LOGIN_RULE } from '../../worker/db/counters'

/**
 * A failed attempt at a secret is counted BEFORE its check (sign-in, re-sign-in, a policy's identity),
 * so a burst of guesses meets the allowance exactly. The checks here wait at a barrier until every
 * attempt has arrived, so all twenty are truly in flight at once: a count taken after the check would
 * let all twenty be checked.
 */
describe('countedAttempt under a burst', () => {
  it(`checks ${LOGIN_RULE.limit} of twenty simultaneous guesses, locks on the last of them, refuses the rest`, async () => {
    const key = `test:burst:${crypto.randomUUID()}`
    let arrived = 0
    let checked = 0
    let release!: () => void
    const barrier = new Promise<void>((r) => (release = r))
    const guess = () =>
      countedAttempt(env.DB, key, LOGIN_RULE, Date.now(), async (admitted) => {
        if (admitted) checked += 1
        arrived += 1
        if (arrived === 20) release()
        await barrier
        return false
      })
    const results = await Promise.all(Array.from({ length: 20 }, guess))
    expect(checked).toBe(LOGIN_RULE.limit)
    const admitted = results.filter((r) => !r.passed && r.admitted)
    expect(admitted).toHaveLength(LOGIN_RULE.limit)
    expect(admitted.filter((r) => !r.passed && r.locked)).toHaveLength(1)
    expect(results.filter((r) => !r.passed && !r.admitted && r.locked)).toHaveLength(20 - LOGIN_RULE.limit)
    // Locked now: even a passing check is not admitted.
    const after = await countedAttempt(env.DB, key, LOGIN_RULE, Date.now(), async (a) => a)
    expect(after).toEqual({ passed: false, admitted: false, locked: true })
  })

  it('a pass clears the count', async () => {
    const key = `test:pass:${crypto.randomUUID()}`
    for (let i = 0; i < LOGIN_RULE.limit - 1; i++) await countedAttempt(env.DB, key, LOGIN_RULE, Date.now(), async () => false)
    expect(await countedAttempt(env.DB, key, LOGIN_RULE, Date.now(), async () => true)).toEqual({ passed: true })
    const row = await env.DB.prepare('SELECT failures FROM counters WHERE counter_key = ?').bind(key).first()
    expect(row).toBeNull()
  })
})
