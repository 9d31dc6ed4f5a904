import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import type { AppEnv } from '../../worker/types'
import type { Env } from '../../worker/env'
import { api, ORIGIN, persona, seed } from './helpers'
import { loginToken, mailTo, ProfileBrowser } from './profile-helpers'
import { apiSettled } from './sso-support'
import { createIdempotency, KEY_INVALID_MESSAGE, type IdempotencyOptions } from '../../worker/middleware/idempotency'
import { KEY_REUSED_MESSAGE } from '../../shared/api/problem'
import { ANSWER_TTL_MS, LOCK_MS } from '../../worker/services/idempotency/answers'
import { consumeFormToken, issueFormToken, FORM_TOKEN_INVALID_MESSAGE } from '../../worker/services/idempotency/form-tokens'

/**
 * Issue 9 section 5: one idempotency. Through the real /v1 routes (forgot password, nickname, login,
 * e-sign) and the e-sign no-JS form; and through a small app mounting the same middleware with an
 * injected clock, for what the real routes cannot show on demand (multipart bodies, 5xx answers, expiry,
 * a request that died, a duplicate arriving while the first still runs).
 */

beforeAll(() => seed())

const SENT =
  'If the information entered matches a valid account, an email with instructions to reset the password will be sent to the email address associated with this account.'
const key = () => `key-${crypto.randomUUID()}`

/** JSON to /v1 with an Idempotency-Key (and a bearer token when given). */
function callWithKey(method: string, path: string, body: unknown, token: string | undefined, idempotencyKey: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: ORIGIN, 'Idempotency-Key': idempotencyKey }
  if (token) headers.Authorization = `Bearer ${token}`
  return api(path, { method, headers, body: JSON.stringify(body) })
}

/** Forgot password: each accepted call queues a reset mail, an effect the test can count. */
function fetchForgot(email: string, headers: Record<string, string>): Promise<Response> {
  return apiSettled('/v1/profile/password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: JSON.stringify({ Email: email }),
  })
}

async function resetMails(email: string): Promise<number> {
  return (await mailTo(email)).filter((m) => m.kind === 'password-reset').length
}

describe('Idempotency-Key on /v1', () => {
  it('a repeat gets the stored answer, marked replayed, and the effect happens once', async () => {
    const { email } = persona('direct.single')
    const k = key()
    const before = await resetMails(email)
    const first = await fetchForgot(email, { 'Idempotency-Key': k })
    const again = await fetchForgot(email, { 'Idempotency-Key': k })
    expect(first.status).toBe(200)
    expect(first.headers.get('Idempotent-Replayed')).toBeNull()
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'))
    expect(await again.json()).toEqual(await first.json())
    expect(await resetMails(email)).toBe(before + 1)
    // Without the key, the same call is a new request each time.
    await fetchForgot(email, {})
    expect(await resetMails(email)).toBe(before + 2)
  })

  it('the same key with another body is a 422 with a clear message, and changes nothing', async () => {
    const k = key()
    const { email } = persona('direct.partner')
    expect((await fetchForgot(email, { 'Idempotency-Key': k })).status).toBe(200)
    const before = await resetMails('someone.else@example.com')
    const other = await fetchForgot('someone.else@example.com', { 'Idempotency-Key': k })
    expect(other.status).toBe(422)
    expect(await other.json()).toMatchObject({ errorMessage: KEY_REUSED_MESSAGE })
    expect(await resetMails('someone.else@example.com')).toBe(before)
  })

  it('refuses a key that is empty, too long or not visible ASCII (400)', async () => {
    for (const bad of ['', 'x'.repeat(201), 'two words']) {
      const res = await fetchForgot('nobody@example.com', { 'Idempotency-Key': bad })
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(await res.json()).toMatchObject({ errorMessage: KEY_INVALID_MESSAGE })
    }
    expect((await fetchForgot('nobody@example.com', { 'Idempotency-Key': 'x'.repeat(200) })).status).toBe(200)
  })

  it('keys are per principal: two users with the same key never meet', async () => {
    const k = key()
    const sam = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const maria = await loginToken(persona('direct.multi').userName, persona('direct.multi').password)
    const rename = (who: typeof sam, policyId: string, Nickname: string) =>
      callWithKey('PUT', '/v1/profile/policy', { ProfileId: who.profile.profileId, PolicyID: policyId, Nickname }, who.accountToken, k)
    const a = await rename(sam, 'HOM4020001', 'Sam home')
    const b = await rename(maria, 'HOM4010001', 'Maria home')
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(b.headers.get('Idempotent-Replayed')).toBeNull()
    expect(((await b.json()) as { policies: unknown[] }).policies).toContainEqual(
      expect.objectContaining({ policyId: 'HOM4010001', policyNickname: 'Maria home' }),
    )
  })

  it('20 parallel duplicates make one effect; every answer is the same or a 409 to retry, and a retry gets the same', async () => {
    const { email } = persona('direct.catalog')
    const k = key()
    const before = await resetMails(email)
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetchForgot(email, { 'Idempotency-Key': k })))
    expect(await resetMails(email)).toBe(before + 1)
    for (const res of answers) {
      if (res.status === 409) {
        expect(res.headers.get('Retry-After')).toBe('1')
      } else {
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ message: SENT })
      }
    }
    const retry = await fetchForgot(email, { 'Idempotency-Key': k })
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await retry.json()).toEqual({ message: SENT })
    expect(await resetMails(email)).toBe(before + 1)
  })

  it('stores answers sealed: a replayed login gives the same token, which the database does not hold in clear', async () => {
    const p = persona('direct.edge-cases')
    const k = key()
    const login = () => callWithKey('POST', '/v1/profile/login', { userName: p.userName, password: p.password }, undefined, k)
    const first = (await (await login()).json()) as { accountToken: string }
    const replay = await login()
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(((await replay.json()) as { accountToken: string }).accountToken).toBe(first.accountToken)
    const { results } = await env.DB.prepare('SELECT * FROM idempotency_keys').all()
    const stored = JSON.stringify(results)
    expect(stored).not.toContain(first.accountToken)
    expect(stored).not.toContain(first.accountToken.split('.')[1]!)
    expect(stored).not.toContain(k)
    expect(stored).not.toMatch(/accountToken|password/i)
  })
})

