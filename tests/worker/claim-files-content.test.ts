import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { bearer, seed } from './helpers'
import { policyTagged, withPolicy } from './servicing-helpers'
import { routeOutbound } from './sso-support'
import { forgetClaimRateCounts, SAM_HOME, uploadClaimFile } from './claims-fixtures'
import { reportHomeownersClaim } from './claims-system-support'
import { UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { type ImageSample, REFUSED_IMAGES, WHOLE_IMAGES } from '../support/image-files'
import { PLAIN_PDFS, REFUSED_PDFS } from '../support/pdf-files'

/**
 * Issue 31 item 5 (decision 204) through POST ClaimFile: the corpus of tests/support (images with a web
 * page, an archive or a video after them, images cut short; PDFs with actions, forms, embedded files,
 * rich media or JavaScript inside compressed object streams) is refused with the parts named, and
 * nothing of it is stored or sent on; real photos, plain PDFs and the portal's own PDFs still pass. The
 * claim page's form (the same upload) is in claim-page-documents.test.ts; the checks themselves, in
 * chunks of every size, in tests/unit/claim-file-content.test.ts.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())
afterEach(() => {
  vi.unstubAllGlobals()
})

const imageRefusal = (s: ImageSample) => (s.problem === 'trailing' ? UPLOAD_REFUSAL.imageTrailing(s.name) : UPLOAD_REFUSAL.imageBroken(s.name))

/** What the stores hold of SAM_HOME's uploads: upload rows and R2 objects. */
async function stored() {
  const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_uploads WHERE policy_id = ?').bind(SAM_HOME).first<{ n: number }>()
  const objects = (await env.DOCS.list({ prefix: `claims/${SAM_HOME}/uploads/` })).objects.length
  return { rows: rows!.n, objects }
}

async function refusal(res: Response): Promise<{ status: number; type: string | null; message: string }> {
  return { status: res.status, type: res.headers.get('Content-Type'), message: ((await res.json()) as { errorMessage: string }).errorMessage }
}

describe('POST ClaimFile: the upload corpus (issue 31 item 5)', () => {
  it('refuses every image that is more, or less, than an image: 415 naming the file and why; nothing stored', async () => {
    const auth = await bearer('direct.single')
    const before = await stored()
    for (const sample of REFUSED_IMAGES) {
      const res = await uploadClaimFile(SAM_HOME, auth, sample.bytes, sample.name)
      expect(await refusal(res), sample.what).toEqual({ status: 415, type: 'application/problem+json', message: imageRefusal(sample) })
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses every PDF with parts a claim file may not have, naming them all; nothing stored', async () => {
    const auth = await bearer('direct.single')
    const before = await stored()
    for (const sample of REFUSED_PDFS) {
      const res = await uploadClaimFile(SAM_HOME, auth, await sample.bytes(), sample.name)
      const message = UPLOAD_REFUSAL.pdfParts(sample.name, sample.parts)
      expect(await refusal(res), sample.what).toEqual({ status: 415, type: 'application/problem+json', message })
    }
    expect(await stored()).toEqual(before)
  })

  it('takes real photos, what phones write around them, and plain PDFs, stored byte for byte', async () => {
    const auth = await bearer('direct.single')
    const files = [
      ...WHOLE_IMAGES.map((s) => ({ ...s, file: s.bytes })),
      ...(await Promise.all(PLAIN_PDFS.map(async (s) => ({ ...s, file: await s.bytes() })))),
    ]
    for (const sample of files) {
      const res = await uploadClaimFile(SAM_HOME, auth, sample.file, sample.name)
      expect(res.status, sample.what).toBe(201)
      const { fileId } = (await res.json()) as { fileId: string }
      const row = await env.DB.prepare('SELECT r2_key FROM claim_uploads WHERE id = ?').bind(fileId).first<{ r2_key: string }>()
      expect(new Uint8Array(await (await env.DOCS.get(row!.r2_key))!.arrayBuffer()), sample.name).toEqual(sample.file)
    }
  })

  it("takes the portal's own PDFs: a proof of insurance and a claim's copy (object streams, embedded fonts, tags)", async () => {
    routeOutbound()
    const auth = await bearer('direct.single')
    const proof = await (await withPolicy(policyTagged('policy.homeowners-balance').policyId)).fetch('/policy-information/proof-of-insurance')
    expect(proof.headers.get('Content-Type')).toBe('application/pdf')
    const claimNumber = await reportHomeownersClaim()
    const copy = await (await withPolicy(SAM_HOME)).fetch(`/claims-history/${claimNumber}/copy`)
    expect(copy.headers.get('Content-Type')).toBe('application/pdf')
    for (const [name, res] of [
      ['proof-of-insurance.pdf', proof],
      ['claim-copy.pdf', copy],
    ] as const) {
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(new TextDecoder('latin1').decode(bytes), name).toContain('/ObjStm')
      expect((await uploadClaimFile(SAM_HOME, auth, bytes, name)).status, name).toBe(201)
    }
  })
})
