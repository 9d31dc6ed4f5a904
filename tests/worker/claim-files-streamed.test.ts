import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { bearer, seed } from './helpers'
import { UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { CHUNK_BYTES } from '../../worker/services/request/body-chunks'
import { forgetClaimRateCounts, SAM_HOME, uploadClaimFile } from './claims-fixtures'
import { jpegOfSize } from '../support/image-files'

/**
 * Decision 196: a claim file is read into two buffers used in turn, checked and hashed chunk by chunk,
 * and written to R2 one chunk late. These files span many reads, so a buffer used again too early, a
 * chunk lost or sent twice, or a check that misses a read's edge would show in what R2 keeps.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

const hex = async (bytes: Uint8Array) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('')

/** A JPEG whole by its structure, `size` long, its scan data different at every offset and in every file. */
const photo = (seedNumber: number, size: number): Uint8Array => jpegOfSize(size, seedNumber)

async function stored(fileId: string): Promise<Uint8Array> {
  const row = await env.DB.prepare('SELECT r2_key FROM claim_uploads WHERE id = ?').bind(fileId).first<{ r2_key: string }>()
  const object = await env.DOCS.get(row!.r2_key)
  return new Uint8Array(await object!.arrayBuffer())
}

describe('ClaimFile: files of many reads', () => {
  it('ten files sent at once: each 201 (no 5xx), each hashed as sent and stored byte for byte', async () => {
    const auth = await bearer('direct.single')
    // 1.5 MB and a little: six full reads and a part, in each of ten requests at once.
    const files = Array.from({ length: 10 }, (_, i) => photo(i, 6 * CHUNK_BYTES + 1000 + i))
    const answers = await Promise.all(files.map((bytes, i) => uploadClaimFile(SAM_HOME, auth, bytes, `room-${i + 1}.jpg`)))
    expect(answers.map((r) => r.status)).toEqual(files.map(() => 201))
    for (const [i, res] of answers.entries()) {
      const body = (await res.json()) as { fileId: string; bytes: number; sha256: string; contentType: string }
      expect(body).toMatchObject({ bytes: files[i]!.byteLength, sha256: await hex(files[i]!), contentType: 'image/jpeg' })
      expect(await hex(await stored(body.fileId))).toBe(body.sha256)
    }
  })

  it('the same key again: the first answer for the same bytes, 422 for a file one byte different', async () => {
    const auth = await bearer('direct.single')
    const key = `file-${crypto.randomUUID()}`
    const bytes = photo(42, 3 * CHUNK_BYTES + 7)
    const first = await uploadClaimFile(SAM_HOME, auth, bytes, 'hall.jpg', { key })
    expect(first.status).toBe(201)
    const again = await uploadClaimFile(SAM_HOME, auth, bytes, 'hall.jpg', { key })
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(((await again.json()) as { fileId: string }).fileId).toBe(((await first.json()) as { fileId: string }).fileId)
    const changed = bytes.slice()
    changed[2 * CHUNK_BYTES + 3]! ^= 1
    expect((await uploadClaimFile(SAM_HOME, auth, changed, 'hall.jpg', { key })).status).toBe(422)
  })

  it('a PDF whose /JavaScript is split between two reads, or ends the file: 415, nothing stored', async () => {
    const auth = await bearer('direct.single')
    const pdf = (before: number, tail: string) => {
      const text = new TextEncoder()
      const head = text.encode('%PDF-1.4\n')
      const bytes = new Uint8Array(before + tail.length)
      bytes.fill(0x20)
      bytes.set(head)
      bytes.set(text.encode(tail), before)
      return bytes
    }
    const before = (await env.DOCS.list({ prefix: `claims/${SAM_HOME}/uploads/` })).objects.length
    const cases = [
      [pdf(CHUNK_BYTES - 4, '/JavaScript (app.alert(1))'), 'javascript'],
      [pdf(2 * CHUNK_BYTES - 3, '/Launch'), 'launch'],
    ] as const
    for (const [bytes, part] of cases) {
      const res = await uploadClaimFile(SAM_HOME, auth, bytes, 'estimate.pdf')
      expect(res.status).toBe(415)
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.pdfParts('estimate.pdf', [part]))
    }
    expect((await env.DOCS.list({ prefix: `claims/${SAM_HOME}/uploads/` })).objects.length).toBe(before)
  })
})
