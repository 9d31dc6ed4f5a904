import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { mainOf, text, withPolicy } from './servicing-helpers'
import { routeOutbound, portalEnv } from './sso-support'
import { JPEG_BYTES, PNG, SAM_HOME } from './claims-fixtures'
import { jpegOfSize, jpegWithComment, REFUSED_IMAGES } from '../support/image-files'
import { PLAIN_PDFS, REFUSED_PDFS } from '../support/pdf-files'
import { drainClaimNotices, reportHomeownersClaim, resetClaimsSystem, standInClaims } from './claims-system-support'
import { pushEvent, seedClaim } from './claim-page-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { UPLOAD_MSG, UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { SEND_DOCUMENT_TEXT } from '../../worker/pages/claims/send-document-form'
import { claimPageTexts } from '../../worker/pages/claims/texts/claim-page'

/**
 * Issue 19 item 4 on the claim page (decision 184): 'Send a document' works without JavaScript. The form
 * is multipart, its token first and its one file last; the worker streams the file into the same upload
 * as ClaimFile?claimNumber= and the claims system receives it once.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim-file%'").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const BOUNDARY = '----PortalTestBoundary7MA4YWxkTrZu0gW'
const bytes = (s: string) => new TextEncoder().encode(s)

/** A body as a browser encodes the form: the token field, then the file, then the closing boundary. */
function browserBody(token: string, name: string, file: Uint8Array, ending = `\r\n--${BOUNDARY}--\r\n`): Uint8Array {
  const head = bytes(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_once"\r\n\r\n${token}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )
  const tail = bytes(ending)
  const out = new Uint8Array(head.length + file.length + tail.length)
  out.set(head, 0)
  out.set(file, head.length)
  out.set(tail, head.length + file.length)
  return out
}

async function claimPage(claimNumber: string, query = '') {
  const b = await withPolicy(SAM_HOME)
  const res = await b.fetch(`/claims-history/${claimNumber}${query}`)
  const html = await res.text()
  // The document form's own token: the page holds other forms (how you get paid, messages) with theirs.
  const form = /<form[^>]*action="\/claims-history\/add-document[^"]*"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
  return { status: res.status, html, main: mainOf(html), token: /name="_once" value="([^"]+)"/.exec(form)?.[1] ?? null }
}

async function send(claimNumber: string, body: Uint8Array, headers: Record<string, string> = {}) {
  const b = await withPolicy(SAM_HOME)
  return b.fetch(`/claims-history/add-document?claim=${claimNumber}`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length), ...headers },
    body,
  })
}

const filesOf = async (claimNumber: string) =>
  (
    await env.DB.prepare('SELECT file_name, size_bytes FROM claim_files WHERE claim_number = ? ORDER BY position')
      .bind(claimNumber)
      .all<{ file_name: string; size_bytes: number }>()
  ).results.map((f) => `${f.file_name}:${f.size_bytes}`)

/** A photo of its scan data and `extra` bytes more (a JPEG whole by its structure). */
const photo = (extra = 400) => jpegOfSize(JPEG_BYTES.length + extra, 7)

