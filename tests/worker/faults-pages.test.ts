import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { persona, seed } from './helpers'
import { registration, unlinked } from './profile-helpers'
import { count, failingOn, FaultBrowser, fieldValue, PERMANENT, RETRYABLE } from './faults-support'
import { hashResetToken, newResetToken } from '../../worker/services/identity/password-reset'
import { insertPasswordReset } from '../../worker/db/identity/password-resets'
import { MSG } from '../../shared/forms/messages'

/**
 * Issue 14 "Faults" through HTTP (decision 144): the real worker, called with a database whose named
 * write fails as D1 fails. The user gets the form again with what they typed (never a password) and a
 * clear message, not the Error page; nothing is half-written; the retry has exactly one effect.
 */

const STORE = MSG.storeUnavailable
const GENERIC = 'An unexpected error occurred.'
const KINDS = [
  ['retryable', RETRYABLE],
  ['constraint', PERMANENT],
] as const

beforeAll(seed)

async function loggedIn(tag: string): Promise<FaultBrowser> {
  const b = new FaultBrowser()
  const p = persona(tag)
  const res = await b.form('/', { userName: p.userName, password: p.password })
  expect(res.status).toBe(303)
  return b
}

const profileOf = (userName: string) =>
  env.DB.prepare('SELECT profile_id, password_hash, email_address FROM profiles WHERE user_name = ?')
    .bind(userName)
    .first<{ profile_id: string; password_hash: string; email_address: string }>()

function expectStoreFailurePage(res: Response, html: string, message: string = STORE): void {
  expect(res.status).toBe(503)
  expect(html).toContain(message)
  expect(html).not.toContain(GENERIC)
  expect(html).not.toMatch(/\bat [\w.]+ \(|D1_ERROR|SQLITE/)
}

describe('Register My Policy while the database fails', () => {
  for (const [kind, message] of KINDS) {
    it(`the profile write fails (${kind}): the form again with what was typed, no profile, and the retry registers once`, async () => {
      const u = unlinked('unregistered.homeowners')
      const body = registration(u)
      const fields = { ...body, birthDate: body.birthDate ?? '', passwordConfirm: body.password }
      const audited = () => count("SELECT count(*) AS n FROM audit_log WHERE event = 'profile.registered' AND detail = ?", u.policyId)
      const auditedBefore = await audited()
      const b = new FaultBrowser()
      b.db = failingOn(/INSERT INTO profiles/, message)
      const res = await b.form('/register-policy', fields)
      const html = await res.text()
      expectStoreFailurePage(res, html)
      expect(fieldValue(html, 'userName')).toBe(body.userName)
      expect(fieldValue(html, 'emailAddress')).toBe(body.emailAddress)
      expect(fieldValue(html, 'lastName')).toBe(body.lastName)
      expect(html).not.toContain(body.password)
      expect(await count('SELECT count(*) AS n FROM profiles WHERE user_name = ?', body.userName)).toBe(0)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(0)
      expect(await audited()).toBe(auditedBefore)

      b.db = null
      const retry = await b.form('/register-policy', fields)
      expect(retry.status).toBe(303)
      expect(retry.headers.get('Location')).toBe('/account-home')
      expect(await count('SELECT count(*) AS n FROM profiles WHERE user_name = ?', body.userName)).toBe(1)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(1)
      expect(await audited()).toBe(auditedBefore + 1)
      await env.DB.prepare('DELETE FROM profile_policies WHERE policy_id = ?').bind(u.policyId).run()
    })
  }

  it('POST /v1/profile answers 503 with the message as JSON, and writes nothing', async () => {
    const u = unlinked('unregistered.homeowners')
    const body = registration(u)
    const b = new FaultBrowser()
    b.db = failingOn(/INSERT INTO profile_policies/, RETRYABLE)
    const res = await b.json('POST', '/v1/profile', body)
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ errorMessage: STORE })
    expect(await count('SELECT count(*) AS n FROM profiles WHERE user_name = ?', body.userName)).toBe(0)
  })
})

