import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { bearer, seed } from './helpers'
import { routeOutbound, portalEnv } from './sso-support'
import { ERIN_FLOOD, JPEG_BYTES, PNG, SAM_HOME, uploadClaimFile } from './claims-fixtures'
import { drainClaimNotices, reportHomeownersClaim, resetClaimsSystem, standInClaims } from './claims-system-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { MAX_FILES_PER_CLAIM, UPLOAD_MSG, UPLOAD_REFUSAL } from '../../shared/claims/uploads'

/**
 * Issue 19 item 4 (decision 169): a file added to an open claim (ClaimFile with ?claimNumber=) joins the
 * claim at once and reaches the claims system through the outbox's 'claim-document' channel, once.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel = 'claim-document' AND status IN ('pending', 'leased')").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const drainDocuments = (now: number) => drainOutbox(portalEnv, { channels: ['claim-document'], now })
const documentRow = (fileId: string) =>
  env.DB.prepare('SELECT status, attempts FROM outbox WHERE dedupe_key = ?').bind(`claim-document:${fileId}`).first<{ status: string; attempts: number }>()
const filesOf = async (claimNumber: string) =>
  (
    await env.DB.prepare('SELECT position, file_name, sent_at FROM claim_files WHERE claim_number = ? ORDER BY position')
      .bind(claimNumber)
      .all<{ position: number; file_name: string; sent_at: number | null }>()
  ).results

async function addFile(claimNumber: string, name: string, bytes: Uint8Array = JPEG_BYTES, policyId = SAM_HOME) {
  return uploadClaimFile(policyId, await bearer('direct.single'), bytes, name, { claimNumber })
}

describe('files added after filing', () => {
  it('joins the open claim and reaches the claims system once; drained again, still once', async () => {
    const claimNumber = await reportHomeownersClaim()
    const t0 = Date.now() + 1000
    expect(await drainClaimNotices(t0)).toEqual({ delivered: 1, retried: 0, dead: 0 })

    const res = await addFile(claimNumber, 'receipt.jpg')
    expect(res.status).toBe(201)
    const added = (await res.json()) as { fileId: string; claimNumber: string; contentType: string }
    expect(added).toMatchObject({ claimNumber, contentType: 'image/jpeg' })
    expect((await filesOf(claimNumber)).map((f) => [f.position, f.file_name])).toEqual([
      [1, 'kitchen.png'],
      [2, 'receipt.jpg'],
    ])

    // Delivered by the request's own drain (development), or at the next drain: either way, once.
    await drainDocuments(t0 + 1000)
    expect(await documentRow(added.fileId)).toMatchObject({ status: 'delivered' })
    const [held] = await standInClaims(claimNumber)
    expect(held!.documents).toEqual([
      { name: 'kitchen.png', contentType: 'image/png', bytes: PNG.byteLength },
      // A file sent later carries the portal's id of it (document.received names it) and the request it answers (decision 207).
      { name: 'receipt.jpg', contentType: 'image/jpeg', bytes: JPEG_BYTES.byteLength, documentId: added.fileId, answers: null },
    ])
    // The row put back by hand (as the dev outbox's Retry would): the file is marked sent, nothing is added.
    await env.DB.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE dedupe_key = ?").bind(`claim-document:${added.fileId}`).run()
    expect(await drainDocuments(t0 + 2000)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect((await standInClaims(claimNumber))[0]!.documents).toHaveLength(2)
  })

  it('a file added before the claim reached the claims system travels with its notice, never twice', async () => {
    const claimNumber = await reportHomeownersClaim()
    const res = await addFile(claimNumber, 'later.jpg')
    expect(res.status).toBe(201)
    const { fileId } = (await res.json()) as { fileId: string }
    // The claim is not filed yet: the document waits (a retry), it is not sent ahead of its claim.
    expect(await documentRow(fileId)).toMatchObject({ status: 'pending' })

    const t0 = Date.now() + 1000
    expect(await drainClaimNotices(t0)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect((await filesOf(claimNumber)).every((f) => f.sent_at === t0)).toBe(true)
    await env.DB.prepare('UPDATE outbox SET next_attempt_at = 0 WHERE dedupe_key = ?').bind(`claim-document:${fileId}`).run()
    expect(await drainDocuments(t0 + 1000)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect((await standInClaims(claimNumber))[0]!.documents.map((d) => d.name)).toEqual(['kitchen.png', 'later.jpg'])
  })

  it('a document that met its unfiled claim is due again the moment the claim is filed, not after its backoff', async () => {
    const claimNumber = await reportHomeownersClaim()
    const res = await addFile(claimNumber, 'storm.jpg')
    const { fileId } = (await res.json()) as { fileId: string }
    const t0 = Date.now() + 1000
    // The claims system was down when the claim was reported: the document ran into the unfiled claim.
    await env.DB.prepare('UPDATE outbox SET next_attempt_at = 0 WHERE dedupe_key = ?').bind(`claim-document:${fileId}`).run()
    expect(await drainDocuments(t0)).toEqual({ delivered: 0, retried: 1, dead: 0 })
    const waiting = await env.DB.prepare('SELECT next_attempt_at FROM outbox WHERE dedupe_key = ?')
      .bind(`claim-document:${fileId}`)
      .first<{ next_attempt_at: number }>()
    expect(waiting!.next_attempt_at).toBeGreaterThan(t0 + 10_000)

    const t1 = t0 + 2000
    expect(await drainClaimNotices(t1)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await drainDocuments(t1)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect((await standInClaims(claimNumber))[0]!.documents.map((d) => d.name)).toEqual(['kitchen.png', 'storm.jpg'])
  })

  it("refuses a closed claim (409), another policy's claim number (404), a claim holding 50 files (400), a file that is not a photo (415)", async () => {
    const claimNumber = await reportHomeownersClaim()
    const notPhoto = await addFile(claimNumber, 'notes.txt', new TextEncoder().encode('just some text, not a photo'))
    expect(notPhoto.status).toBe(415)
    expect(((await notPhoto.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_MSG.wrongType('notes.txt'))

    const erin = await bearer('direct.edge-cases')
    const foreign = await uploadClaimFile(ERIN_FLOOD, erin, JPEG_BYTES, 'x.jpg', { claimNumber, family: 'flood' })
    expect(foreign.status).toBe(404)
    expect(((await foreign.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.noClaim(claimNumber))

    const fill = Array.from({ length: MAX_FILES_PER_CLAIM - 1 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO claim_files (claim_number, position, r2_key, file_name, content_type, size_bytes, sha256, created_at) VALUES (?, ?, ?, 'f.jpg', 'image/jpeg', 1, 'x', 0)",
      ).bind(claimNumber, i + 2, `test/${claimNumber}/${i}`),
    )
    await env.DB.batch(fill)
    const full = await addFile(claimNumber, 'one-more.jpg')
    expect(full.status).toBe(400)
    expect(((await full.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.claimFull)
    await env.DB.prepare('DELETE FROM claim_files WHERE claim_number = ? AND position > 1').bind(claimNumber).run()

    await env.DB.prepare("UPDATE claims SET status = 'Closed' WHERE claim_number = ?").bind(claimNumber).run()
    const closed = await addFile(claimNumber, 'late.jpg')
    expect(closed.status).toBe(409)
    expect(((await closed.json()) as { errorMessage: string }).errorMessage).toBe(UPLOAD_REFUSAL.claimClosed(claimNumber))
    expect(await filesOf(claimNumber)).toHaveLength(1)
  })
})
