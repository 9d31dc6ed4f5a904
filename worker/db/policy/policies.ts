import type { D1Database } from '@cloudflare/workers-types'
import { policySchema, type Policy } from '../../../shared/policy/schemas/policy'
import type { PendingPayment } from '../../../shared/payments/pending'
import { docUnlessHeld, heldVersions, policyOf, versionColumn } from './policy-cache'
import { pendingPaymentColumn, pendingPaymentOf } from '../payments/payments'
import { autopayColumn, autopayOf } from '../payments/autopay'
import type { AutopayFacts } from '../../../shared/payments/autopay'

/** The policy of record, validated on read; null when it does not exist. */
export async function findPolicy(db: D1Database, policyId: string): Promise<Policy | null> {
  const row = await db.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return row ? policySchema.parse(JSON.parse(row.doc)) : null
}

/** A policy of record with the flag the layout needs (spec 000 "Partner-site redirect"), read together. */
export interface PolicyRecord {
  policy: Policy
  sendToProgressive: boolean
  /** A payment on the policy still being processed (decision 171), read in the same query. */
  pendingPayment: PendingPayment | null
  /** Its automatic payments (issue 22), read in the same query. */
  autopay: AutopayFacts | null
}

/** The columns a policy read takes: the flag, the version, and the document unless the isolate holds it. */
export interface PolicyColumns {
  policy_id: string
  /** Text: exact, unlike a 64-bit integer read as a JavaScript number. */
  version: string
  doc: string | null
  send_to_progressive: number
  /** pendingPaymentColumn(): JSON or NULL. */
  pending_payment: string | null
  /** autopayColumn(): JSON. */
  autopay: string | null
}

export function policyColumns(table: string, held: string): string {
  return `${table}.policy_id, ${versionColumn(table)} AS version, ${docUnlessHeld(table, held)} AS doc, ${table}.send_to_progressive, ${pendingPaymentColumn(table)} AS pending_payment, ${autopayColumn(table)} AS autopay`
}

/** The record of a row read with policyColumns(); undefined when the cached document went missing meanwhile. */
export function recordOf(row: PolicyColumns): PolicyRecord | undefined {
  const policy = policyOf(row.policy_id, row.version, row.doc)
  return (
    policy && {
      policy,
      sendToProgressive: row.send_to_progressive === 1,
      pendingPayment: pendingPaymentOf(row.pending_payment),
      autopay: autopayOf(row.autopay),
    }
  )
}

/** Runs a policy read with the held versions, and once more without them if the cache lost the entry. */
async function readRecord(read: (held: string) => Promise<PolicyColumns | null>): Promise<PolicyRecord | null> {
  const row = await read(heldVersions())
  if (!row) return null
  const record = recordOf(row)
  if (record) return record
  const again = await read('{}')
  return again ? (recordOf(again) ?? null) : null
}

/** The policy and its flag in one query; null when it does not exist. */
export function findPolicyRecord(db: D1Database, policyId: string): Promise<PolicyRecord | null> {
  return readRecord((held) =>
    db
      .prepare(`SELECT ${policyColumns('p', '?2')} FROM policies p WHERE p.policy_id = ?1`)
      .bind(policyId, held)
      .first<PolicyColumns>(),
  )
}

/** The same, only when the policy is linked to the profile: scope check and read in one query. */
export function findLinkedPolicyRecord(db: D1Database, profileId: string, policyId: string): Promise<PolicyRecord | null> {
  return readRecord((held) =>
    db
      .prepare(
        `SELECT ${policyColumns('p', '?3')} FROM policies p
         JOIN profile_policies pp ON pp.policy_id = p.policy_id WHERE p.policy_id = ?1 AND pp.profile_id = ?2`,
      )
      .bind(policyId, profileId, held)
      .first<PolicyColumns>(),
  )
}