describe("the claim page's 'Send a document' form", () => {
  it('an open claim offers it (token first, file last, multipart); a closed claim does not', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { main } = await claimPage(n)
    const form = /<form[^>]*action="\/claims-history\/add-document\?claim=[^"]+"[\s\S]*?<\/form>/.exec(main)?.[0]
    expect(form).toBeDefined()
    expect(form).toMatch(/enctype="multipart\/form-data"/i)
    expect(form!.indexOf('name="_once"')).toBeLessThan(form!.indexOf('type="file"'))
    expect(text(form!)).toContain(SEND_DOCUMENT_TEXT.hint)

    expect(await pushEvent(n, 1, 'claim.closed', { reason: 'Paid in full' })).toBe(200)
    expect((await claimPage(n)).main).not.toContain('add-document')
  })

  it('a document requested is sent beside the request, and the claims system receives it once', async () => {
    const n = await reportHomeownersClaim()
    const t0 = Date.now() + 1000
    expect(await drainClaimNotices(t0)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice'] })).toBe(200)
    const { main, token } = await claimPage(n)
    // The form sits in the 'Documents requested' box.
    expect(/claim-page__requested[\s\S]*add-document/.test(main)).toBe(true)

    const file = photo()
    const res = await send(n, browserBody(token!, 'invoice.jpg', file))
    expect(res.status).toBe(303)
    const location = res.headers.get('Location')!
    expect(location).toMatch(new RegExp(`^/claims-history/${n}\\?added=cf_[a-p]{32}$`))
    expect(await filesOf(n)).toEqual([`kitchen.png:${PNG.length}`, `invoice.jpg:${file.length}`])

    // The same form sent again (a double click, a retry): the same answer, still one file.
    const again = await send(n, browserBody(token!, 'invoice.jpg', file))
    expect(again.headers.get('Location')).toBe(location)
    expect(await filesOf(n)).toHaveLength(2)

    const after = await claimPage(n, location.replace(/^[^?]*/, '').replace(/#.*/, ''))
    expect(text(after.main)).toContain(SEND_DOCUMENT_TEXT.sent('invoice.jpg'))
    expect(text(after.main)).toContain(`invoice.jpg (1 KB)`)

    await drainOutbox(portalEnv, { channels: ['claim-document'], now: t0 + 1000 })
    await drainOutbox(portalEnv, { channels: ['claim-document'], now: t0 + 2000 })
    const [held] = await standInClaims(n)
    expect(held!.documents.map((d) => `${d.name}:${d.contentType}:${d.bytes}`)).toEqual([
      `kitchen.png:image/png:${PNG.length}`,
      `invoice.jpg:image/jpeg:${file.length}`,
    ])
  })

  it('a file that is not a photo or a PDF is refused on the page, at the field, and nothing is kept', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(n)
    const res = await send(n, browserBody(token!, 'notes.txt', bytes('just some words, not a photo')))
    expect(res.status).toBe(415)
    const main = mainOf(await res.text())
    expect(main).toMatch(/<p class="field__error" id="f-document-error">/)
    expect(text(main)).toContain(UPLOAD_MSG.wrongType('notes.txt'))
    expect(await filesOf(n)).toEqual([])
  })

  it('refuses a photo with a web page after it and a PDF with scripts, embedded files and media, saying why; keeps nothing (issue 31 item 5)', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(n)
    const gif = REFUSED_IMAGES.find((s) => s.name === 'kitchen.gif')!
    const refusedGif = await send(n, browserBody(token!, gif.name, gif.bytes))
    expect(refusedGif.status).toBe(415)
    expect(text(mainOf(await refusedGif.text()))).toContain(UPLOAD_REFUSAL.imageTrailing('kitchen.gif'))
    const pdf = REFUSED_PDFS.find((s) => s.name === 'many-parts.pdf')!
    const refusedPdf = await send(n, browserBody(token!, pdf.name, await pdf.bytes()))
    expect(refusedPdf.status).toBe(415)
    expect(text(mainOf(await refusedPdf.text()))).toContain(UPLOAD_REFUSAL.pdfParts('many-parts.pdf', ['javascript', 'embedded', 'media']))
    expect(await filesOf(n)).toEqual([])

    // The token given back after a refusal serves the corrected file: a plain PDF.
    const plain = await PLAIN_PDFS[0]!.bytes()
    const sent = await send(n, browserBody(token!, 'estimate.pdf', plain))
    expect(sent.status).toBe(303)
    expect(await filesOf(n)).toEqual([`estimate.pdf:${plain.length}`])
  })

  // Browsers, curl and most libraries close the body with '--\r\n'; one that stops at '--' (workerd's own
  // FormData encoder does) is refused whole, never stored short (decision 184).
  it('a body that does not end as its length says (cut short, or more after the file) keeps nothing', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(n)
    for (const ending of [`\r\n--${BOUNDARY}--`, `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nmore\r\n--${BOUNDARY}--\r\n!`]) {
      const res = await send(n, browserBody(token!, 'cut.jpg', photo(), ending))
      expect(res.status).toBe(400)
      expect(text(mainOf(await res.text()))).toContain(UPLOAD_REFUSAL.lengthMismatch('cut.jpg'))
    }
    expect(await filesOf(n)).toEqual([])
  })

  it('no file chosen, or no file part at all: the field says to choose one', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(n)
    const empty = await send(n, browserBody(token!, '', new Uint8Array(0)))
    expect(empty.status).toBe(400)
    expect(text(mainOf(await empty.text()))).toContain(SEND_DOCUMENT_TEXT.noFile)
    const noFile = await send(n, bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="_once"\r\n\r\n${token}\r\n--${BOUNDARY}--\r\n`))
    expect(noFile.status).toBe(400)
    expect(text(mainOf(await noFile.text()))).toContain(SEND_DOCUMENT_TEXT.noFile)
  })

  it("another person's claim is the 404 page and gets nothing; a closed claim says why", async () => {
    const mine = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(mine)
    const theirs = await seedClaim({ policyId: 'FLD4040005', family: 'flood' })
    const res = await send(theirs, browserBody(token!, 'x.jpg', photo()))
    expect(res.status).toBe(404)
    expect(await filesOf(theirs)).toEqual([])

    expect(await pushEvent(mine, 1, 'claim.closed', { reason: 'Paid in full' })).toBe(200)
    const closed = await send(mine, browserBody(token!, 'late.jpg', photo()))
    expect(closed.status).toBe(409)
    expect(text(mainOf(await closed.text()))).toContain(UPLOAD_REFUSAL.claimClosed(mine))
    expect(await filesOf(mine)).toEqual([])
  })

  it('a card number in the file name is refused (400, the name not repeated) and kept nowhere (issue 20 item 1)', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(n)
    const card = '4111 1111 1111 1111'
    const res = await send(n, browserBody(token!, `card ${card}.jpg`, photo()))
    expect(res.status).toBe(400)
    const main = text(mainOf(await res.text()))
    expect(main).toContain(UPLOAD_REFUSAL.cardNumberInName)
    expect(main).not.toContain(card)
    expect(await filesOf(n)).toEqual([])
    const uploads = await env.DB.prepare('SELECT name FROM claim_uploads').all<{ name: string }>()
    expect(uploads.results.map((u) => u.name).join('\n')).not.toContain(card)
    expect((await env.DOCS.list({ prefix: `claims/${SAM_HOME}/uploads/` })).objects.map((o) => o.key).join('\n')).not.toContain('4111')
  })

  it('digits in a file are the file, not a card number typed in a field: only the query is judged', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { token } = await claimPage(n)
    const file = jpegWithComment(' 4111 1111 1111 1111 ')
    const r = await send(n, browserBody(token!, 'receipt.jpg', file))
    expect(r.status).toBe(303)
    expect(await filesOf(n)).toHaveLength(1)
  })
})

describe("the claim page's PDF copy of the report (issue 21's PDF finding)", () => {
  it('a claim reported in the portal offers its copy, which downloads as a PDF; a claim without one offers nothing', async () => {
    const n = await reportHomeownersClaim()
    const { main } = await claimPage(n)
    expect(main).toContain(`href="/claims-history/${n}/copy"`)
    expect(text(main)).toContain(claimPageTexts.en.copyLink)
    const b = await withPolicy(SAM_HOME)
    const res = await b.fetch(`/claims-history/${n}/copy`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toContain(`attachment; filename="Claim ${n}.pdf"`)
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    const seeded = await seedClaim({ policyId: SAM_HOME })
    expect((await claimPage(seeded)).main).not.toContain('/copy"')
    expect((await b.fetch(`/claims-history/${seeded}/copy`)).status).toBe(404)
  })

  it("another policy's claim copy is the 404 page", async () => {
    const theirs = await seedClaim({ policyId: 'FLD4040005', family: 'flood' })
    await env.DB.prepare("UPDATE claims SET pdf_key = 'claims/FLD4040005/x/claim.pdf' WHERE claim_number = ?").bind(theirs).run()
    await env.DOCS.put('claims/FLD4040005/x/claim.pdf', new TextEncoder().encode('%PDF-1.7 theirs'))
    const b = await withPolicy(SAM_HOME)
    expect((await b.fetch(`/claims-history/${theirs}/copy`)).status).toBe(404)
  })
})
