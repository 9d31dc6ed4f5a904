import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, bearer, seed } from './helpers'
import { ERIN_FLOOD, floodClaim, forgetClaimRateCounts, homeownersClaim, PNG, SAM_HOME } from './claims-fixtures'
import { MAX_CLAIM_COPY_BYTES, UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { claimReportedText } from '../../shared/claims/messages'
import { TOO_LARGE } from '../../worker/middleware/body-limit'
import { renderClaimPdf } from '../../worker/services/claims/claim-pdf'
import { REFUSED_PDFS } from '../support/pdf-files'

/**
 * Issue 37 item 1 (decision 218): spec 001 section 7, 'Submit claim': POST FirstNoticeOfLoss/{policyId},
 * multipart with `claimSubmission` (JSON) and `file` (a PDF copy); 200 or 202 with the text shown as the
 * success notice. The portal takes exactly that body: the copy is read within the body limit, checked as
 * every claim file is (decision 204) and kept beside the portal's own copy. Photos still travel one per
 * request (ClaimFile).
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

const CLAIM_NUMBER = /^Your claim has been reported\. Your claim number is ((?:HO|FL)-\d{4}-\d+)\./

/** The client's PDF copy of the payload, as the spec's client sends it: here drawn by the portal's own renderer. */
async function pdfCopyOf(submission: Parameters<typeof renderClaimPdf>[0]['submission']): Promise<Uint8Array> {
  return renderClaimPdf({ claimNumber: '', peril: '', detailedCause: '', submission, fileNames: [], reportedAt: Date.now() })
}

/** The spec's body: the claimSubmission part as JSON text and the file part, a PDF. */
function specBody(submission: unknown, file: { bytes: Uint8Array; name: string; type?: string } | null, extra: [string, string | File][] = []): FormData {
  const form = new FormData()
  form.append('claimSubmission', JSON.stringify(submission))
  if (file) form.append('file', new File([file.bytes], file.name, { type: file.type ?? 'application/pdf' }))
  for (const [name, value] of extra) form.append(name, value)
  return form
}

function submit(family: string, policyId: string, auth: Record<string, string>, body: FormData | string, headers: Record<string, string> = {}) {
  return api(`/v1/${family}/FirstNoticeOfLoss/${policyId}`, { method: 'POST', headers: { ...auth, ...headers }, body })
}

async function claimsOf(policyId: string): Promise<{ claim_number: string; pdf_key: string }[]> {
  const { results } = await env.DB.prepare('SELECT claim_number, pdf_key FROM claims WHERE policy_id = ? ORDER BY created_at').bind(policyId).all()
  return results as { claim_number: string; pdf_key: string }[]
}

async function bytesAt(key: string): Promise<Uint8Array | null> {
  const object = await env.DOCS.get(key)
  return object ? new Uint8Array(await object.arrayBuffer()) : null
}

describe("FirstNoticeOfLoss takes spec 001's own body: claimSubmission (JSON) and file (a PDF copy)", () => {
  it.each([
    ['homeowners', SAM_HOME, 'direct.single', () => homeownersClaim()],
    ['flood', ERIN_FLOOD, 'direct.edge-cases', () => floodClaim()],
  ] as const)(
    "%s: 200 with the text the spec shows as the success notice; the copy kept byte for byte beside the portal's own",
    async (family, policyId, persona, claim) => {
      const auth = await bearer(persona)
      const submission = claim()
      const copy = await pdfCopyOf(submission as never)
      const before = (await claimsOf(policyId)).length
      const res = await submit(family, policyId, auth, specBody(submission, { bytes: copy, name: 'claim.pdf' }), {
        'Idempotency-Key': `spec-${crypto.randomUUID()}`,
      })
      const answer = await res.text()
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/)
      const claimNumber = CLAIM_NUMBER.exec(answer)?.[1]
      expect(answer).toBe(claimReportedText(claimNumber!, []))
      const claims = await claimsOf(policyId)
      expect(claims).toHaveLength(before + 1)
      const made = claims.at(-1)!
      expect(made.claim_number).toBe(claimNumber)
      const clientKey = made.pdf_key.replace(/claim\.pdf$/, 'client-copy.pdf')
      expect(await bytesAt(clientKey)).toEqual(copy)
      expect((await env.DOCS.head(clientKey))?.customMetadata).toMatchObject({ policyId, claimNumber, source: 'client' })
      expect(await bytesAt(made.pdf_key)).not.toBeNull() // the portal's own copy, as before
      // Decision 218's figure: the size of a copy of a claim's words.
      console.log(`[claim-spec-body] ${family} PDF copy: ${copy.byteLength} bytes (limit ${MAX_CLAIM_COPY_BYTES})`)
    },
  )

  it('the same body again with its Idempotency-Key: the same claim, one copy; another copy under that key is another request (422)', async () => {
    const auth = await bearer('direct.single')
    const submission = homeownersClaim()
    const copy = await pdfCopyOf(submission as never)
    const key = `spec-${crypto.randomUUID()}`
    const first = await submit('homeowners', SAM_HOME, auth, specBody(submission, { bytes: copy, name: 'claim.pdf' }), { 'Idempotency-Key': key })
    expect(first.status).toBe(200)
    const before = (await claimsOf(SAM_HOME)).length
    const again = await submit('homeowners', SAM_HOME, auth, specBody(submission, { bytes: copy, name: 'claim.pdf' }), { 'Idempotency-Key': key })
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(await first.text())
    expect(await claimsOf(SAM_HOME)).toHaveLength(before)
    const other = await pdfCopyOf({ ...submission, lossDescription: 'Another copy' } as never)
    const changed = await submit('homeowners', SAM_HOME, auth, specBody(submission, { bytes: other, name: 'claim.pdf' }), { 'Idempotency-Key': key })
    expect(changed.status).toBe(422)
    expect(await claimsOf(SAM_HOME)).toHaveLength(before)
  })
})