// ---------------------------------------------------------------- e-sign

const maria = persona('direct.multi')
const POLICY = maria.policies.find((p) => p.tags.includes('policy.esign-new-business'))!.policyId
const POST = `/v1/homeowners/PostESignatures/${POLICY}`

interface PolicyDoc {
  policyID: string
  inceptionDate: string
  effectiveDate: string
  postDate: string
  originalTransType: string
  companyId: string
  planId: string
  state: string
  policyStatements: { statementId: number; statementText: string }[]
}

async function policyDoc(): Promise<PolicyDoc> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(POLICY).first<{ doc: string }>()
  return JSON.parse(row!.doc) as PolicyDoc
}

/** Each e-sign test signs a policy transaction of its own (a new postDate): no test sees another's signature. */
let transactions = 0
async function freshTransaction(): Promise<PolicyDoc> {
  transactions += 1
  const doc = await policyDoc()
  const postDate = new Date(Date.UTC(2035, 0, 1) + transactions * 86_400_000).toISOString().slice(0, 10)
  const next = { ...doc, postDate, eSignatureRequired: true, eSignatures: [] }
  await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?').bind(JSON.stringify(next), POLICY).run()
  return next
}

async function signatures(doc: PolicyDoc): Promise<number> {
  const tx = `${doc.originalTransType}|${doc.effectiveDate}|${doc.postDate}`
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM esign_signatures WHERE policy_id = ? AND transaction_key = ?')
    .bind(POLICY, tx)
    .first<{ n: number }>())!.n
}

function submission(doc: PolicyDoc) {
  return {
    policyId: doc.policyID,
    inceptionDate: doc.inceptionDate,
    effectiveDate: doc.effectiveDate,
    postDate: doc.postDate,
    userId: '',
    companyId: doc.companyId,
    planId: doc.planId,
    state: doc.state,
    signatures: doc.policyStatements.map((s) => ({ statementId: s.statementId, statementText: s.statementText, eSignature: 'MD' })),
    agreeToTerms: true,
    termsVersion: 'esign-terms-2026-11',
    applicantSignature: 'Maria Delgado',
  }
}

async function signer(): Promise<ProfileBrowser> {
  const b = new ProfileBrowser()
  await b.login(maria)
  expect((await b.form('/account-home', { policyId: POLICY })).headers.get('Location')).toBe('/e-sign')
  return b
}

