import type { Env } from '../../env'
import { DRAFT_TTL_MS } from '../../../shared/claims/uploads'

/**
 * Claim files uploaded but never named by a claim (a person chose photos and left, decision 169) are
 * forgotten once no draft can still name them: a day past a draft's life. At most SWEEP_BATCH a run
 * (the cron runs every minute). The rows go first, so no claim can attach an upload whose object is
 * being deleted; a crash between the two leaves only an unreachable object, never a claim without its file.
 */
export const UNATTACHED_UPLOAD_TTL_MS = DRAFT_TTL_MS + 24 * 60 * 60_000
const SWEEP_BATCH = 200

export async function sweepUnattachedUploads(env: Pick<Env, 'DB' | 'DOCS'>, now: number): Promise<number> {
  const { results } = await env.DB.prepare(
    `DELETE FROM claim_uploads WHERE id IN (
       SELECT id FROM claim_uploads WHERE claim_number IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2
     ) AND claim_number IS NULL RETURNING r2_key`,
  )
    .bind(now - UNATTACHED_UPLOAD_TTL_MS, SWEEP_BATCH)
    .all<{ r2_key: string }>()
  if (results.length > 0) await env.DOCS.delete(results.map((r) => r.r2_key))
  return results.length
}