describe('Add My Policy while the database fails', () => {
  for (const [kind, message] of KINDS) {
    it(`flagging the profile for a partner-serviced policy fails (${kind}): no link without its flag, and the retry links once`, async () => {
      const u = unlinked('unregistered.partner')
      const b = await loggedIn('direct.catalog')
      const casey = (await profileOf('casey.catalog'))!
      b.db = failingOn(/SET send_to_progressive = 1/, message)
      const fields = { policyID: u.policyId, lastName: u.lastName, birthDate: u.birthDate! }
      const res = await b.form('/add-policy', fields)
      const html = await res.text()
      expectStoreFailurePage(res, html)
      expect(fieldValue(html, 'lastName')).toBe(u.lastName)
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ?', u.policyId)).toBe(0)
      expect(await count('SELECT send_to_progressive AS n FROM profiles WHERE profile_id = ?', casey.profile_id)).toBe(0)

      b.db = null
      const retry = await b.form('/add-policy', fields)
      expect(retry.status).toBe(303)
      expect(retry.headers.get('Location')).toBe('/account-home')
      expect(await count('SELECT count(*) AS n FROM profile_policies WHERE policy_id = ? AND profile_id = ?', u.policyId, casey.profile_id)).toBe(1)
      expect(await count('SELECT send_to_progressive AS n FROM profiles WHERE profile_id = ?', casey.profile_id)).toBe(1)
      // Undo, for the other kind of failure.
      await env.DB.batch([
        env.DB.prepare('DELETE FROM profile_policies WHERE policy_id = ?').bind(u.policyId),
        env.DB.prepare('UPDATE profiles SET send_to_progressive = 0 WHERE profile_id = ?').bind(casey.profile_id),
      ])
    })
  }
})

describe('Forgot Password while the database fails', () => {
  it("the spec's 502 issue message, the address kept in the form", async () => {
    const b = new FaultBrowser()
    b.db = failingOn(/counters/, RETRYABLE)
    const res = await b.form('/forgot-password', { email: 'sam.single@example.com' })
    expect(res.status).toBe(502)
    const html = await res.text()
    expect(html).toContain('There appears to have been an issue. Please return to the Login page.')
    expect(fieldValue(html, 'email')).toBe('sam.single@example.com')
    expect(html).not.toContain(GENERIC)
  })
})

describe('Choose a New Password while the database fails', () => {
  for (const [kind, message] of KINDS) {
    it(`revoking the sessions fails (${kind}): the password and the link unchanged, the form again, and the retry resets once`, async () => {
      const sam = (await profileOf('sam.single'))!
      const token = newResetToken()
      await insertPasswordReset(env.DB, await hashResetToken(token), sam.profile_id, Date.now(), Date.now() + 30 * 60_000)
      const b = new FaultBrowser()
      expect((await b.fetch(`/reset-password?token=${token}`)).status).toBe(303)
      const password = `Fault#${kind}1`

      b.db = failingOn(/UPDATE sessions SET revoked_at/, message)
      const res = await b.form('/reset-password', { password, passwordConfirm: password })
      const html = await res.text()
      expectStoreFailurePage(res, html)
      expect(html).toContain('name="passwordConfirm"')
      expect(html).not.toContain(password)
      expect((await profileOf('sam.single'))!.password_hash).toBe(sam.password_hash)
      expect(await count('SELECT count(*) AS n FROM password_resets WHERE token_hash = ? AND used_at IS NULL', await hashResetToken(token))).toBe(1)

      b.db = null
      const completedBefore = await count("SELECT count(*) AS n FROM audit_log WHERE event = 'password.reset_completed' AND profile_id = ?", sam.profile_id)
      const retry = await b.form('/reset-password', { password, passwordConfirm: password })
      expect(retry.headers.get('Location')).toBe('/reset-password?done=1')
      expect((await profileOf('sam.single'))!.password_hash).not.toBe(sam.password_hash)
      expect(await count("SELECT count(*) AS n FROM audit_log WHERE event = 'password.reset_completed' AND profile_id = ?", sam.profile_id)).toBe(
        completedBefore + 1,
      )
      // The link is used up: the same form again changes nothing.
      const again = new FaultBrowser()
      again.cookies.set('ph_reset', token)
      expect((await again.form('/reset-password', { password: 'Other#Pass9', passwordConfirm: 'Other#Pass9' })).status).toBe(400)
    })
  }
})