describe('e-sign on the shared idempotency', () => {
  it('20 parallel posts with one key store one signature; every answer is the same text or a 409, then the same text', async () => {
    const doc = await freshTransaction()
    const b = await signer()
    const k = key()
    const post = () =>
      b.fetch(POST, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'portal', 'Idempotency-Key': k },
        body: JSON.stringify(submission(doc)),
      })
    const answers = await Promise.all(Array.from({ length: 20 }, post))
    expect(await signatures(doc)).toBe(1)
    const texts = new Set<string>()
    let replayed = 0
    for (const res of answers) {
      if (res.status === 409) {
        expect(res.headers.get('Retry-After')).toBe('1')
        continue
      }
      expect(res.status).toBe(200)
      texts.add(await res.text())
      if (res.headers.get('Idempotent-Replayed') === 'true') replayed += 1
    }
    expect(texts.size).toBe(1)
    const [message] = [...texts]
    expect(message).toMatch(new RegExp(`^Thank you\\. Your e-signature for policy ${POLICY} was received on`))
    expect(answers.filter((r) => r.status === 200 && r.headers.get('Idempotent-Replayed') === null)).toHaveLength(1)
    expect(replayed + answers.filter((r) => r.status === 409).length).toBe(19)

    // A retry gets the same answer, and the flash cookie again: the system-message page shows it.
    const retry = await post()
    expect(retry.status).toBe(200)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await retry.text()).toBe(message)
    const page = await (await b.fetch('/system-message')).text()
    expect(page).toContain('Success!')
    // The text as the page shows it: the spec's words, 'the E-Signatures page' a link (issue 21 item 9).
    expect(page.replace(/<[^>]+>/g, '')).toContain(message!)
    expect(await signatures(doc)).toBe(1)
  })

  it('answers a body that is not JSON with 400 Malformed request. through the validator', async () => {
    await freshTransaction()
    const b = await signer()
    const res = await b.fetch(POST, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'portal', 'Idempotency-Key': key() },
      body: '{"policyId":',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ errorMessage: 'Malformed request.' })
  })

  it('the no-JS form carries a one-time token: a second post answers what the first did and signs nothing more', async () => {
    const doc = await freshTransaction()
    const b = await signer()
    const html = await (await b.fetch('/e-sign')).text()
    const token = /<input type="hidden" name="_once" value="([^"]+)"/.exec(html)?.[1]
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    const fields: Record<string, string> = { _once: token!, termsVersion: 'esign-terms-2026-11', agreeToTerms: 'on', applicantSignature: 'Maria Delgado' }
    for (const i of doc.policyStatements.keys()) fields[`initials-${i}`] = 'MD'

    const [first, second] = await Promise.all([b.form('/e-sign', fields), b.form('/e-sign', fields)])
    for (const res of [first, second]) {
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe('/system-message')
    }
    // Posted again later (Back, then submit): the same redirect, not the history page.
    const later = await b.form('/e-sign', fields)
    expect(later.status).toBe(303)
    expect(later.headers.get('Location')).toBe('/system-message')
    expect(later.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await (await b.fetch('/system-message')).text()).toContain('Success!')
    expect(await signatures(doc)).toBe(1)
  })

  it("refuses another session's token, and gives the token back when the form is refused", async () => {
    const doc = await freshTransaction()
    const mine = await signer()
    const other = await signer()
    const token = /name="_once" value="([^"]+)"/.exec(await (await other.fetch('/e-sign')).text())![1]!
    const fields: Record<string, string> = { termsVersion: 'esign-terms-2026-11', agreeToTerms: 'on', applicantSignature: 'Maria Delgado' }
    for (const i of doc.policyStatements.keys()) fields[`initials-${i}`] = 'MD'
    const stolen = await mine.form('/e-sign', { ...fields, _once: token })
    expect(stolen.status).toBe(400)
    expect(await stolen.text()).toBe(FORM_TOKEN_INVALID_MESSAGE)
    expect(await signatures(doc)).toBe(0)

    const refused = await other.form('/e-sign', { ...fields, applicantSignature: ' ', _once: token })
    expect(refused.status).toBe(400)
    const fixed = await other.form('/e-sign', { ...fields, _once: token })
    expect(fixed.status).toBe(303)
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await signatures(doc)).toBe(1)
  })
})

// ---------------------------------------------------------------- the middleware on its own

/**
 * The middleware in front of handlers whose effects are counted (in D1, like the real ones), with a
 * clock the test moves. POST /slow waits for `gate`; with `X-Stall: forever` (a header, so not part of
 * the request hash) it signals `entered` and never finishes, like a request whose worker died.
 */
