import { PDFDocument } from 'pdf-lib'
import { ESIGN_HISTORY_LINK, esignSuccessHtml } from '../../shared/esign/outcome'
import { evidencePath } from '../../worker/pages/esign/e-sign-history'
import { ESIGN_HISTORY_TEXTS } from '../../worker/pages/esign/texts'
import { describe, it, expect, beforeAll, beforeEach } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, Browser, jsonPost, ORIGIN, persona, seed, bearer } from './helpers'
import { signPolicy } from '../../worker/services/esign/esign'
import { findPolicy } from '../../worker/db/policy/policies'
import { esignSubmissionSchema } from '../../shared/esign/schemas/esign'
import { localDate } from '../../shared/clock'

/**
 * Issue 6: the e-sign API (PostESignatures, GetESignatures, GetPolicyStatements), the entry rules of
 * /e-sign, and the evidence each signature stores. The tests run in order in one storage: the read-only
 * checks first, then the signing of maria's HOM4010001, then what follows from it.
 */

beforeAll(() => seed())
// Every test starts with maria's policy asking for a signature on a transaction of its own.
beforeEach(async () => {
  await freshTransaction()
})

const maria = persona('direct.multi')
const erin = persona('direct.edge-cases')
const POLICY = maria.policies.find((p) => p.tags.includes('policy.esign-new-business'))!.policyId
const HISTORY_ONLY = maria.policies.find((p) => p.tags.includes('policy.esign-history'))!.policyId
const FLOOD = maria.policies.find((p) => p.tags.includes('policy.flood-balance'))!.policyId
const RENEWAL = erin.policies.find((p) => p.tags.includes('policy.renewal-esign'))!.policyId
const CANCELLED = erin.policies.find((p) => p.tags.includes('policy.cancelled'))!.policyId
const POST = `/v1/homeowners/PostESignatures/${POLICY}`
const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'portal' }
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) esign-test'

async function browserWith(tag: string, policyId: string): Promise<Browser> {
  const b = new Browser()
  await b.login(persona(tag))
  const res = await b.form('/account-home', { policyId })
  expect(res.status).toBe(303)
  return b
}

interface PolicyDoc {
  policyID: string
  inceptionDate: string
  effectiveDate: string
  postDate: string
  companyId: string
  planId: string
  state: string
  eSignatureRequired: boolean
  policyStatements: { statementId: number; statementText: string }[]
  eSignatures: { eSignature: string; dateSigned: string; statementText: string }[]
  email: string
  birthDate: string | null
}

async function policyDoc(policyId: string): Promise<PolicyDoc> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return JSON.parse(row!.doc) as PolicyDoc
}

function submission(p: PolicyDoc, over: Record<string, unknown> = {}) {
  return {
    policyId: p.policyID,
    inceptionDate: p.inceptionDate,
    effectiveDate: p.effectiveDate,
    postDate: p.postDate,
    userId: '',
    companyId: p.companyId,
    planId: p.planId,
    state: p.state,
    signatures: p.policyStatements.map((s) => ({ statementId: s.statementId, statementText: s.statementText, eSignature: 'MD' })),
    agreeToTerms: true,
    termsVersion: 'esign-terms-2026-11',
    applicantSignature: 'Maria Delgado',
    ...over,
  }
}

async function sha256Hex(bytes: ArrayBuffer | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  const digest = await crypto.subtle.digest('SHA-256', data)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Signatures of the policy's current transaction. */
async function signatureCount(policyId: string): Promise<number> {
  const doc = (await policyDoc(policyId)) as PolicyDoc & { originalTransType: string }
  const key = `${doc.originalTransType}|${doc.effectiveDate}|${doc.postDate}`
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM esign_signatures WHERE policy_id = ? AND transaction_key = ?')
    .bind(policyId, key)
    .first<{ n: number }>()
  return row!.n
}

function post(b: Browser, body: unknown, headers: Record<string, string> = {}) {
  return b.fetch(POST, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'User-Agent': USER_AGENT, 'CF-Connecting-IP': '203.0.113.9', ...headers },
    body: JSON.stringify(body),
  })
}