describe('Your Profile while the database fails', () => {
  it("the profile write fails: the spec's failure text, the typed values kept, nothing changed", async () => {
    const b = await loggedIn('direct.edge-cases')
    const erin = (await profileOf('erin.edge'))!
    b.db = failingOn(/UPDATE profiles SET user_name/, RETRYABLE)
    const res = await b.form('/manage-profile', { intent: 'profile', userName: 'erin.renamed', emailAddress: erin.email_address })
    const html = await res.text()
    expect(html).toContain('Profile update failed. Please try again.')
    expect(html).not.toContain(GENERIC)
    expect(fieldValue(html, 'userName')).toBe('erin.renamed')
    expect(await profileOf('erin.renamed')).toBeNull()
    expect(await profileOf('erin.edge')).not.toBeNull()
  })

  it('a read before the write fails: the same text (503), not the Error page', async () => {
    const b = await loggedIn('direct.edge-cases')
    const erin = (await profileOf('erin.edge'))!
    b.db = failingOn(/FROM profiles WHERE lower\(user_name\)|WHERE user_name/i, RETRYABLE)
    const res = await b.form('/manage-profile', { intent: 'profile', userName: 'erin.other', emailAddress: erin.email_address })
    const html = await res.text()
    expectStoreFailurePage(res, html, 'Profile update failed. Please try again.')
    expect(fieldValue(html, 'userName')).toBe('erin.other')
  })

  for (const [kind, message] of KINDS) {
    it(`Update Password: revoking the sessions fails (${kind}): 'Password update failed. Please try again.', the old password and sessions still good, and the retry changes it once`, async () => {
      const b = await loggedIn('direct.multi')
      const maria = persona('direct.multi')
      const before = (await profileOf('maria.multi'))!
      b.db = failingOn(/UPDATE sessions SET revoked_at/, message)
      const change = { intent: 'password', currentPassword: maria.password, password: 'Changed#Pass1', passwordConfirm: 'Changed#Pass1' }
      const res = await b.form('/manage-profile', change)
      const html = await res.text()
      expect(html).toContain('Password update failed. Please try again.')
      expect(html).not.toContain('Changed#Pass1')
      expect(html).not.toContain(GENERIC)
      expect((await profileOf('maria.multi'))!.password_hash).toBe(before.password_hash)
      expect(await count("SELECT count(*) AS n FROM audit_log WHERE event = 'password.changed' AND profile_id = ?", before.profile_id)).toBe(0)
      b.db = null
      expect((await b.fetch('/manage-profile')).status).toBe(200)

      const retry = await b.form('/manage-profile', change)
      expect(retry.headers.get('Location')).toBe('/account-home')
      expect((await profileOf('maria.multi'))!.password_hash).not.toBe(before.password_hash)
      expect(await count("SELECT count(*) AS n FROM audit_log WHERE event = 'password.changed' AND profile_id = ?", before.profile_id)).toBe(1)
      // Back to the persona's password, for the tests that follow.
      const back = await b.form('/manage-profile', { ...change, currentPassword: 'Changed#Pass1', password: maria.password, passwordConfirm: maria.password })
      expect(back.headers.get('Location')).toBe('/account-home')
      await env.DB.prepare("DELETE FROM audit_log WHERE event = 'password.changed' AND profile_id = ?").bind(before.profile_id).run()
    })
  }
})