function testApp(opts: IdempotencyOptions & { gate?: Promise<void>; entered?: () => void } = {}) {
  const app = new Hono<AppEnv>()
  const effects = `test-effects-${crypto.randomUUID()}`
  const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE event = ?').bind(effects).first<{ n: number }>())!.n
  const effect = (detail: string) =>
    env.DB.prepare("INSERT INTO audit_log (at, request_id, event, detail) VALUES (0, 'test', ?, ?)").bind(effects, detail).run()
  let failuresLeft = 1
  app.use('*', async (c, next) => {
    c.set('session', null)
    c.set('sid', 'test-sid-0001')
    await next()
  })
  app.use('*', createIdempotency(opts))
  app.post('/upload', async (c) => {
    const form = await c.req.formData()
    const file = form.get('file') as unknown as File
    const bytes = new Uint8Array(await file.arrayBuffer())
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
    await effect(digest)
    return c.json({ name: file.name, size: bytes.byteLength, sha256: digest, note: form.get('note') }, 201)
  })
  // What the handler finds: a body nobody read yet (the middleware hashes it on its way here), then its bytes.
  app.post('/peek', async (c) => {
    const untouched = !c.req.raw.bodyUsed && Object.keys(c.req.bodyCache).length === 0
    const text = await c.req.text()
    if (text.startsWith('invalid')) return c.json({ errorMessage: 'invalid' }, 400)
    await effect('peek')
    return c.json({ untouched, text })
  })
  app.post('/flaky', async (c) => {
    await effect('flaky')
    if (failuresLeft-- > 0) return c.json({ errorMessage: 'down' }, 503)
    return c.json({ ok: true })
  })
  app.post('/slow', async (c) => {
    if (c.req.header('X-Stall') === 'forever') {
      opts.entered?.()
      await new Promise<never>(() => {})
    }
    opts.entered?.()
    await opts.gate
    await effect('slow')
    return c.json({ ok: true })
  })
  app.post('/form', (c) =>
    consumeFormToken(c, 'test-form', async () => {
      await effect('form')
      return c.redirect('/done', 303)
    }),
  )
  app.get('/form', async (c) => c.text(await issueFormToken(c, 'test-form')))
  const send = (path: string, init: RequestInit) => app.request(`https://portal.test${path}`, init, env as unknown as Env)
  return { send, count }
}

function bigFile(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096 + seed) % 251
  return bytes
}

