import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, persona, seed } from './helpers'
import { oneClearStatement } from './servicing-helpers'

/**
 * Issue 6, the no-script path: the server-rendered form on /e-sign posts to /e-sign and is validated
 * by the same schema as the island and the API. Refused forms come back with the spec's messages and
 * the first field in error focused; an accepted form signs and shows the answer on the system-message
 * page. Also: a document missing from R2 is a 202 with the spec's document message, nothing stored.
 */

beforeAll(() => seed())

const maria = persona('direct.multi')
const POLICY = maria.policies.find((p) => p.tags.includes('policy.esign-new-business'))!.policyId
const INITIALS = 'Initials are required'
const TERMS = 'Please check the box to agree to the terms and conditions before proceeding.'
const NAME = 'The Applicant Signature field is required.'
const TERMS_VERSION = 'esign-terms-2026-11'

async function signer(): Promise<Browser> {
  const b = new Browser()
  await b.login(maria)
  const res = await b.form('/account-home', { policyId: POLICY })
  expect(res.headers.get('Location')).toBe('/e-sign')
  return b
}

async function statementCount(): Promise<number> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(POLICY).first<{ doc: string }>()
  return (JSON.parse(row!.doc) as { policyStatements: unknown[] }).policyStatements.length
}

async function signatures(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM esign_signatures').first<{ n: number }>())!.n
}

function count(html: string, text: string): number {
  return html.split(text).length - 1
}

function fields(n: number, over: Record<string, string> = {}): Record<string, string> {
  const f: Record<string, string> = { termsVersion: TERMS_VERSION, agreeToTerms: 'on', applicantSignature: 'Maria Delgado' }
  for (let i = 0; i < n; i++) f[`initials-${i}`] = 'MD'
  return { ...f, ...over }
}

describe('the no-script form on /e-sign', () => {
  it('shows every message on an empty post and focuses the first initials box', async () => {
    const b = await signer()
    const res = await b.form('/e-sign', { termsVersion: TERMS_VERSION })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(count(html, `>${INITIALS}<`)).toBe(await statementCount())
    expect(html).toContain(`>${TERMS}<`)
    expect(html).toContain(`>${NAME}<`)
    expect(html).toMatch(/<input[^>]*id="esign-initials-0"[^>]*autofocus/)
    expect(count(html, 'autofocus')).toBe(1)
    expect(await signatures()).toBe(0)
  })

  it('moves the focus to the first field still in error and keeps what was typed', async () => {
    const b = await signer()
    const n = await statementCount()
    const noTerms = await b.form('/e-sign', fields(n, { agreeToTerms: '' }))
    const html = await noTerms.text()
    expect(noTerms.status).toBe(400)
    expect(html).not.toContain(`>${INITIALS}<`)
    expect(html).toContain(`>${TERMS}<`)
    expect(html).toMatch(/<input[^>]*id="esign-agree"[^>]*autofocus/)
    expect(html).toMatch(/<input[^>]*id="esign-signature"[^>]*value="Maria Delgado"/)

    const noName = await b.form('/e-sign', fields(n, { applicantSignature: '  ' }))
    const html2 = await noName.text()
    expect(html2).toContain(`>${NAME}<`)
    expect(html2).toMatch(/<input[^>]*id="esign-signature"[^>]*autofocus/)
    expect(html2).toMatch(/<input[^>]*id="esign-agree"[^>]*checked/)
    expect(await signatures()).toBe(0)
  })

  it('refuses a form from another site', async () => {
    const b = await signer()
    const res = await b.form('/e-sign', fields(await statementCount()), { Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(await signatures()).toBe(0)
  })

  it("answers 202 with the spec's document message when a document is missing from R2, storing nothing", async () => {
    const b = await signer()
    const key = `policies/${POLICY}/documents/${POLICY}-cea-application.pdf`
    const saved = await env.DOCS.get(key)
    const bytes = await saved!.arrayBuffer()
    await env.DOCS.delete(key)
    try {
      const res = await b.form('/e-sign', fields(await statementCount()))
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe('/system-message')
      const html = await (await b.fetch('/system-message')).text()
      expect(html).toContain('We are unable to retrieve your document at this time.')
      expect(html).toContain('An unexpected error has occurred.')
      expect(await signatures()).toBe(0)
    } finally {
      await env.DOCS.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } })
    }
  })

  it('signs a valid form, shows the success on the system-message page, and records the channel', async () => {
    const b = await signer()
    const res = await b.form('/e-sign', fields(await statementCount()), { 'User-Agent': 'NoScript Browser/1.0' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/system-message')
    const html = await (await b.fetch('/system-message')).text()
    expect(html).toContain('Success!')
    expect(oneClearStatement(html)).toEqual({ heading: 'Success!', primaries: ['Return to Summary'], secondaries: 0 })
    expect(html).toMatch(new RegExp(`Thank you\\. Your e-signature for policy ${POLICY} was received on \\d{2}/\\d{2}/\\d{4}\\.`))
    const row = await env.DB.prepare('SELECT channel, user_agent, applicant_signature FROM esign_signatures').first<Record<string, string>>()
    expect(row).toEqual({ channel: 'form', user_agent: 'NoScript Browser/1.0', applicant_signature: 'Maria Delgado' })
    // Posting the same form again (a second click, a reload) stores nothing more.
    const again = await b.form('/e-sign', fields(await statementCount()))
    expect(again.headers.get('Location')).toBe('/e-sign-history')
    expect(await signatures()).toBe(1)
  })

  it('never writes the typed name into the audit log', async () => {
    const { results } = await env.DB.prepare("SELECT detail FROM audit_log WHERE event LIKE 'esign.%'").all<{ detail: string }>()
    expect(results.length).toBeGreaterThan(0)
    for (const r of results) expect(r.detail).not.toContain('Maria')
  })
})
