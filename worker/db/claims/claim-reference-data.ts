import type { D1Database } from '@cloudflare/workers-types'
import type { PolicyFamily } from '../../../shared/policy/family'
import type { ClaimsMatrixRow, FraudLanguage } from '../../../shared/claims/api-shapes'

/**
 * Reads of the claims reference data (migration 0006): the cause-of-loss matrix, the per-policy claim
 * seed data and the fraud language. Not claims themselves (those are db/claim-records.ts).
 */

interface MatrixDbRow {
  id: number
  peril_description: string
  sub_peril_description: string
  weather_related: number
  mitigation_required: number
}

const toRow = (r: MatrixDbRow): ClaimsMatrixRow => ({
  Id: r.id,
  PerilDescription: r.peril_description,
  SubPerilDescription: r.sub_peril_description,
  WeatherRelated: r.weather_related,
  MitigationRequired: r.mitigation_required,
})

/** The family's claims matrix in its order; with a plan, only the rows that apply to that plan. */
export async function claimsMatrix(db: D1Database, family: PolicyFamily, planId: string | null): Promise<ClaimsMatrixRow[]> {
  const columns = 'm.id, m.peril_description, m.sub_peril_description, m.weather_related, m.mitigation_required'
  const stmt = planId
    ? db
        .prepare(
          `SELECT ${columns} FROM claims_matrix m JOIN claims_matrix_plans p ON p.matrix_id = m.id WHERE m.family = ?1 AND p.plan_id = ?2 ORDER BY m.position, m.id`,
        )
        .bind(family, planId)
    : db.prepare(`SELECT ${columns} FROM claims_matrix m WHERE m.family = ?1 ORDER BY m.position, m.id`).bind(family)
  const { results } = await stmt.all<MatrixDbRow>()
  return results.map(toRow)
}

export interface ClaimSeedRecord {
  exclusions: string[]
  endorsements: string[]
  deductibles: Record<string, number>
  shellClaim: boolean
  mitigationType: number
}

function jsonOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

export async function claimSeedRecord(db: D1Database, policyId: string): Promise<ClaimSeedRecord | null> {
  const row = await db
    .prepare('SELECT exclusions, endorsements, deductibles, shell_claim, mitigation_type FROM claim_seed_data WHERE policy_id = ?1')
    .bind(policyId)
    .first<{ exclusions: string; endorsements: string; deductibles: string; shell_claim: number; mitigation_type: number }>()
  if (!row) return null
  return {
    exclusions: jsonOr<string[]>(row.exclusions, []),
    endorsements: jsonOr<string[]>(row.endorsements, []),
    deductibles: jsonOr<Record<string, number>>(row.deductibles, {}),
    shellClaim: row.shell_claim === 1,
    mitigationType: row.mitigation_type,
  }
}

/** The fraud language of the state, else the default ('*'); null when neither exists. */
export async function fraudLanguage(db: D1Database, state: string): Promise<FraudLanguage | null> {
  const row = await db
    .prepare("SELECT description, font_name, font_size, font_weight FROM claim_fraud_language WHERE state IN (?1, '*') ORDER BY state = '*' LIMIT 1")
    .bind(state)
    .first<{ description: string; font_name: string; font_size: string; font_weight: string }>()
  return row ? { Description: row.description, FontName: row.font_name, FontSize: row.font_size, FontWeight: row.font_weight } : null
}
