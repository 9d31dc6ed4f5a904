import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { SEED_TIMESTAMP } from './dates'
import { CLAIMS_MATRIX, FRAUD_LANGUAGE, claimSeedRows } from './claims-data'

/**
 * Upserts of the demo claims data, in the style of rows.ts: each statement writes only when a value
 * differs, so a rerun changes nothing; rows the demo no longer has are deleted, so reseeding puts the
 * claims reference data back as the code says. Claims, files and drafts that users made are left alone.
 */
function claimsSeedStatements(db: D1Database, policies: readonly Policy[]): D1PreparedStatement[] {
  const matrixIds = CLAIMS_MATRIX.map((r) => r.id)
  const pairs = CLAIMS_MATRIX.flatMap((r) => r.plans.map((plan) => [r.id, plan] as const))
  const seeds = claimSeedRows(policies)
  return [
    db.prepare('DELETE FROM claims_matrix WHERE id NOT IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(matrixIds)),
    ...CLAIMS_MATRIX.map((r, position) =>
      db
        .prepare(
          `INSERT INTO claims_matrix (id, family, peril_description, sub_peril_description, weather_related, mitigation_required, position)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
           ON CONFLICT(id) DO UPDATE SET family = excluded.family, peril_description = excluded.peril_description,
             sub_peril_description = excluded.sub_peril_description, weather_related = excluded.weather_related,
             mitigation_required = excluded.mitigation_required, position = excluded.position
           WHERE claims_matrix.family IS NOT excluded.family OR claims_matrix.peril_description IS NOT excluded.peril_description
              OR claims_matrix.sub_peril_description IS NOT excluded.sub_peril_description
              OR claims_matrix.weather_related IS NOT excluded.weather_related
              OR claims_matrix.mitigation_required IS NOT excluded.mitigation_required
              OR claims_matrix.position IS NOT excluded.position`,
        )
        .bind(r.id, r.family, r.peril, r.subPeril, r.weather, r.mitigation, position),
    ),
    db
      .prepare(`DELETE FROM claims_matrix_plans WHERE (matrix_id || ':' || plan_id) NOT IN (SELECT value FROM json_each(?1))`)
      .bind(JSON.stringify(pairs.map(([id, plan]) => `${id}:${plan}`))),
    ...pairs.map(([id, plan]) => db.prepare('INSERT INTO claims_matrix_plans (matrix_id, plan_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING').bind(id, plan)),
    db
      .prepare('DELETE FROM claim_fraud_language WHERE state NOT IN (SELECT value FROM json_each(?1))')
      .bind(JSON.stringify(FRAUD_LANGUAGE.map((f) => f.state))),
    ...FRAUD_LANGUAGE.map((f) =>
      db
        .prepare(
          `INSERT INTO claim_fraud_language (state, description, font_name, font_size, font_weight) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT(state) DO UPDATE SET description = excluded.description, font_name = excluded.font_name,
             font_size = excluded.font_size, font_weight = excluded.font_weight
           WHERE claim_fraud_language.description IS NOT excluded.description OR claim_fraud_language.font_name IS NOT excluded.font_name
              OR claim_fraud_language.font_size IS NOT excluded.font_size OR claim_fraud_language.font_weight IS NOT excluded.font_weight`,
        )
        .bind(f.state, f.description, f.fontName, f.fontSize, f.fontWeight),
    ),
    db.prepare('DELETE FROM claim_seed_data WHERE policy_id NOT IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(seeds.map((s) => s.policyId))),
    ...seeds.map((s) =>
      db
        .prepare(
          `INSERT INTO claim_seed_data (policy_id, exclusions, endorsements, deductibles, shell_claim, mitigation_type, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
           ON CONFLICT(policy_id) DO UPDATE SET exclusions = excluded.exclusions, endorsements = excluded.endorsements,
             deductibles = excluded.deductibles, shell_claim = excluded.shell_claim, mitigation_type = excluded.mitigation_type,
             updated_at = excluded.updated_at
           WHERE claim_seed_data.exclusions IS NOT excluded.exclusions OR claim_seed_data.endorsements IS NOT excluded.endorsements
              OR claim_seed_data.deductibles IS NOT excluded.deductibles OR claim_seed_data.shell_claim IS NOT excluded.shell_claim
              OR claim_seed_data.mitigation_type IS NOT excluded.mitigation_type OR claim_seed_data.updated_at IS NOT excluded.updated_at`,
        )
        .bind(
          s.policyId,
          JSON.stringify(s.exclusions),
          JSON.stringify(s.endorsements),
          JSON.stringify(s.deductibles),
          s.shellClaim ? 1 : 0,
          s.mitigationType,
          SEED_TIMESTAMP,
        ),
    ),
  ]
}

/** Writes the claims data in one batch (one transaction); returns the rows changed. */
export async function upsertClaimsRows(db: D1Database, policies: readonly Policy[]): Promise<number> {
  const results = await db.batch(claimsSeedStatements(db, policies))
  return results.reduce((sum, r) => sum + (r.meta?.changes ?? 0), 0)
}
