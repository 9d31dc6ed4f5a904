import { env } from 'cloudflare:workers'
import { api, bearer } from './helpers'
import { claimReport, forgetClaimRateCounts, homeownersClaim, PNG, SAM_HOME, uploadedFileId } from './claims-fixtures'
import { portalEnv, standInFetch, STAND_IN_ORIGIN } from './sso-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'

/** Helpers of the claims-system tests (issue 19): report a claim, drive the stand-in, read the claim row. */
export const STAND_IN = portalEnv.CLAIMS_SYSTEM_URL!

/** Reports a homeowners claim of sam.single with one photo; its claim number. */
export async function reportHomeownersClaim(): Promise<string> {
  const auth = await bearer('direct.single')
  const report = claimReport(homeownersClaim(), [await uploadedFileId(SAM_HOME, auth, PNG, 'kitchen.png')])
  const res = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
    method: 'POST',
    headers: { ...auth, ...report.headers, 'Idempotency-Key': `claim-${crypto.randomUUID()}` },
    body: report.body,
  })
  if (res.status !== 200) throw new Error(`report answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
  return /HO-\d{4}-\d{6}/.exec(await res.text())![0]
}

export const drainClaimNotices = (now: number) => drainOutbox(portalEnv, { channels: ['claim-notice'], now })

export interface StandInClaim {
  claimNumber: string
  carrierClaimNumber: string | null
  policyId: string
  lossDate: string
  status: string
  documents: { name: string; contentType: string; bytes: number; documentId?: string; answers?: string | null }[]
}

export async function standInClaims(claimNumber: string): Promise<StandInClaim[]> {
  const res = await standInFetch(`${STAND_IN}/claims`)
  return ((await res.json()) as { claims: StandInClaim[] }).claims.filter((c) => c.claimNumber === claimNumber)
}

export async function standIn(path: string, method: 'POST' | 'DELETE', body?: unknown): Promise<Response> {
  return standInFetch(`${STAND_IN}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: STAND_IN_ORIGIN },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** A clean stand-in, and no claim-notice row of an earlier test left to take its failures. */
/** The stand-in empty, no notice waiting, and the claim rate rules' counts forgotten (these tests report many claims). */
export async function resetClaimsSystem(): Promise<void> {
  await forgetClaimRateCounts()
  await standIn('/claims', 'DELETE')
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel = 'claim-notice' AND status IN ('pending', 'leased')").run()
}

export interface ClaimRow {
  status: string
  carrier_claim_number: string | null
  sent_at: number | null
  adjuster_name: string | null
  adjuster_phone: string | null
  adjuster_email: string | null
  last_event_sequence: number
}

export async function claimRow(claimNumber: string): Promise<ClaimRow> {
  return (await env.DB.prepare(
    'SELECT status, carrier_claim_number, sent_at, adjuster_name, adjuster_phone, adjuster_email, last_event_sequence FROM claims WHERE claim_number = ?',
  )
    .bind(claimNumber)
    .first<ClaimRow>())!
}

export async function noticeRow(claimNumber: string) {
  return (await env.DB.prepare('SELECT status, attempts, next_attempt_at, last_error FROM outbox WHERE dedupe_key = ?')
    .bind(`claim-notice:${claimNumber}`)
    .first<{ status: string; attempts: number; next_attempt_at: number; last_error: string | null }>())!
}
