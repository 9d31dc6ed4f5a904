import { env } from 'cloudflare:workers'
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { beforeAll, describe, expect, it } from 'vitest'
import { persona, seed } from './helpers'
import { registration, unlinked } from './profile-helpers'
import { registerApiSchema } from '../../shared/schemas/register'
import { login } from '../../worker/services/login'
import { registerProfile } from '../../worker/services/registration'
import type { Env } from '../../worker/env'

// D1 failing on a write of login and registration (issue 14 "Faults", decision 144), injected through
// the seam production code already has: the Env it is given. The database is the real one; only the
// statement named fails, as D1 fails: a retryable network error or a constraint error that is not.
// Nothing half-written may remain, and a retry has exactly one effect.

const RETRYABLE = 'D1_ERROR: Network connection lost.'
const PERMANENT = 'D1_ERROR: SQLITE_CONSTRAINT: constraint failed'

/** The real D1, except that statements whose SQL matches `when` fail with `message` (alone or in a batch). */
function failingOn(when: RegExp, message: string): D1Database {
  const db = env.DB
  const marked = new WeakSet<D1PreparedStatement>()
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    if (!when.test(sql)) return stmt
    const fail = () => Promise.reject(new Error(message))
    const failing = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'run' || prop === 'first' || prop === 'all' || prop === 'raw') return fail
        if (prop === 'bind') return (...args: unknown[]) => wrap(target.bind(...args), sql)
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
    marked.add(failing)
    return failing
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql)
      if (prop === 'batch') {
        return (stmts: D1PreparedStatement[]) => (stmts.some((s) => marked.has(s)) ? Promise.reject(new Error(message)) : target.batch(stmts))
      }
      const v = Reflect.get(target, prop, target)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}

function envWith(db: D1Database): Env {
  return { ...(env as unknown as Env), DB: db }
}

const meta = { ip: '127.0.77.1', userAgent: 'faults-test', requestId: 'faults' }

async function count(sql: string, ...args: unknown[]): Promise<number> {
  return (
    (await env.DB.prepare(sql)
      .bind(...args)
      .first<number>('n')) ?? 0
  )
}

describe('D1 failing on the writes of login', () => {
  beforeAll(seed)

  for (const message of [RETRYABLE, PERMANENT]) {
    it(`session insert fails (${message.slice(10, 40)}): the error surfaces, no session row, and a retry signs in once`, async () => {
      const p = persona('direct.single')
      const profileId = await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(p.userName).first<string>('profile_id')
      const before = await count('SELECT count(*) AS n FROM sessions WHERE profile_id = ?', profileId)
      await expect(login(envWith(failingOn(/INSERT INTO sessions/, message)), { userName: p.userName, password: p.password }, meta)).rejects.toThrow(message)
      expect(await count('SELECT count(*) AS n FROM sessions WHERE profile_id = ?', profileId)).toBe(before)
      const retry = await login(envWith(env.DB), { userName: p.userName, password: p.password }, meta)
      expect(retry.ok).toBe(true)
      expect(await count('SELECT count(*) AS n FROM sessions WHERE profile_id = ?', profileId)).toBe(before + 1)
    })
  }
})

describe('D1 failing on the writes of registration', () => {
  beforeAll(seed)

  for (const message of [RETRYABLE, PERMANENT]) {
    it(`the profile-and-link write fails (${message.slice(10, 40)}): no profile, no link, and a retry registers once`, async () => {
      const u = unlinked('unregistered.flood')
      const input = registerApiSchema.parse(registration(u))
      await expect(registerProfile(envWith(failingOn(/INSERT INTO profile_policies/, message)), input, meta)).rejects.toThrow(message)
      expect(await count('SELECT count(*) AS n FROM profiles WHERE user_name = ?', input.userName)).toBe(0)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(0)

      const retry = await registerProfile(envWith(env.DB), input, meta)
      expect(retry.ok).toBe(true)
      expect(await count('SELECT count(*) AS n FROM profiles WHERE user_name = ?', input.userName)).toBe(1)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(1)
      // A second retry (the answer was lost on the way back) is refused, not a second profile.
      const again = await registerProfile(envWith(env.DB), registerApiSchema.parse(registration(u)), meta)
      expect(again.ok).toBe(false)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(1)
      await env.DB.prepare('DELETE FROM profile_policies WHERE policy_id = ?').bind(u.policyId).run()
    })
  }
})
