import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { Browser, seed } from './helpers'
import { mainOf, page, policyTagged, text, withPolicy } from './servicing-helpers'

beforeAll(() => seed())

/** Proof of insurance on demand and its public verification (issue 24). */

const HOME = policyTagged('policy.homeowners-balance').policyId
const CANCELLED = policyTagged('policy.cancelled').policyId

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function download(policyId: string): Promise<{ res: Response; bytes: Uint8Array; code: string }> {
  const b = await withPolicy(policyId)
  const res = await b.fetch('/policy-information/proof-of-insurance')
  const bytes = new Uint8Array(await res.arrayBuffer())
  const row = await env.DB.prepare('SELECT code FROM proofs_of_insurance WHERE policy_id = ?1 ORDER BY issued_at DESC, rowid DESC LIMIT 1')
    .bind(policyId)
    .first<{ code: string }>()
  return { res, bytes, code: row?.code ?? '' }
}

function verifier(ip: string) {
  const b = new Browser()
  return (code: string) => b.form('/verify-insurance', { code }, { 'CF-Connecting-IP': ip })
}

describe('Get proof of insurance', () => {
  it('is a plain link on the Policy Summary', async () => {
    const main = mainOf((await page(HOME, '/policy-information')).html)
    expect(main).toMatch(/<a class="btn btn--secondary" href="\/policy-information\/proof-of-insurance" download="">Get proof of insurance<\/a>/)
  })

  it('serves a PDF attachment with nosniff, a title and a language, and stores its code and hash', async () => {
    const { res, bytes, code } = await download(HOME)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toMatch(new RegExp(`^attachment; filename="proof-of-insurance-${HOME}-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`))
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getTitle()).toBe(`Evidence of Insurance - Policy ${HOME}`)
    expect(pdf.getSubject()).toBe(`Evidence of insurance, code ${code}`)
    expect(pdf.catalog.get(pdf.context.obj('Lang') as never)?.toString()).toContain('en-US')
    expect(code).toMatch(/^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/)
    const row = await env.DB.prepare('SELECT pdf_sha256 FROM proofs_of_insurance WHERE code = ?1').bind(code).first<{ pdf_sha256: string }>()
    expect(row?.pdf_sha256).toBe(await sha256Hex(bytes))
  })

  it('needs a session', async () => {
    const res = await new Browser().fetch('/policy-information/proof-of-insurance')
    expect(res.status).not.toBe(200)
    expect(res.headers.get('Content-Type') ?? '').not.toContain('application/pdf')
  })
})

describe('Verify Proof of Insurance (public)', () => {
  it('answers a genuine code with only what a lender needs, and in force', async () => {
    const { code } = await download(HOME)
    const res = await verifier('198.51.100.10')(code.toLowerCase().replace(/-/g, ' '))
    expect(res.status).toBe(200)
    const t = text(mainOf(await res.text()))
    for (const s of [
      'Genuine, and the policy is in force',
      'Named insured Maria Delgado',
      'Property address 2417 Riverbank Drive, Sacramento, CA 95831',
      `Policy number ${HOME}`,
      'Policy term 11/15/2026 - 11/15/2027',
      'In force today Yes',
    ]) {
      expect(t).toContain(s)
    }
    for (const secret of ['03/14/1982', 'maria.multi@example.com', '916-555-0123', 'Wells Fargo', '$525,000']) expect(t).not.toContain(secret)
  })

  it('says a cancelled policy is not in force', async () => {
    const { code } = await download(CANCELLED)
    const t = text(mainOf(await (await verifier('198.51.100.11')(code)).text()))
    expect(t).toContain('In force today No')
  })

  it("says 'not found' for a made-up code and reveals nothing else", async () => {
    const t = text(mainOf(await (await verifier('198.51.100.12')('ABCD-EFGH-JKMN')).text()))
    expect(t).toContain('Not found. No proof of insurance was issued with this code.')
    expect(t).not.toContain('Named insured')
    expect(t).not.toContain('Policy number')
    const junk = text(mainOf(await (await verifier('198.51.100.12')('<script>')).text()))
    expect(junk).toContain('Not found.')
  })

  it('counts lookups per address: the 31st in 15 minutes is refused', async () => {
    const check = verifier('198.51.100.77')
    for (let i = 0; i < 30; i++) expect((await check('ABCD-EFGH-JKMN')).status).toBe(200)
    const refused = await check('ABCD-EFGH-JKMN')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    // another address is not held up
    expect((await verifier('198.51.100.78')('ABCD-EFGH-JKMN')).status).toBe(200)
  })
})