describe('entry rules of /e-sign', () => {
  it('shows the three steps for a policy that needs a signature', async () => {
    const b = await browserWith('direct.multi', POLICY)
    const res = await b.fetch('/e-sign')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>E-Signature Required - ProgHome</title>')
    expect(html).toContain('data-island="e-sign"')
    expect(html).toContain(`I agree to conduct this transaction for policy ${POLICY} electronically pursuant to the terms &amp; conditions`)
    expect(html).toContain('* marks a required field')
    expect(html).toContain('href="/e-sign/document/application"')
    expect(html).toContain('href="/e-sign/document/cea-application"')
    const doc = await policyDoc(POLICY)
    for (const s of doc.policyStatements) expect(html).toContain(`* ${s.statementText}`)
    expect(html).toContain('Applicant Signature *')
    expect(html).toContain('Sign Now')
    expect(html).toContain('Sign Later')
    // The payment box is hidden on this route.
    expect(html).not.toContain('aria-label="Payment due"')
  })

  it('sanitizes the acknowledgement HTML on the server', async () => {
    const doc = await policyDoc(POLICY)
    const tampered = { ...doc, acknowledgement: '<p onclick="x()">Ack</p><script>alert(1)</script><img src=x onerror=alert(2)>' }
    const other = { ...tampered, policyID: POLICY }
    // Render through a copy of the policy with hostile markup, then restore it.
    await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?').bind(JSON.stringify(other), POLICY).run()
    try {
      const b = await browserWith('direct.multi', POLICY)
      const html = await (await b.fetch('/e-sign')).text()
      expect(html).toContain('Ack')
      expect(html).not.toMatch(/<script>alert|onerror|onclick/)
    } finally {
      await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?').bind(JSON.stringify(doc), POLICY).run()
    }
  })

  it('goes to the e-signature history when no signature is required', async () => {
    const b = await browserWith('direct.multi', HISTORY_ONLY)
    const res = await b.fetch('/e-sign')
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/e-sign-history')
  })

  it('refuses the navigation without permission (flood, cancelled): nothing changes', async () => {
    const flood = await browserWith('direct.multi', FLOOD)
    const typed = await flood.fetch('/e-sign')
    expect(typed.status).toBe(303)
    expect(typed.headers.get('Location')).toBe('/policy-information')
    const followed = await flood.fetch('/e-sign', { headers: { Referer: `${ORIGIN}/policy-documents`, 'Sec-Fetch-Dest': 'document' } })
    expect(followed.status).toBe(204)
    expect(await followed.text()).toBe('')
    const posted = await flood.form('/e-sign', { applicantSignature: 'X' })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toBe('/policy-information')

    const cancelled = await browserWith('direct.edge-cases', CANCELLED)
    const res = await cancelled.fetch('/e-sign')
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/policy-information')
  })

  it("shows only 'Click here to review your declaration page.' for a renewal, opening the declarations", async () => {
    const b = await browserWith('direct.edge-cases', RENEWAL)
    const html = await (await b.fetch('/e-sign')).text()
    expect(html).toContain('Click here to review your declaration page.')
    expect(html).toContain('href="/e-sign/document/declarations"')
    expect(html).not.toContain('data-island="e-sign"')
    expect(html).not.toContain('Sign Now')
    const pdf = await b.fetch('/e-sign/document/declarations')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers.get('Cache-Control')).toBe('no-store')
    const bytes = await pdf.arrayBuffer()
    const stored = await env.DOCS.get(`policies/${RENEWAL}/documents/${RENEWAL}-declarations.pdf`)
    expect(await sha256Hex(bytes)).toBe(await sha256Hex(await stored!.arrayBuffer()))
    const opened = await env.DB.prepare("SELECT detail FROM audit_log WHERE event = 'esign.document.opened' AND detail LIKE ?")
      .bind(`${RENEWAL} declarations%`)
      .first<{ detail: string }>()
    expect(opened).not.toBeNull()
  })
})

describe('documents of the screen', () => {
  it('serves the loaded policy’s application and CEA application, the bytes R2 holds', async () => {
    const b = await browserWith('direct.multi', POLICY)
    for (const kind of ['application', 'cea-application']) {
      const res = await b.fetch(`/e-sign/document/${kind}`)
      expect(res.status, kind).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('application/pdf')
      expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    }
  })

  it('answers an unknown kind or a missing document with the 404 page; no session with the session-ended page', async () => {
    const b = await browserWith('direct.multi', POLICY)
    expect((await b.fetch('/e-sign/document/..%2F..%2Fsecrets')).status).toBe(404)
    expect((await b.fetch('/e-sign/document/payment-card')).status).toBe(404)
    expect((await b.fetch('/e-sign/document/declarations')).status).toBe(200)
    // Under /e-sign, so the guards own it: without a session it is the session-ended page (401).
    expect((await new Browser().fetch('/e-sign/document/application')).status).toBe(401)
    const renewal = await browserWith('direct.edge-cases', RENEWAL)
    expect((await renewal.fetch('/e-sign/document/cea-application')).status).toBe(404)
  })
})

