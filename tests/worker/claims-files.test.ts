import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, bearer, seed } from './helpers'
import { policyTagged } from './servicing-helpers'
import { MAX_CLAIM_FILE_BYTES, UPLOAD_MSG, UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { CLAIM_REFUSAL } from '../../shared/claims/messages'
import { JPEG_PHOTO, jpegOfSize } from '../support/image-files'
import { claimReport, ERIN_FLOOD, forgetClaimRateCounts, homeownersClaim, PNG, SAM_HOME, uploadClaimFile, uploadedFileId } from './claims-fixtures'

/**
 * Issue 19 item 4 (decision 169): claim files travel one per request (POST ClaimFile), streamed to R2
 * with their checks; the claim report names them by fileId and its batch attaches them.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

const ERIN_CANCELLED = policyTagged('policy.cancelled').policyId
const JPEG = JPEG_PHOTO
const PDF = new TextEncoder().encode('%PDF-1.4\n% a tiny pdf\n1 0 obj << /Type /Catalog >> endobj\n')
const SCRIPTED_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n')

async function uploadRows(where = '1 = 1', ...binds: unknown[]) {
  const { results } = await env.DB.prepare(`SELECT * FROM claim_uploads WHERE ${where}`)
    .bind(...binds)
    .all<Record<string, unknown>>()
  return results
}

const r2Count = async (policyId: string) => (await env.DOCS.list({ prefix: `claims/${policyId}/uploads/` })).objects.length

async function fnol(
  policyId: string,
  auth: Record<string, string>,
  submission: unknown,
  fileIds: string[],
  key = `claim-${crypto.randomUUID()}`,
  family = 'homeowners',
) {
  const report = claimReport(submission, fileIds)
  return api(`/v1/${family}/FirstNoticeOfLoss/${policyId}`, {
    method: 'POST',
    headers: { ...auth, ...report.headers, 'Idempotency-Key': key },
    body: report.body,
  })
}

describe('POST ClaimFile: one file, streamed', () => {
  it('stores a photo: 201 with its reference, the sniffed type, size and SHA-256; one row and one object', async () => {
    const auth = await bearer('direct.single')
    const before = await r2Count(SAM_HOME)
    const res = await uploadClaimFile(SAM_HOME, auth, JPEG, 'Küche 1.jpg', { type: 'image/png' })
    expect(res.status).toBe(201)
    const body = (await res.json()) as Record<string, unknown>
    const hash = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', JPEG)), (b) => b.toString(16).padStart(2, '0')).join('')
    expect(body).toEqual({
      fileId: expect.stringMatching(/^cf_[a-p]{32}$/),
      name: 'Küche 1.jpg',
      contentType: 'image/jpeg',
      bytes: JPEG.byteLength,
      sha256: hash,
    })
    const [row] = await uploadRows('id = ?', body.fileId)
    expect(row).toMatchObject({
      policy_id: SAM_HOME,
      owner: expect.stringMatching(/^profile:/),
      content_type: 'image/jpeg',
      size: JPEG.byteLength,
      claim_number: null,
    })
    const object = await env.DOCS.get(row!.r2_key as string)
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(JPEG)
    expect(await r2Count(SAM_HOME)).toBe(before + 1)
  })

  it('a file over 10 MB streamed whole: 413 naming the file; a 10 MB file passes', async () => {
    const auth = await bearer('direct.single')
    const big = jpegOfSize(MAX_CLAIM_FILE_BYTES + 1)
    const before = await r2Count(SAM_HOME)
    const refused = await uploadClaimFile(SAM_HOME, auth, big, 'huge.jpg')
    expect(refused.status).toBe(413)
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_MSG.tooBig('huge.jpg'))
    expect(await r2Count(SAM_HOME)).toBe(before)

    const ten = jpegOfSize(MAX_CLAIM_FILE_BYTES)
    const res = await uploadClaimFile(SAM_HOME, auth, ten, 'ten.jpg')
    expect(res.status).toBe(201)
    expect(((await res.json()) as { bytes: number }).bytes).toBe(MAX_CLAIM_FILE_BYTES)
  })

  it('refuses by content, naming the file, and stores nothing: not a photo, a PDF with JavaScript, an empty file', async () => {
    const auth = await bearer('direct.single')
    const rowsBefore = (await uploadRows()).length
    const before = await r2Count(SAM_HOME)
    const cases: [Uint8Array, string, number, string][] = [
      [new TextEncoder().encode('MZ\x90\x00 this is a program, not a photo'), 'photo.jpg', 415, UPLOAD_MSG.wrongType('photo.jpg')],
      [SCRIPTED_PDF, 'estimate.pdf', 415, UPLOAD_REFUSAL.pdfParts('estimate.pdf', ['javascript'])],
      [new Uint8Array(0), 'blank.png', 400, UPLOAD_MSG.empty('blank.png')],
    ]
    for (const [bytes, name, status, message] of cases) {
      const res = await uploadClaimFile(SAM_HOME, auth, bytes, name, { type: 'image/jpeg' })
      expect(res.status, name).toBe(status)
      expect(res.headers.get('Content-Type')).toBe('application/problem+json')
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(message)
    }
    expect((await uploadRows()).length).toBe(rowsBefore)
    expect(await r2Count(SAM_HOME)).toBe(before)
    // A clean PDF passes the same scan.
    expect((await uploadClaimFile(SAM_HOME, auth, PDF, 'estimate.pdf')).status).toBe(201)
  })

  it("another person's policy is a 404, a policy that may not report claims a 403; nothing stored", async () => {
    const rowsBefore = (await uploadRows()).length
    const sam = await bearer('direct.single')
    expect((await uploadClaimFile(ERIN_FLOOD, sam, PNG, 'a.png', { family: 'flood' })).status).toBe(404)
    const erin = await bearer('direct.edge-cases')
    const refused = await uploadClaimFile(ERIN_CANCELLED, erin, PNG, 'a.png')
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(CLAIM_REFUSAL.notAllowed)
    expect((await uploadRows()).length).toBe(rowsBefore)
  })

  it('a retry with the same Idempotency-Key answers the first upload: one row', async () => {
    const auth = await bearer('direct.single')
    const key = `file-${crypto.randomUUID()}`
    const first = await uploadClaimFile(SAM_HOME, auth, PNG, 'kitchen.png', { key })
    const again = await uploadClaimFile(SAM_HOME, auth, PNG, 'kitchen.png', { key })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    const id = ((await first.json()) as { fileId: string }).fileId
    expect(((await again.json()) as { fileId: string }).fileId).toBe(id)
  })
})

describe('FirstNoticeOfLoss with file references', () => {
  it('one claim, its files attached in order; the uploads marked; a retry with the same key: the same claim', async () => {
    const auth = await bearer('direct.single')
    const ids = [await uploadedFileId(SAM_HOME, auth, PNG, 'kitchen.png'), await uploadedFileId(SAM_HOME, auth, PDF, 'estimate.pdf')]
    const key = `claim-${crypto.randomUUID()}`
    const res = await fnol(SAM_HOME, auth, homeownersClaim(), ids, key)
    expect(res.status).toBe(200)
    const claimNumber = /HO-\d{4}-\d{6}/.exec(await res.text())![0]
    const { results: files } = await env.DB.prepare(
      'SELECT position, file_name, content_type, size_bytes, r2_key FROM claim_files WHERE claim_number = ? ORDER BY position',
    )
      .bind(claimNumber)
      .all<Record<string, unknown>>()
    expect(files.map((f) => [f.position, f.file_name, f.content_type, f.size_bytes])).toEqual([
      [1, 'kitchen.png', 'image/png', PNG.byteLength],
      [2, 'estimate.pdf', 'application/pdf', PDF.byteLength],
    ])
    expect((await uploadRows('id IN (?, ?)', ...ids)).map((r) => r.claim_number)).toEqual([claimNumber, claimNumber])

    const retry = await fnol(SAM_HOME, auth, homeownersClaim(), ids, key)
    expect(retry.status).toBe(200)
    expect(await retry.text()).toContain(claimNumber)
    const { results: claims } = await env.DB.prepare('SELECT claim_number FROM claims WHERE policy_id = ? AND idempotency_key = ?').bind(SAM_HOME, key).all()
    expect(claims).toHaveLength(1)
  })

  it('a reference already sent with a claim, or named twice, is a 400 naming the file; no claim made', async () => {
    const auth = await bearer('direct.single')
    const id = await uploadedFileId(SAM_HOME, auth, PNG, 'roof.png')
    expect((await fnol(SAM_HOME, auth, homeownersClaim(), [id])).status).toBe(200)
    const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM claims WHERE policy_id = ?').bind(SAM_HOME).first<{ n: number }>())!.n
    const before = await count()
    const used = await fnol(SAM_HOME, auth, homeownersClaim(), [id])
    expect(used.status).toBe(400)
    expect(((await used.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.referenceUsed('roof.png'))

    const fresh = await uploadedFileId(SAM_HOME, auth, PNG, 'porch.png')
    const twice = await fnol(SAM_HOME, auth, homeownersClaim(), [fresh, fresh])
    expect(twice.status).toBe(400)
    expect(((await twice.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.referenceUsed('porch.png'))
    expect(await count()).toBe(before)
  })

  it("another owner's upload, one of another policy, an unknown id: 400 naming the reference", async () => {
    const sam = await bearer('direct.single')
    const erin = await bearer('direct.edge-cases')
    const erinsFile = await uploadedFileId(ERIN_FLOOD, erin, PNG, 'erin.png', 'flood')
    for (const id of [erinsFile, 'cf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await fnol(SAM_HOME, sam, homeownersClaim(), [id])
      expect(res.status).toBe(400)
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.unknownReference(id))
    }
  })

  it('more than 10 references: 400, the limit said', async () => {
    const auth = await bearer('direct.single')
    const ids = Array.from({ length: 11 }, (_, i) => `cf_${i}`)
    const res = await fnol(SAM_HOME, auth, homeownersClaim(), ids)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_MSG.tooMany)
  })

  it("a multipart report whose file part is a photo is refused: photos travel on their own (the file part is the spec's PDF copy, decision 218)", async () => {
    const auth = await bearer('direct.single')
    const form = new FormData()
    form.append('claimSubmission', JSON.stringify(homeownersClaim()))
    form.append('file', new File([PNG], 'kitchen.png', { type: 'image/png' }))
    const res = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, { method: 'POST', headers: auth, body: form })
    expect(res.status).toBe(415)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.copyNotPdf('kitchen.png'))
  })
})
