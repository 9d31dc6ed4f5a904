import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { seedClaim } from './claim-page-support'
import { SAM_HOME } from './claims-fixtures'
import { sweepUnattachedUploads, UNATTACHED_UPLOAD_TTL_MS } from '../../worker/services/claims/upload-sweep'

/**
 * Decision 169 left uploads no claim named in R2 and D1 for ever: the scheduled work now forgets them a
 * day after a draft could still name them, object and row; an attached upload and a recent one stay.
 */
const NOW = Date.UTC(2027, 0, 15)
beforeAll(() => seed(), 120_000)

async function upload(id: string, createdAt: number, claimNumber: string | null): Promise<string> {
  const r2Key = `claims/TEST/uploads/${id}/photo.jpg`
  await env.DOCS.put(r2Key, new Uint8Array([0xff, 0xd8, 0xff]))
  await env.DB.prepare(
    `INSERT INTO claim_uploads (id, policy_id, owner, r2_key, name, content_type, size, sha256, created_at, claim_number)
     VALUES (?1, 'TEST', 'owner', ?2, 'photo.jpg', 'image/jpeg', 3, 'x', ?3, ?4)`,
  )
    .bind(id, r2Key, createdAt, claimNumber)
    .run()
  return r2Key
}

const rowExists = async (id: string) => (await env.DB.prepare('SELECT 1 FROM claim_uploads WHERE id = ?').bind(id).first()) !== null

describe('the sweep of uploads no claim named', () => {
  it('forgets an old unattached upload (row and object); keeps an attached one and a recent one', async () => {
    const old = NOW - UNATTACHED_UPLOAD_TTL_MS - 1
    const gone = await upload('cf_sweepgone', old, null)
    const attached = await upload('cf_sweepkept', old, await seedClaim({ policyId: SAM_HOME }))
    const recent = await upload('cf_sweeprecent', NOW - UNATTACHED_UPLOAD_TTL_MS + 60_000, null)

    expect(await sweepUnattachedUploads(env, NOW)).toBe(1)
    expect(await rowExists('cf_sweepgone')).toBe(false)
    expect(await env.DOCS.head(gone)).toBeNull()
    expect(await rowExists('cf_sweepkept')).toBe(true)
    expect(await env.DOCS.head(attached)).not.toBeNull()
    expect(await rowExists('cf_sweeprecent')).toBe(true)
    expect(await env.DOCS.head(recent)).not.toBeNull()
    // A second run finds nothing more.
    expect(await sweepUnattachedUploads(env, NOW)).toBe(0)
  })
})