describe('GetPolicyStatements and GetESignatures', () => {
  it('GetPolicyStatements exists on both families, each for its own policies', async () => {
    const auth = await bearer('direct.multi')
    const doc = await policyDoc(POLICY)
    const res = await api(`/v1/homeowners/GetPolicyStatements/${POLICY}`, { headers: auth })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(doc.policyStatements.map((s) => ({ ...s, eSignature: '' })))
    const flood = await api(`/v1/flood/GetPolicyStatements/${FLOOD}`, { headers: auth })
    expect(flood.status).toBe(200)
    expect(await flood.json()).toEqual([])
    expect((await api(`/v1/homeowners/GetPolicyStatements/${FLOOD}`, { headers: auth })).status).toBe(404)
  })

  it('GetESignatures is homeowners only and answers the history rows', async () => {
    const auth = await bearer('direct.multi')
    const res = await api(`/v1/homeowners/GetESignatures/${HISTORY_ONLY}`, { headers: auth })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual((await policyDoc(HISTORY_ONLY)).eSignatures)
    const none = await api(`/v1/flood/GetESignatures/${FLOOD}`, { headers: auth })
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({ errorMessage: 'NO ROUTE FOR REQUEST' })
    const flood = await api(`/v1/homeowners/GetESignatures/${FLOOD}`, { headers: auth })
    expect(flood.status).toBe(403)
  })

  it("answers another person's policy like a missing one, and needs a session", async () => {
    const auth = await bearer('direct.single')
    const theirs = await api(`/v1/homeowners/GetESignatures/${POLICY}`, { headers: auth })
    const missing = await api('/v1/homeowners/GetESignatures/HOM999999', { headers: auth })
    expect(theirs.status).toBe(404)
    expect(await theirs.text()).toBe(await missing.text())
    expect((await api(`/v1/homeowners/GetESignatures/${POLICY}`)).status).toBe(401)
    const doc = await policyDoc(POLICY)
    const posted = await jsonPost(POST, submission(doc), auth)
    expect(posted.status).toBe(404)
    expect(await signatureCount(POLICY)).toBe(0)
  })
})

describe('PostESignatures: refused input stores nothing', () => {
  type Change = (doc: PolicyDoc) => Record<string, unknown>
  const initials =
    (value: (i: number) => string): Change =>
    (doc) => ({
      signatures: doc.policyStatements.map((s, i) => ({ ...s, eSignature: value(i) })),
    })
  it.each<[string, Change, number, string | null]>([
    ['empty initials: 400', initials((i) => (i === 1 ? ' ' : 'MD')), 400, 'Initials are required'],
    ['initials over 3 characters: 400', initials(() => 'MDXX'), 400, 'The maximum length allowed is 3'],
    ['terms not agreed: 400', () => ({ agreeToTerms: false }), 400, 'Please check the box to agree to the terms and conditions before proceeding.'],
    ['no full name: 400', () => ({ applicantSignature: '   ' }), 400, 'The Applicant Signature field is required.'],
    ['a user id: 400', () => ({ userId: 'someone-else' }), 400, null],
    ['fewer statements than shown: 202', () => ({ signatures: [] }), 202, null],
  ])('%s', async (_name, change, status, message) => {
    const b = await browserWith('direct.multi', POLICY)
    const doc = await policyDoc(POLICY)
    const res = await post(b, submission(doc, change(doc)))
    expect(res.status).toBe(status)
    if (message) expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(message)
    expect(await signatureCount(POLICY)).toBe(0)
    expect((await policyDoc(POLICY)).eSignatureRequired).toBe(true)
  })

  it('answers a malformed body and a policy id that differs from the address with 400', async () => {
    const b = await browserWith('direct.multi', POLICY)
    const broken = await b.fetch(POST, { method: 'POST', headers: JSON_HEADERS, body: '{"policyId":' })
    expect(broken.status).toBe(400)
    const doc = await policyDoc(POLICY)
    const other = await post(b, submission(doc, { policyId: HISTORY_ONLY }))
    expect(other.status).toBe(400)
    expect(await signatureCount(POLICY)).toBe(0)
  })

  it('refuses a cookie call without the JSON header (CSRF)', async () => {
    const b = await browserWith('direct.multi', POLICY)
    const res = await b.fetch(POST, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(submission(await policyDoc(POLICY))),
    })
    expect(res.status).toBe(403)
  })
})