/** A multipart body as the bytes a client sends, and sends again unchanged when it retries. */
async function multipart(file: Uint8Array<ArrayBuffer>, note: string): Promise<{ body: ArrayBuffer; contentType: string }> {
  const form = new FormData()
  form.append('note', note)
  form.append('file', new File([file], 'photo.jpg', { type: 'image/jpeg' }))
  const req = new Request('https://portal.test/', { method: 'POST', body: form })
  return { body: await req.arrayBuffer(), contentType: req.headers.get('Content-Type')! }
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the middleware', () => {
  it('hashes a 10 MB multipart body as raw bytes, and the handler still reads the files', async () => {
    const { send, count } = testApp()
    const k = key()
    const file = bigFile(10 * 1024 * 1024, 1)
    const upload = async (m: { body: ArrayBuffer; contentType: string }) =>
      send('/upload', { method: 'POST', headers: { 'Idempotency-Key': k, 'Content-Type': m.contentType }, body: m.body })
    const body = await multipart(file, 'kitchen')
    const first = await upload(body)
    expect(first.status).toBe(201)
    const answer = (await first.json()) as { size: number; note: string }
    expect(answer).toMatchObject({ name: 'photo.jpg', size: file.byteLength, note: 'kitchen' })

    const again = await upload(body)
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(answer)
    // Other bytes in the file: another request.
    const changed = await upload(await multipart(bigFile(10 * 1024 * 1024, 2), 'kitchen'))
    expect(changed.status).toBe(422)
    expect(await count()).toBe(1)
  })

  it('hashes the body as it streams to the handler: the handler finds it unread, a repeat replays, another body is a 422', async () => {
    const { send, count } = testApp()
    const k = key()
    const post = (body: string) => send('/peek', { method: 'POST', headers: { 'Idempotency-Key': k, 'Content-Type': 'text/plain' }, body })
    const first = await post('hello')
    expect(await first.json()).toEqual({ untouched: true, text: 'hello' })
    const again = await post('hello')
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await post('other')).status).toBe(422)
    expect(await count()).toBe(1)
  })

  it('does not keep a refusal (issue 20, item 9): the corrected request under the same key runs', async () => {
    const { send, count } = testApp()
    const k = key()
    const post = (body: string) => send('/peek', { method: 'POST', headers: { 'Idempotency-Key': k, 'Content-Type': 'text/plain' }, body })
    expect((await post('invalid body')).status).toBe(400)
    const corrected = await post('corrected')
    expect(corrected.status).toBe(200)
    expect(corrected.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await count()).toBe(1)
  })

  it('does not keep a 5xx answer: the retry with the same key runs again', async () => {
    const { send, count } = testApp()
    const k = key()
    const post = () => send('/flaky', { method: 'POST', headers: { 'Idempotency-Key': k, 'Content-Type': 'application/json' }, body: '{}' })
    expect((await post()).status).toBe(503)
    const ok = await post()
    expect(ok.status).toBe(200)
    expect(ok.headers.get('Idempotent-Replayed')).toBeNull()
    expect((await post()).headers.get('Idempotent-Replayed')).toBe('true')
    expect(await count()).toBe(2)
  })

  it('keeps answers 24 hours', async () => {
    let now = Date.parse('2031-05-01T08:00:00Z')
    const { send, count } = testApp({ now: () => now })
    const k = key()
    const post = () => send('/slow', { method: 'POST', headers: { 'Idempotency-Key': k } })
    await post()
    now += ANSWER_TTL_MS - 1
    expect((await post()).headers.get('Idempotent-Replayed')).toBe('true')
    expect(await count()).toBe(1)
    now += 1
    expect((await post()).headers.get('Idempotent-Replayed')).toBeNull()
    expect(await count()).toBe(2)
  })

  it('a duplicate arriving while the first runs gets 409 with Retry-After: 1 once its wait is over, then the answer', async () => {
    const gate = deferred()
    const entered = deferred()
    const { send, count } = testApp({ gate: gate.promise, entered: entered.resolve, waitMs: 0 })
    const k = key()
    const post = () => send('/slow', { method: 'POST', headers: { 'Idempotency-Key': k } })
    const first = post()
    await entered.promise // the first request holds the claim
    const busy = await post()
    expect(busy.status).toBe(409)
    expect(busy.headers.get('Retry-After')).toBe('1')
    gate.resolve()
    expect((await first).status).toBe(200)
    const after = await post()
    expect(after.status).toBe(200)
    expect(after.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await count()).toBe(1)
  })

  it('takes over the claim of a request that died, once its lock is over', async () => {
    let now = Date.parse('2031-05-02T08:00:00Z')
    const entered = deferred()
    const { send, count } = testApp({ now: () => now, entered: entered.resolve, waitMs: 0 })
    const k = key()
    const post = (headers: Record<string, string> = {}) => send('/slow', { method: 'POST', headers: { 'Idempotency-Key': k, ...headers } })
    void post({ 'X-Stall': 'forever' })
    await entered.promise
    now += LOCK_MS - 1
    expect((await post()).status).toBe(409)
    now += 1
    const taken = await post()
    expect(taken.status).toBe(200)
    expect(taken.headers.get('Idempotent-Replayed')).toBeNull()
    expect((await post()).headers.get('Idempotent-Replayed')).toBe('true')
    expect(await count()).toBe(1)
  })

  it('a form token: its first use runs, a repeat replays, a forged one is a 400', async () => {
    const { send, count } = testApp()
    const token = await (await send('/form', { method: 'GET' })).text()
    const post = (t: string, value: string) => send('/form', { method: 'POST', body: new URLSearchParams({ _once: t, any: value }) })
    const first = await post(token, 'one')
    // A second click, even with other values, answers what the first did.
    const second = await post(token, 'two')
    expect([first.status, first.headers.get('Location')]).toEqual([303, '/done'])
    expect([second.status, second.headers.get('Location'), second.headers.get('Idempotent-Replayed')]).toEqual([303, '/done', 'true'])
    expect(await count()).toBe(1)
    const forged = await post(`${token.split('.')[0]}.AAAA`, 'one')
    expect(forged.status).toBe(400)
    expect(await forged.text()).toBe(FORM_TOKEN_INVALID_MESSAGE)
    expect(await count()).toBe(1)
  })
})
