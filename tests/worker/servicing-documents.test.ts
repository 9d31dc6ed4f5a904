import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { PDFDocument } from 'pdf-lib'
import { api, jsonPost, seed } from './helpers'
import { ownerOf, policyTagged, text, withPolicy } from './servicing-helpers'
import { packetKey, policyDocumentKey } from '../../worker/db/policy/document-keys'

beforeAll(() => seed())
afterEach(() => vi.restoreAllMocks())

const HOME = policyTagged('policy.homeowners-balance').policyId
const FLOOD = policyTagged('policy.flood-balance').policyId
const FLOOD_PAID = policyTagged('policy.flood-paid').policyId
const SAM = policyTagged('policy.eft').policyId // another persona's policy
const XHR = { 'X-Requested-With': 'portal' }

async function tokenFor(policyId: string): Promise<string> {
  const p = ownerOf(policyId)
  const res = await jsonPost('/v1/profile/login/', { userName: p.userName, password: p.password })
  return ((await res.json()) as { accountToken: string }).accountToken
}
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` })

async function pdfPages(res: Response): Promise<{ head: string; pages: number }> {
  const bytes = new Uint8Array(await res.arrayBuffer())
  const head = new TextDecoder().decode(bytes.slice(0, 5))
  return { head, pages: (await PDFDocument.load(bytes)).getPageCount() }
}

describe('GET links of the Documents page (the loaded policy)', () => {
  it('downloads a policy document as a PDF attachment named after its fileName', async () => {
    const b = await withPolicy(HOME)
    const res = await b.fetch(`/v1/common/DownloadDocument/?fileName=${HOME}-declarations.pdf&documentType=policy`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${HOME}-declarations.pdf"; filename*=UTF-8''${HOME}-declarations.pdf`)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const pdf = await pdfPages(res)
    expect(pdf.head).toBe('%PDF-')
    expect(pdf.pages).toBeGreaterThanOrEqual(1)
  })

  it('downloads a coverage document', async () => {
    const b = await withPolicy(HOME)
    const res = await b.fetch('/v1/common/DownloadDocument/?fileName=HO0003-0511.pdf&documentType=standard')
    expect(res.status).toBe(200)
    expect((await pdfPages(res)).head).toBe('%PDF-')
  })

  it("downloads a packet named 'New Business Packet ' plus the formatted effective date", async () => {
    const b = await withPolicy(HOME)
    const res = await b.fetch('/v1/common/DownloadPolicyPacketDocument/?transactionType=NB&effectiveDate=2025-11-15')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="New Business Packet 11_15_2025.pdf"; filename*=UTF-8''New%20Business%20Packet%2011%2F15%2F2025.pdf`,
    )
    const pdf = await pdfPages(res)
    expect(pdf.head).toBe('%PDF-')
    expect(pdf.pages).toBeGreaterThanOrEqual(3) // cover, declarations, summary merged
  })

  it('refuses a file the policy does not list, a path, and a hidden declarations page with the same 404', async () => {
    const b = await withPolicy(FLOOD)
    const bodies = new Set<string>()
    for (const q of [
      `fileName=${SAM}-declarations.pdf`, // another policy's document
      'fileName=..%2F..%2Fstandard%2FHO0003-0511.pdf',
      `fileName=${FLOOD}-declarations.pdf&documentType=policy`, // hidden until paid and underwritten
      'fileName=SFIP-DwellingForm-2021.pdf&documentType=standard', // coverage hidden too
      'fileName=nothing.pdf',
    ]) {
      const res = await b.fetch(`/v1/common/DownloadDocument/?${q}`)
      expect(res.status, q).toBe(404)
      bodies.add(await res.text())
    }
    expect(bodies.size).toBe(1)
  })

  it('a flood policy has no packets to download', async () => {
    const b = await withPolicy(FLOOD_PAID)
    const res = await b.fetch('/v1/common/DownloadPolicyPacketDocument/?transactionType=NB&effectiveDate=2024-07-01')
    expect(res.status).toBe(404)
  })

  it('without a session, sends the browser to the Documents page (which shows the session-ended handling)', async () => {
    const res = await api('/v1/common/DownloadDocument/?fileName=x.pdf', { redirect: 'manual' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/policy-documents')
  })
})

describe('POST /v1/common/DownloadDocument/ and DownloadPolicyPacketDocument/', () => {
  it('serves a document of a named policy in scope (bearer)', async () => {
    const t = await tokenFor(HOME)
    const res = await jsonPost(
      '/v1/common/DownloadDocument/',
      { policyId: HOME, fileName: `${HOME}-cea-application.pdf`, description: 'CEA Application' },
      bearer(t),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toContain(`filename="${HOME}-cea-application.pdf"`)
    expect((await pdfPages(res)).head).toBe('%PDF-')
  })

  it("answers another person's policy exactly like a missing one", async () => {
    const t = await tokenFor(HOME)
    const theirs = await jsonPost('/v1/common/DownloadDocument/', { policyId: SAM, fileName: `${SAM}-declarations.pdf` }, bearer(t))
    const missing = await jsonPost('/v1/common/DownloadDocument/', { policyId: 'HOM9999999', fileName: `${SAM}-declarations.pdf` }, bearer(t))
    expect(theirs.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(await theirs.text()).toBe(await missing.text())
    const packetTheirs = await jsonPost(
      '/v1/common/DownloadPolicyPacketDocument/',
      { policyId: SAM, transactionType: 'NB', effectiveDate: '2023-06-01' },
      bearer(t),
    )
    const packetMissing = await jsonPost(
      '/v1/common/DownloadPolicyPacketDocument/',
      { policyId: 'HOM9999999', transactionType: 'NB', effectiveDate: '2023-06-01' },
      bearer(t),
    )
    expect(packetTheirs.status).toBe(404)
    expect(await packetTheirs.text()).toBe(await packetMissing.text())
  })

  it("takes the spec's packet payload {transactionType, effectiveDate} for the loaded policy (cookie session)", async () => {
    const b = await withPolicy(HOME)
    const res = await b.fetch('/v1/common/DownloadPolicyPacketDocument/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...XHR },
      body: JSON.stringify({ transactionType: 'RN', effectiveDate: '11/15/2026' }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toContain("filename*=UTF-8''Renewal%20Packet%2011%2F15%2F2026.pdf")
  })

  it('needs a session and valid input', async () => {
    expect((await jsonPost('/v1/common/DownloadDocument/', { fileName: 'x.pdf' })).status).toBe(401)
    const t = await tokenFor(HOME)
    expect((await jsonPost('/v1/common/DownloadDocument/', { policyId: HOME }, bearer(t))).status).toBe(400)
    expect((await jsonPost('/v1/common/DownloadPolicyPacketDocument/', { transactionType: 'NB', effectiveDate: 'soon' }, bearer(t))).status).toBe(400)
  })
})

describe('failures', () => {
  it('a packet that cannot be produced shows the system message once, with the phone line', async () => {
    const { policyId } = policyTagged('policy.packets') // HOM4010001
    const key = packetKey(policyId, 'EB', '2026-04-10')
    const saved = await env.DOCS.get(key)
    const bytes = await saved!.arrayBuffer()
    await env.DOCS.delete(key)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const b = await withPolicy(policyId)
      const res = await b.fetch('/v1/common/DownloadPolicyPacketDocument/?transactionType=EB&effectiveDate=2026-04-10')
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe('/system-message')
      expect(errors.mock.calls.flat().join('\n')).toContain('packet download failed')
      const page = await b.fetch('/system-message')
      expect(page.status).toBe(200)
      const t = text(await page.text())
      expect(t).toContain('An unexpected error has occurred.')
      expect(t).toContain('We are unable to retrieve your document at this time.')
      expect(t).toContain('Please call us at 1-800-555-0134')
      expect(t).toContain('Return to Summary')
      const again = await b.fetch('/system-message')
      expect(again.status).toBe(303) // shown once
      expect(again.headers.get('Location')).toBe('/policy-information')

      const api = await b.fetch('/v1/common/DownloadPolicyPacketDocument/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...XHR },
        body: JSON.stringify({ transactionType: 'EB', effectiveDate: '2026-04-10' }),
      })
      expect(api.status).toBe(502)
      expect(await api.json()).toMatchObject({ errorMessage: 'We are unable to retrieve your document at this time.' })
    } finally {
      await env.DOCS.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } })
    }
  })

  it('a document that cannot be read is only logged: the browser stays on the page (204)', async () => {
    const key = policyDocumentKey(HOME, `${HOME}-endorsement-ho0461.pdf`)
    const saved = await env.DOCS.get(key)
    const bytes = await saved!.arrayBuffer()
    await env.DOCS.delete(key)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const b = await withPolicy(HOME)
      const res = await b.fetch(`/v1/common/DownloadDocument/?fileName=${HOME}-endorsement-ho0461.pdf&documentType=policy`)
      expect(res.status).toBe(204)
      expect(errors.mock.calls.flat().join('\n')).toContain('document download failed')
      expect(res.headers.get('Set-Cookie') ?? '').not.toContain('ph_flash') // no system message
      const t = await tokenFor(HOME)
      const post = await jsonPost('/v1/common/DownloadDocument/', { policyId: HOME, fileName: `${HOME}-endorsement-ho0461.pdf` }, bearer(t))
      expect(post.status).toBe(502)
    } finally {
      await env.DOCS.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } })
    }
  })
})

describe('GetDocumentDescriptorList on its route family', () => {
  it('homeowners policy on /v1/homeowners: packets with labels, documents, no messages', async () => {
    const t = await tokenFor(HOME)
    const res = await api(`/v1/homeowners/GetDocumentDescriptorList/${HOME}`, { headers: bearer(t) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as any
    expect(body.policyPacketDocuments.map((p: any) => p.name)).toEqual([
      'New Business Packet 11/15/2025',
      'Policy Change Packet 04/10/2026',
      'Renewal Packet 11/15/2026',
    ])
    expect(body.policyDocuments[0]).toEqual({
      policyId: HOME,
      description: 'Declarations Dec Page',
      fileName: `${HOME}-declarations.pdf`,
      documentType: 'policy',
    })
    expect(body.declarationsMessage).toBeNull()
    expect(body.coverageMessage).toBeNull()
  })

  it('flood policy on /v1/flood: declarations and coverage hidden, with both messages', async () => {
    const t = await tokenFor(FLOOD)
    const res = await api(`/v1/flood/GetDocumentDescriptorList/${FLOOD}`, { headers: bearer(t) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as any
    expect(body.policyPacketDocuments).toEqual([])
    expect(body.policyDocuments.some((d: any) => /dec page/i.test(d.description))).toBe(false)
    expect(body.standardDocuments).toEqual([])
    expect(body.declarationsMessage).toBe('The Declarations Page will be available once the policy has been paid in full and underwriting has been completed.')
    expect(body.coverageMessage).toBe('The Coverage Documents will be available once the policy has been paid in full and underwriting has been completed.')
  })

  it("the wrong family, another person's policy and a missing one all answer the same 404", async () => {
    const t = await tokenFor(HOME)
    const wrongFamily = await api(`/v1/flood/GetDocumentDescriptorList/${HOME}`, { headers: bearer(t) })
    const theirs = await api(`/v1/homeowners/GetDocumentDescriptorList/${SAM}`, { headers: bearer(t) })
    const missing = await api('/v1/homeowners/GetDocumentDescriptorList/HOM9999999', { headers: bearer(t) })
    const bodies = await Promise.all([wrongFamily, theirs, missing].map(async (r) => `${r.status} ${await r.text()}`))
    expect(new Set(bodies)).toEqual(new Set([bodies[2]]))
    expect(missing.status).toBe(404)
  })

  it('GetPolicy serves the flood policy on /v1/flood only', async () => {
    const t = await tokenFor(FLOOD)
    expect((await api(`/v1/flood/GetPolicy/${FLOOD}?isReadWrite=true`, { headers: bearer(t) })).status).toBe(200)
    expect((await api(`/v1/homeowners/GetPolicy/${FLOOD}`, { headers: bearer(t) })).status).toBe(404)
  })
})