describe('PostESignatures: 202 answers, shown as an error on the system-message page', () => {
  it('202 when the statements shown differ from the policy (a stale page)', async () => {
    const b = await browserWith('direct.multi', POLICY)
    const doc = await policyDoc(POLICY)
    const stale = submission(doc, { signatures: doc.policyStatements.map((s) => ({ ...s, statementText: `${s.statementText} (old)`, eSignature: 'MD' })) })
    const res = await post(b, stale)
    expect(res.status).toBe(202)
    const text = await res.text()
    expect(text).toBe(`The documents for policy ${POLICY} have changed since the page was opened. Please review them and sign again.`)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/)
    const page = await b.fetch('/system-message')
    const html = await page.text()
    expect(html).toContain('An unexpected error has occurred.')
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${text.replace(/[.()]/g, '\\$&')}`))
    expect(await signatureCount(POLICY)).toBe(0)
  })

  it('202 for an old terms version', async () => {
    const b = await browserWith('direct.multi', POLICY)
    const res = await post(b, submission(await policyDoc(POLICY), { termsVersion: 'esign-terms-2001-01' }))
    expect(res.status).toBe(202)
  })

  it('202 for a renewal (no signature is taken on the screen)', async () => {
    const b = await browserWith('direct.edge-cases', RENEWAL)
    const doc = await policyDoc(RENEWAL)
    const res = await b.fetch(`/v1/homeowners/PostESignatures/${RENEWAL}`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(submission(doc, { applicantSignature: 'Erin Castellano' })),
    })
    expect(res.status).toBe(202)
    expect(await res.text()).toContain('renewal')
    expect(await signatureCount(RENEWAL)).toBe(0)
  })

  it('202 for a cancelled policy', async () => {
    const auth = await bearer('direct.edge-cases')
    const doc = await policyDoc(CANCELLED)
    const res = await jsonPost(`/v1/homeowners/PostESignatures/${CANCELLED}`, submission(doc), auth)
    expect(res.status).toBe(202)
    expect(await res.text()).toBe(`E-signature is not available for policy ${CANCELLED}.`)
  })

  it('202 when no signature is required', async () => {
    const auth = await bearer('direct.multi')
    const doc = await policyDoc(HISTORY_ONLY)
    const res = await jsonPost(`/v1/homeowners/PostESignatures/${HISTORY_ONLY}`, submission(doc), auth)
    expect(res.status).toBe(202)
    expect(await res.text()).toBe(`Policy ${HISTORY_ONLY} has no documents waiting for your e-signature.`)
  })
})

/**
 * Each signing test starts from its own policy transaction (a new postDate), so no test depends on
 * another's signature, and dates are read from the stored signature, never from the test's clock.
 */
let transactions = 0
async function freshTransaction(): Promise<PolicyDoc> {
  return freshTransactionFrom({ ...(await policyDoc(POLICY)), eSignatureRequired: true, eSignatures: [] })
}

async function freshTransactionFrom(base: PolicyDoc): Promise<PolicyDoc> {
  transactions += 1
  const postDate = new Date(Date.UTC(2031, 0, 1) + transactions * 86_400_000).toISOString().slice(0, 10)
  const next = { ...base, postDate }
  await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?').bind(JSON.stringify(next), POLICY).run()
  return next
}

async function transactionSignatures(doc: PolicyDoc): Promise<Record<string, any>[]> {
  const key = `${(doc as PolicyDoc & { originalTransType: string }).originalTransType}|${doc.effectiveDate}|${doc.postDate}`
  const { results } = await env.DB.prepare('SELECT * FROM esign_signatures WHERE policy_id = ? AND transaction_key = ?')
    .bind(POLICY, key)
    .all<Record<string, any>>()
  return results
}

/** Signs the fresh transaction once, as maria in the island, and answers the browser and its text. */
async function signed(): Promise<{ b: Browser; doc: PolicyDoc; message: string; sig: Record<string, any> }> {
  const doc = await freshTransaction()
  const b = await browserWith('direct.multi', POLICY)
  const res = await post(
    b,
    submission(doc, { signatures: doc.policyStatements.map((s) => ({ ...s, eSignature: ' md ' })), applicantSignature: '  Maria Delgado ' }),
  )
  expect(res.status).toBe(200)
  const [sig] = await transactionSignatures(doc)
  return { b, doc, message: await res.text(), sig: sig! }
}

/** The confirmation mails queued for a signature (dedupe key per signature). */
async function confirmationsOf(signatureId: string): Promise<{ to: string; subject: string; text: string }[]> {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key = ?")
    .bind(`esign-confirmation:${signatureId}`)
    .all<{ payload: string }>()
  return results.map((r) => JSON.parse(r.payload) as { to: string; subject: string; text: string })
}

function historyRows(doc: PolicyDoc, dateSigned: string) {
  return doc.policyStatements.map((s) => ({ eSignature: 'md', dateSigned, statementText: s.statementText }))
}

describe('PostESignatures: signing, once', () => {
  // Spec 000 section 3 "E-sign submission: policyId, inceptionDate, effectiveDate, postDate, userId (sent
  // empty), companyId, planId, state, applicantSignature, signatures (the statements list with initials)."
  it("signs with the spec's payload as given: no terms box, no terms version, statements without ids", async () => {
    const doc = await freshTransaction()
    const auth = await bearer('direct.multi')
    const body = {
      policyId: doc.policyID,
      inceptionDate: doc.inceptionDate,
      effectiveDate: doc.effectiveDate,
      postDate: doc.postDate,
      userId: '',
      companyId: doc.companyId,
      planId: doc.planId,
      state: doc.state,
      applicantSignature: 'Maria Delgado',
      signatures: doc.policyStatements.map((s) => ({ statementText: s.statementText, eSignature: 'MD' })),
    }
    const res = await jsonPost(POST, body, auth)
    expect(res.status).toBe(200)
    const [sig] = await transactionSignatures(doc)
    expect(sig).toMatchObject({ terms_version: 'esign-terms-2026-11', consent_given: 1, channel: 'api', applicant_signature: 'Maria Delgado' })
    // The statements are still matched against the policy of record, in order.
    const stale = await freshTransaction()
    const reordered = { ...body, postDate: stale.postDate, signatures: [...body.signatures].reverse() }
    expect((await jsonPost(POST, reordered, auth)).status).toBe(202)
  })

  it('an API caller whose client asks for Spanish signs in English: /v1 speaks English, and the evidence records the terms in the words it was sent', async () => {
    const doc = await freshTransaction()
    const auth = { ...(await bearer('direct.multi')), 'Accept-Language': 'es-US,es;q=0.9' }
    const res = await jsonPost(POST, submission(doc), auth)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Thank you.')
    const [sig] = await transactionSignatures(doc)
    expect(sig).toMatchObject({ channel: 'api' })
    expect(sig!.terms_text).toContain('Your right to paper copies')
    expect(sig!.consent_label).toBe(`I agree to conduct this transaction for policy ${POLICY} electronically pursuant to the terms & conditions`)
  })

  it('a double click stores one signature, writes the history once and answers both clicks with 200 and the same text', async () => {
    const doc = await freshTransaction()
    const b = await browserWith('direct.multi', POLICY)
    const body = submission(doc, { signatures: doc.policyStatements.map((s) => ({ ...s, eSignature: ' md ' })), applicantSignature: '  Maria Delgado ' })
    const [first, second] = await Promise.all([post(b, body), post(b, body)])
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    const message = await first.text()
    expect(await second.text()).toBe(message)
    expect(message).toMatch(new RegExp(`^Thank you\\. Your e-signature for policy ${POLICY} was received on \\d{2}/\\d{2}/\\d{4}\\.`))
    const sigs = await transactionSignatures(doc)
    expect(sigs).toHaveLength(1)
    expect((await policyDoc(POLICY)).eSignatures).toEqual(historyRows(doc, sigs[0]!.date_signed))
    expect(sigs[0]!.date_signed).toBe(localDate(sigs[0]!.signed_at, doc.state)) // the policyholder's date, not UTC's
    // The answer is on the system-message page as a success.
    const html = await (await b.fetch('/system-message')).text()
    expect(html).toContain('Success!')
    expect(html).toContain(esignSuccessHtml(message, '/e-sign-history'))
  })

  it('the losing request of a double click, holding the policy read before the winner stored, adds no history', async () => {
    // The interleaving of the 2026-11-23 failure, forced: the second click read the record while it
    // still asked for a signature, then found the first click's signature.
    const doc = await freshTransaction()
    const stale = (await findPolicy(env.DB, POLICY))!
    const b = await browserWith('direct.multi', POLICY)
    expect((await post(b, submission(doc))).status).toBe(200)
    const sessionId = (await transactionSignatures(doc))[0]!.session_id as string
    const ctx = {
      env: env as never,
      requestId: 'test',
      ip: '203.0.113.9',
      userAgent: USER_AGENT,
      clientSid: '',
      channel: 'api' as const,
      session: {
        id: sessionId,
        kind: 'direct' as const,
        profileId: null,
        ssoScope: [],
        systemOrigin: '',
        currentPolicyId: POLICY,
        expiresAt: Date.now() + 60_000,
        verifiedAt: Date.now(),
        lastSeenAt: Date.now(),
      },
    }
    const answer = await signPolicy(ctx, stale, esignSubmissionSchema.parse(submission(doc)))
    expect(answer.status).toBe(200)
    expect(answer.replay).toBe(true)
    expect((await policyDoc(POLICY)).eSignatures).toHaveLength(doc.policyStatements.length)
  })

  it('twenty parallel submissions from two sessions store one signature and one set of history rows', async () => {
    const doc = await freshTransaction()
    const [one, two] = await Promise.all([browserWith('direct.multi', POLICY), browserWith('direct.multi', POLICY)])
    const body = submission(doc)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? one : two, body)))
    expect(answers.map((r) => r.status).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    const sigs = await transactionSignatures(doc)
    expect(sigs).toHaveLength(1)
    const after = await policyDoc(POLICY)
    expect(after.eSignatureRequired).toBe(false)
    expect(after.eSignatures).toHaveLength(doc.policyStatements.length)
    // Issue 35: one confirmation mail for the one signature, however many submissions raced.
    expect(await confirmationsOf(sigs[0]!.signature_id)).toHaveLength(1)
  })

  it('issue 35: a signature sends its confirmation through the outbox: when, what was signed, where to see it; no typed name or initials', async () => {
    const doc = await freshTransaction()
    const b = await browserWith('direct.multi', POLICY)
    expect((await post(b, submission(doc, { applicantSignature: 'Maria Delgado' }))).status).toBe(200)
    const [sig] = await transactionSignatures(doc)
    const mails = await confirmationsOf(sig!.signature_id)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.to).toBe(doc.email)
    expect(mail.subject).toBe(`We received your e-signature for policy ${POLICY}`)
    expect(mail.text).toMatch(
      new RegExp(`^Thank you\\. We received your e-signature for ProgHome policy ${POLICY} on \\d{2}/\\d{2}/\\d{4} \\d{1,2}:\\d{2} [AP]M [A-Z]{3,4}\\.`),
    )
    expect(mail.text).toContain('What you signed:\n- ')
    expect(mail.text).toMatch(/https?:\/\/\S+\/e-sign-history/)
    expect(mail.text).toContain('If you did not sign this, call us at (800) 555-0134.')
    expect(mail.text).not.toContain('Maria Delgado')
  })

  it('clears eSignatureRequired and puts the new rows first in the history', async () => {
    // A history that already holds a row: the new rows come first.
    const earlier = { eSignature: 'OLD', dateSigned: '2020-01-01', statementText: 'An older row' }
    const doc = await freshTransactionFrom({ ...(await policyDoc(POLICY)), eSignatures: [earlier] })
    const b = await browserWith('direct.multi', POLICY)
    const res = await post(b, submission(doc, { signatures: doc.policyStatements.map((s) => ({ ...s, eSignature: ' md ' })) }))
    expect(res.status).toBe(200)
    const [sig] = await transactionSignatures(doc)
    const after = await policyDoc(POLICY)
    expect(after.eSignatureRequired).toBe(false)
    expect(after.eSignatures).toEqual([...historyRows(doc, sig!.date_signed), earlier])
    const auth = await bearer('direct.multi')
    const history = await api(`/v1/homeowners/GetESignatures/${POLICY}`, { headers: auth })
    expect(await history.json()).toEqual(after.eSignatures)
  })

  it('stores the evidence: signer, typed name, initials, exact texts, document hashes of the R2 bytes, consent, time, IP, agent', async () => {
    const { doc, sig } = await signed()
    const profile = await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(maria.userName).first<{ profile_id: string }>()
    expect(sig.profile_id).toBe(profile!.profile_id)
    expect(sig.session_kind).toBe('direct')
    const session = await env.DB.prepare('SELECT session_id FROM sessions WHERE session_id = ?').bind(sig.session_id).first()
    expect(session).not.toBeNull()
    const signer = JSON.parse(sig.signer_json)
    expect(signer.profile).toMatchObject({ profile_id: profile!.profile_id, user_name: maria.userName })
    expect(signer.session).toMatchObject({ session_id: sig.session_id, kind: 'direct' })
    expect(sig.channel).toBe('island')
    expect(sig.applicant_signature).toBe('Maria Delgado')
    expect(sig.consent_given).toBe(1)
    expect(sig.consent_label).toBe(`I agree to conduct this transaction for policy ${POLICY} electronically pursuant to the terms & conditions`)
    expect(sig.ip).toBe('203.0.113.9')
    expect(sig.user_agent).toBe(USER_AGENT)
    expect(new Date(sig.signed_at_iso).getTime()).toBe(sig.signed_at)

    // The ESIGN disclosures as shown, and the California summary for this CA policy.
    const terms: string = sig.terms_text
    expect(sig.terms_version).toBe('esign-terms-2026-11')
    expect(terms).toContain('Your right to paper copies')
    expect(terms).toContain('How to withdraw your consent')
    expect(terms).toContain('Hardware and software you need')
    expect(terms).toContain('Adobe Acrobat Reader 4.0 or greater')
    expect(terms).toContain('withdrawing your consent or failing to sign electronically removes that discount')
    expect(terms).toContain((env as unknown as { SUPPORT_PHONE: string }).SUPPORT_PHONE)
    expect(JSON.parse(sig.terms_sections)).toEqual(['consent', 'paper-copies', 'withdrawal', 'discount', 'hardware-software', 'contact-details', 'california'])
    expect(sig.terms_sha256).toBe(await sha256Hex(terms))
    expect(sig.acknowledgement_html).toContain("Applicant's acknowledgement.")
    expect(sig.acknowledgement_sha256).toBe(await sha256Hex(sig.acknowledgement_html))

    // Each statement's exact text, its hash and the initials (trimmed, as typed).
    const { results: statements } = await env.DB.prepare('SELECT * FROM esign_statements WHERE signature_id = ? ORDER BY position')
      .bind(sig.signature_id)
      .all<Record<string, any>>()
    expect(statements.map((s) => s.statement_text)).toEqual(doc.policyStatements.map((s) => s.statementText))
    expect(statements.map((s) => s.initials)).toEqual(doc.policyStatements.map(() => 'md'))
    for (const s of statements) expect(s.text_sha256).toBe(await sha256Hex(s.statement_text))

    // Each document presented: the SHA-256 of the bytes R2 holds.
    const { results: documents } = await env.DB.prepare('SELECT * FROM esign_documents WHERE signature_id = ? ORDER BY position')
      .bind(sig.signature_id)
      .all<Record<string, any>>()
    expect(documents.map((d) => d.kind)).toEqual(['application', 'cea-application'])
    for (const d of documents) {
      const obj = await env.DOCS.get(d.r2_key)
      const bytes = await obj!.arrayBuffer()
      expect(d.sha256).toBe(await sha256Hex(bytes))
      expect(d.size).toBe(bytes.byteLength)
      expect(d.r2_etag).toBe(obj!.etag)
    }

    // The canonical record and its hash; no date of birth, no token anywhere in it.
    expect(sig.evidence_sha256).toBe(await sha256Hex(sig.evidence_json))
    const evidence = JSON.parse(sig.evidence_json)
    expect(evidence.documents.map((d: { sha256: string }) => d.sha256)).toEqual(documents.map((d) => d.sha256))
    expect(evidence.consent.termsText).toBe(terms)
    expect(JSON.parse(sig.submission_json).userId).toBe('')
    const whole = JSON.stringify(sig)
    expect(whole).not.toContain(doc.birthDate!)
    expect(whole).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./)
    expect(whole).not.toMatch(/password|accountToken/i)
  })

  it('answers the same session again with the same 200, and stores nothing more', async () => {
    const { b, message } = await signed()
    const doc = await policyDoc(POLICY)
    const replay = await post(b, submission(doc))
    expect(replay.status).toBe(200)
    expect(await replay.text()).toBe(message)
    expect(await transactionSignatures(doc)).toHaveLength(1)
    expect((await policyDoc(POLICY)).eSignatures).toEqual(doc.eSignatures)
  })

  it('tells another session it was already signed (202), and stores nothing more', async () => {
    await signed()
    const b = await browserWith('direct.multi', POLICY)
    const doc = await policyDoc(POLICY)
    const again = await post(b, submission(doc))
    expect(again.status).toBe(202)
    expect(await again.text()).toMatch(new RegExp(`^The application for policy ${POLICY} was already signed electronically on \\d{2}/\\d{2}/\\d{4}\\.$`))
    expect(await transactionSignatures(doc)).toHaveLength(1)
    expect((await policyDoc(POLICY)).eSignatures).toEqual(doc.eSignatures)
  })

  it('re-applies a stored signature to a policy record that asks again for the same documents, without duplicating history', async () => {
    await signed()
    const doc = await policyDoc(POLICY)
    const restored = { ...doc, eSignatureRequired: true, eSignatures: [] }
    await env.DB.prepare('UPDATE policies SET doc = ? WHERE policy_id = ?').bind(JSON.stringify(restored), POLICY).run()
    const b = await browserWith('direct.multi', POLICY)
    // Two sessions re-apply at once: the rows are added once.
    const [res] = await Promise.all([post(b, submission(restored)), post(b, submission(restored))])
    expect(res!.status).toBe(202)
    const after = await policyDoc(POLICY)
    expect(after.eSignatureRequired).toBe(false)
    expect(after.eSignatures).toEqual(doc.eSignatures)
    expect(await transactionSignatures(doc)).toHaveLength(1)
  })

  it('sends /e-sign to the history once signed', async () => {
    await signed()
    const b = await browserWith('direct.multi', POLICY)
    const res = await b.fetch('/e-sign')
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/e-sign-history')
  })

  it('keeps the evidence append-only', async () => {
    const { doc } = await signed()
    await expect(env.DB.prepare("UPDATE esign_signatures SET applicant_signature = 'Someone Else'").run()).rejects.toThrow(/append-only/)
    await expect(env.DB.prepare('DELETE FROM esign_statements').run()).rejects.toThrow(/append-only/)
    await expect(env.DB.prepare('DELETE FROM esign_documents').run()).rejects.toThrow(/append-only/)
    expect(await transactionSignatures(doc)).toHaveLength(1)
  })
})

describe('the evidence of an e-signature, to keep (issue 21 item 13)', () => {
  it('E-Signatures lists the signature made here with its evidence PDF; another policy or signature is a 404', async () => {
    const { b, sig } = await signed()
    const page = await (await b.fetch('/e-sign-history')).text()
    expect(page).toContain(ESIGN_HISTORY_TEXTS.en.signedHere)
    const href = evidencePath(POLICY, sig.signature_id)
    expect(page).toContain(`href="${href}"`)
    const res = await b.fetch(href)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="e-signature-/)
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))
    expect(pdf.getTitle()).toBe(`E-signature evidence, policy ${POLICY}`)
    expect((await b.fetch(evidencePath(POLICY, 'not-a-signature'))).status).toBe(404)
    const other = await browserWith('direct.single', 'HOM4020001')
    expect((await other.fetch(href)).status).toBe(404)
  })
})

describe('the success message of a signature (issue 21 item 9)', () => {
  it('links to the E-Signatures page, and following the link from the message is allowed', async () => {
    const { b } = await signed()
    const page = await (await b.fetch('/system-message')).text()
    // The spec's words, 'the E-Signatures page', are the link; nothing is added to the text.
    expect(page).toContain('You can see it on the <a href="/e-sign-history">E-Signatures page</a>.')
    expect(page).not.toContain(ESIGN_HISTORY_LINK)
    const res = await b.fetch('/e-sign-history', { headers: { Referer: `${ORIGIN}/system-message`, 'Sec-Fetch-Dest': 'document' } })
    expect(res.status).toBe(200)
  })
})
