import { env } from 'cloudflare:workers'
import { api } from './helpers'
import { portalEnv } from './sso-support'
import { signatureHeaders } from '../../worker/integrations/claims-system/webhook-signature'

/**
 * Helpers of the claim page and claim mail tests (issue 19 items 3, 5, 7): a claim row put straight in
 * D1 (the report's own path is tested elsewhere), and signed events sent to the portal's webhook.
 */
export const ADJUSTER = { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }

export interface SeededClaim {
  policyId: string
  family?: 'homeowners' | 'flood'
  lossDate?: string
  /** The address typed in the claim (the submission's emailAddress). */
  email?: string
  createdAt?: number
  /** The claims system answered the delivery (status Received). */
  sentAt?: number | null
  files?: { name: string; bytes: number }[]
}

/** A new claim row (a number no counter hands out: year 2098), with its files; its claim number. */
export async function seedClaim(c: SeededClaim): Promise<string> {
  const family = c.family ?? 'homeowners'
  const claimNumber = `${family === 'flood' ? 'FL' : 'HO'}-2098-${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`
  const createdAt = c.createdAt ?? Date.now()
  const sentAt = c.sentAt === undefined ? createdAt + 60_000 : c.sentAt
  await env.DB.prepare(
    `INSERT INTO claims (claim_number, policy_id, family, session_id, channel, idempotency_key, request_hash, status, loss_date, peril, submission, created_at, sent_at, carrier_claim_number)
     VALUES (?1, ?2, ?3, 'test', 'api', ?1, 'h', ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
  )
    .bind(
      claimNumber,
      c.policyId,
      family,
      sentAt === null ? 'Reported' : 'Received',
      c.lossDate ?? '2026-02-27',
      family === 'flood' ? 'Flood' : 'Water Damage',
      JSON.stringify({ emailAddress: c.email ?? 'typed.address@example.com' }),
      createdAt,
      sentAt,
      sentAt === null ? null : `DRAFT-${claimNumber}`,
    )
    .run()
  for (const [i, f] of (c.files ?? []).entries()) {
    await env.DB.prepare(
      "INSERT INTO claim_files (claim_number, position, r2_key, file_name, content_type, size_bytes, sha256, created_at) VALUES (?1, ?2, ?3, ?4, 'image/png', ?5, 'x', ?6)",
    )
      .bind(claimNumber, i + 1, `test/${claimNumber}/${i + 1}`, f.name, f.bytes, createdAt)
      .run()
  }
  return claimNumber
}

/** Sends one event to POST /hooks/claims-system, signed as the claims system does; the portal's status. */
export async function pushEvent(
  claimNumber: string,
  sequence: number,
  type: string,
  data: unknown,
  opts: { id?: string; occurredAt?: string } = {},
): Promise<number> {
  const body = JSON.stringify({
    id: opts.id ?? `evt-${crypto.randomUUID()}`,
    claimNumber,
    sequence,
    type,
    ...(opts.occurredAt ? { occurredAt: opts.occurredAt } : {}),
    data,
  })
  const headers = await signatureHeaders(portalEnv.CLAIMS_SYSTEM_WEBHOOK_SECRET!, body, Date.now())
  const res = await api('/hooks/claims-system', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
  return res.status
}
/** The mails queued for a claim's events or deadlines (by dedupe key prefix), oldest first. */
export async function queuedMails(dedupePrefix: string): Promise<{ dedupe_key: string; to: string; kind: string; subject: string; text: string }[]> {
  const { results } = await env.DB.prepare("SELECT dedupe_key, payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE ?1 ORDER BY id")
    .bind(`${dedupePrefix}%`)
    .all<{ dedupe_key: string; payload: string }>()
  return results.map((r) => ({ dedupe_key: r.dedupe_key, ...JSON.parse(r.payload) }))
}