describe('the file part is the PDF copy: anything else is refused, and no claim is made', () => {
  const refusals = [
    ['a photo', () => ({ bytes: PNG, name: 'kitchen.png', type: 'image/png' }), 415, UPLOAD_REFUSAL.copyNotPdf('kitchen.png')],
    ['a photo labelled as a PDF', () => ({ bytes: PNG, name: 'kitchen.pdf' }), 415, UPLOAD_REFUSAL.copyNotPdf('kitchen.pdf')],
    [
      'a copy over 2 MB',
      () => ({ bytes: new Uint8Array(MAX_CLAIM_COPY_BYTES + 1).fill(0x20).map((b, i) => (i < 5 ? '%PDF-'.charCodeAt(i) : b)), name: 'big.pdf' }),
      413,
      UPLOAD_REFUSAL.copyTooBig('big.pdf'),
    ],
  ] as const
  it.each(refusals)('%s: refused, saying why', async (_what, file, status, message) => {
    const auth = await bearer('direct.single')
    const before = (await claimsOf(SAM_HOME)).length
    const res = await submit('homeowners', SAM_HOME, auth, specBody(homeownersClaim(), file()))
    expect(res.status).toBe(status)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(message)
    expect(await claimsOf(SAM_HOME)).toHaveLength(before)
  })

  it('a PDF with JavaScript and an automatic action (decision 204): 415 naming its parts', async () => {
    const auth = await bearer('direct.single')
    const sample = REFUSED_PDFS.find((p) => p.parts.includes('javascript'))!
    const before = (await claimsOf(SAM_HOME)).length
    const res = await submit('homeowners', SAM_HOME, auth, specBody(homeownersClaim(), { bytes: await sample.bytes(), name: 'copy.pdf' }))
    expect(res.status).toBe(415)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.pdfParts('copy.pdf', sample.parts))
    expect(await claimsOf(SAM_HOME)).toHaveLength(before)
  })

  it('two file parts: 400, one copy', async () => {
    const auth = await bearer('direct.single')
    const submission = homeownersClaim()
    const copy = await pdfCopyOf(submission as never)
    const body = specBody(submission, { bytes: copy, name: 'claim.pdf' }, [['file', new File([copy], 'again.pdf', { type: 'application/pdf' })]])
    const res = await submit('homeowners', SAM_HOME, auth, body)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.oneCopy)
  })

  it('only the copy gets the larger limit: a body past it, and a report without a copy past 64 KB, are 413', async () => {
    const auth = await bearer('direct.single')
    const huge = specBody(homeownersClaim(), { bytes: new Uint8Array(MAX_CLAIM_COPY_BYTES + 80 * 1024), name: 'huge.pdf' })
    const over = await submit('homeowners', SAM_HOME, auth, huge)
    expect(over.status).toBe(413)
    expect(((await over.json()) as { errorMessage: string }).errorMessage).toBe(TOO_LARGE)
    const padded = JSON.stringify({ claimSubmission: homeownersClaim(), fileIds: [], padding: 'x'.repeat(70 * 1024) })
    const json = await submit('homeowners', SAM_HOME, auth, padded, { 'Content-Type': 'application/json' })
    expect(json.status).toBe(413)
    const noCopy = specBody(homeownersClaim(), null, [['fileId', 'x'.repeat(70 * 1024)]])
    expect((await submit('homeowners', SAM_HOME, auth, noCopy)).status).toBe(413)
  })
})