describe('E-Signature while the database fails', () => {
  const maria = persona('direct.multi')
  const POLICY = maria.policies.find((p) => p.tags.includes('policy.esign-new-business'))!.policyId

  const signatures = () => count('SELECT count(*) AS n FROM esign_signatures WHERE policy_id = ?', POLICY)
  const required = async () =>
    (
      JSON.parse((await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(POLICY).first<{ doc: string }>())!.doc) as {
        eSignatureRequired: boolean
      }
    ).eSignatureRequired

  async function signer(): Promise<FaultBrowser> {
    const b = await loggedIn('direct.multi')
    expect((await b.form('/account-home', { policyId: POLICY })).headers.get('Location')).toBe('/e-sign')
    return b
  }

  async function formFields(b: FaultBrowser): Promise<Record<string, string>> {
    const html = await (await b.fetch('/e-sign')).text()
    const n = (html.match(/name="initials-\d+"/g) ?? []).length
    expect(n).toBeGreaterThan(0)
    const f: Record<string, string> = {
      _once: fieldValue(html, '_once')!,
      termsVersion: 'esign-terms-2026-11',
      agreeToTerms: 'on',
      applicantSignature: 'Maria Delgado',
    }
    for (let i = 0; i < n; i++) f[`initials-${i}`] = 'MD'
    return f
  }

  it('the no-script form, the page API and a retry: the form again with what was typed, nothing signed, then exactly one signature', async () => {
    const b = await signer()
    const fields = await formFields(b)

    // 1. The form: every write of the signature is one batch; the policy update failing fails it all.
    for (const [, message] of KINDS) {
      b.db = failingOn(/UPDATE policies SET/, message)
      const res = await b.form('/e-sign', fields)
      const html = await res.text()
      expectStoreFailurePage(res, html)
      expect(html).toContain('Maria Delgado')
      expect(await signatures()).toBe(0)
      expect(await count('SELECT count(*) AS n FROM esign_statements')).toBe(0)
      expect(await count("SELECT count(*) AS n FROM audit_log WHERE event = 'esign.signed'")).toBe(0)
      expect(await required()).toBe(true)
    }

    // 2. The API with an Idempotency-Key: 503 JSON, the key given back.
    const doc = JSON.parse((await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(POLICY).first<{ doc: string }>())!.doc)
    const body = {
      policyId: POLICY,
      inceptionDate: doc.inceptionDate,
      effectiveDate: doc.effectiveDate,
      postDate: doc.postDate,
      userId: '',
      companyId: doc.companyId,
      planId: doc.planId,
      state: doc.state,
      signatures: doc.policyStatements.map((s: { statementId: number; statementText: string }) => ({ ...s, eSignature: 'MD' })),
      agreeToTerms: true,
      termsVersion: 'esign-terms-2026-11',
      applicantSignature: 'Maria Delgado',
    }
    const key = { 'Idempotency-Key': `faults-esign-${crypto.randomUUID()}`, 'X-Requested-With': 'portal' }
    b.db = failingOn(/INSERT INTO esign_signatures/, RETRYABLE)
    const failed = await b.json('POST', `/v1/homeowners/PostESignatures/${POLICY}`, body, key)
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ errorMessage: STORE })
    expect(await signatures()).toBe(0)

    // 3. The retry with the same key signs once; a repeat is the stored answer.
    b.db = null
    const signed = await b.json('POST', `/v1/homeowners/PostESignatures/${POLICY}`, body, key)
    expect(signed.status).toBe(200)
    const again = await b.json('POST', `/v1/homeowners/PostESignatures/${POLICY}`, body, key)
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await signatures()).toBe(1)
    expect(await required()).toBe(false)

    // 4. The form's token (given back by the failures) sent again: no second signature.
    const late = await b.form('/e-sign', fields)
    expect(late.status).toBe(303)
    expect(await signatures()).toBe(1)
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE event = 'esign.signed'")).toBe(1)
  })
})
