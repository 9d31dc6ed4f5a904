import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { persona, seed } from './helpers'
import { registration, unlinked } from './profile-helpers'
import { registerApiSchema } from '../../shared/identity/schemas/register'
import { login } from '../../worker/services/identity/login'
import { registerProfile } from '../../worker/services/identity/registration'
import { count, envWith, failingOn, PERMANENT, RETRYABLE } from './faults-support'

// D1 failing on a write of login and registration (issue 14 "Faults", decision 144), injected through
// the seam production code already has: the Env it is given. The database is the real one; only the
// statement named fails, as D1 fails: a retryable network error or a constraint error that is not.
// Nothing half-written may remain, and a retry has exactly one effect.

const meta = { ip: '127.0.77.1', userAgent: 'faults-test', requestId: 'faults', place: '', deviceId: null, background: null }

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

    it(`the new profile's session insert fails (${message.slice(10, 40)}): no profile either, and the retry registers and signs in`, async () => {
      const u = unlinked('unregistered.homeowners')
      const input = registerApiSchema.parse(registration(u))
      await expect(registerProfile(envWith(failingOn(/INSERT INTO sessions/, message)), input, meta)).rejects.toThrow(message)
      expect(await count('SELECT count(*) AS n FROM profiles WHERE user_name = ?', input.userName)).toBe(0)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(0)

      const retry = await registerProfile(envWith(env.DB), input, meta)
      expect(retry.ok).toBe(true)
      if (!retry.ok) return
      const profileId = await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(input.userName).first<string>('profile_id')
      expect(await count('SELECT count(*) AS n FROM sessions WHERE profile_id = ? AND revoked_at IS NULL', profileId)).toBe(1)
      expect(retry.session.profileId).toBe(profileId)
      await env.DB.batch([
        env.DB.prepare('DELETE FROM sessions WHERE profile_id = ?').bind(profileId),
        env.DB.prepare('DELETE FROM profile_policies WHERE policy_id = ?').bind(u.policyId),
        env.DB.prepare('DELETE FROM profiles WHERE profile_id = ?').bind(profileId),
      ])
    })
  }
})
