import type { D1Database } from '@cloudflare/workers-types'
import type { ChangeRequest, ChangeState, PolicyParts } from '../../integrations/policy-admin/port'

/**
 * The policy administration stand-in's own state (migration 0033's standin_policy_admin_*; dev only):
 * the parts of each policy as of its latest quote or bind, and its quotes with what became of them.
 */
export interface StandInQuote {
  quoteId: string
  policyId: string
  reference: string
  effectiveDate: string
  request: ChangeRequest
  premiumChangeCents: number
  referral: string | null
  status: 'quoted' | 'bound' | 'referred' | 'declined'
  changeId: string | null
  bindKey: string | null
  boundParts: PolicyParts | null
  reason: string | null
  createdAt: number
}

interface Row {
  quote_id: string
  policy_id: string
  reference: string
  effective_date: string
  request: string
  premium_change_cents: number
  referral: string | null
  status: StandInQuote['status']
  change_id: string | null
  bind_key: string | null
  bound_parts: string | null
  reason: string | null
  created_at: number
}

const quoteOf = (r: Row): StandInQuote => ({
  quoteId: r.quote_id,
  policyId: r.policy_id,
  reference: r.reference,
  effectiveDate: r.effective_date,
  request: JSON.parse(r.request) as ChangeRequest,
  premiumChangeCents: r.premium_change_cents,
  referral: r.referral,
  status: r.status,
  changeId: r.change_id,
  bindKey: r.bind_key,
  boundParts: r.bound_parts ? (JSON.parse(r.bound_parts) as PolicyParts) : null,
  reason: r.reason,
  createdAt: r.created_at,
})

/**
 * The policy's parts as of this quote: the stand-in takes the portal's `asOf` as the policy of record
 * (the demo seed is restored under it, so what it bound before may be gone), and binds onto what it holds.
 * A quote carries only its kind's parts, so they are merged over the others held (json_patch): a
 * deductible's quote must not drop the mortgagees a mortgagee quote priced before it binds onto.
 */
export async function partsOf(db: D1Database, policyId: string, asOf: PolicyParts): Promise<PolicyParts> {
  await db
    .prepare(
      'INSERT INTO standin_policy_admin_policies (policy_id, parts) VALUES (?1, ?2) ON CONFLICT (policy_id) DO UPDATE SET parts = json_patch(parts, excluded.parts)',
    )
    .bind(policyId, JSON.stringify(asOf))
    .run()
  const row = await db.prepare('SELECT parts FROM standin_policy_admin_policies WHERE policy_id = ?').bind(policyId).first<{ parts: string }>()
  return JSON.parse(row!.parts) as PolicyParts
}

/** The parts it holds for the policy (the last quote's, or what a bind wrote since). */
export async function heldParts(db: D1Database, policyId: string): Promise<PolicyParts> {
  const row = await db.prepare('SELECT parts FROM standin_policy_admin_policies WHERE policy_id = ?').bind(policyId).first<{ parts: string }>()
  return row ? (JSON.parse(row.parts) as PolicyParts) : {}
}

export async function keepQuote(db: D1Database, q: Omit<StandInQuote, 'status' | 'changeId' | 'bindKey' | 'boundParts' | 'reason'>): Promise<void> {
  await db
    .prepare(
      `INSERT INTO standin_policy_admin_quotes (quote_id, policy_id, reference, effective_date, request, premium_change_cents, referral, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(q.quoteId, q.policyId, q.reference, q.effectiveDate, JSON.stringify(q.request), q.premiumChangeCents, q.referral, q.createdAt)
    .run()
}

export async function findQuote(db: D1Database, quoteId: string): Promise<StandInQuote | null> {
  const row = await db.prepare('SELECT * FROM standin_policy_admin_quotes WHERE quote_id = ?').bind(quoteId).first<Row>()
  return row ? quoteOf(row) : null
}

export async function allQuotes(db: D1Database): Promise<StandInQuote[]> {
  return (await db.prepare('SELECT * FROM standin_policy_admin_quotes ORDER BY created_at DESC, quote_id LIMIT 200').all<Row>()).results.map(quoteOf)
}

/**
 * Decides a quote once: bound (its parts written to the policy in the same transaction), referred or
 * declined. Only a quote still 'quoted' (or, for a reviewer's decision, 'referred') moves; false when
 * another request moved it first.
 */
export async function decideQuote(
  db: D1Database,
  q: StandInQuote,
  to: { status: 'bound'; parts: PolicyParts } | { status: 'referred' } | { status: 'declined'; reason: string },
  from: 'quoted' | 'referred',
  bindKey: string | null,
  now: number,
): Promise<boolean> {
  const changeId = q.changeId ?? `chg_${crypto.randomUUID()}`
  const parts = to.status === 'bound' ? JSON.stringify(to.parts) : null
  const [moved] = await db.batch<{ quote_id: string }>([
    db
      .prepare(
        `UPDATE standin_policy_admin_quotes SET status = ?2, change_id = ?3, bind_key = COALESCE(bind_key, ?4), bound_parts = ?5, reason = ?6, decided_at = ?7
         WHERE quote_id = ?1 AND status = ?8 RETURNING quote_id`,
      )
      .bind(q.quoteId, to.status, changeId, bindKey, parts, to.status === 'declined' ? to.reason : null, now, from),
    db
      .prepare(
        `UPDATE standin_policy_admin_policies SET parts = ?2
         WHERE policy_id = ?1 AND ?2 IS NOT NULL AND EXISTS (SELECT 1 FROM standin_policy_admin_quotes WHERE quote_id = ?3 AND status = 'bound' AND decided_at = ?4)`,
      )
      .bind(q.policyId, parts, q.quoteId, now),
  ])
  return (moved?.results.length ?? 0) > 0
}

export function stateOf(q: StandInQuote): ChangeState {
  switch (q.status) {
    case 'quoted':
      return { status: 'quoted' }
    case 'bound':
      return { status: 'bound', changeId: q.changeId!, effectiveDate: q.effectiveDate, policy: q.boundParts ?? {} }
    case 'referred':
      return { status: 'referred', changeId: q.changeId!, reason: q.referral ?? '' }
    case 'declined':
      return { status: 'declined', changeId: q.changeId!, reason: q.reason ?? '' }
  }
}

export async function forgetAll(db: D1Database): Promise<void> {
  await db.batch([db.prepare('DELETE FROM standin_policy_admin_quotes'), db.prepare('DELETE FROM standin_policy_admin_policies')])
}
