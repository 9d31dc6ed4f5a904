import { env } from 'cloudflare:workers'
import { api } from './helpers'
import { localDate } from '../../shared/clock'
import { policyTagged } from './servicing-helpers'
import { floodClaimOf, homeownersClaimOf, NO_REPAIRS, us } from '../support/claim-submission'
import { JPEG_PHOTO, pngPhoto } from '../support/image-files'

export { NO_REPAIRS, us }

/**
 * Claim submissions as the report-claim island sends them (spec 001 section 3), for the claim tests: a
 * homeowners claim of sam.single's HOM4020001 (TX) and a flood claim of erin.edge's FLD4040005 (FL), each
 * with a date of loss two days back on the policy state's clock. `over` replaces fields.
 */
export const SAM_HOME = policyTagged('claims.mitigation-window').policyId // HOM4020001, sam (TX)
export const ERIN_FLOOD = policyTagged('claims.flood-open').policyId // FLD4040005, erin (FL)

/** Two days before today on the policyholder's clock: always a past date of loss. */
export const lossDay = (state: string) => localDate(Date.now() - 2 * 86_400_000, state)

export function homeownersClaim(over: Record<string, unknown> = {}) {
  return homeownersClaimOf(SAM_HOME, us(lossDay('TX')), over)
}

export function floodClaim(over: Record<string, unknown> = {}) {
  return floodClaimOf(ERIN_FLOOD, `${us(lossDay('FL'))} 02:05:00 PM`, over)
}

/** A real PNG (2 x 2 pixels): an image and only an image (decision 204). */
export const PNG = pngPhoto()

/**
 * Forgets the claim rate counts (5 claims per policy an hour, decision 164): tests about other things
 * report more claims on one policy than a person would, and must not meet the limit. The limit's own
 * tests (claims-abuse.test.ts) count from zero too.
 */
export async function forgetClaimRateCounts(): Promise<void> {
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim%'").run()
}

/**
 * Uploads one claim file as the island does (POST ClaimFile, decision 169): the raw bytes with their
 * length, the name percent-encoded in X-File-Name, a key per file.
 */
export async function uploadClaimFile(
  policyId: string,
  auth: Record<string, string>,
  bytes: Uint8Array,
  name: string,
  opts: { claimNumber?: string; type?: string; key?: string; family?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const query = opts.claimNumber ? `?claimNumber=${encodeURIComponent(opts.claimNumber)}` : ''
  return api(`/v1/${opts.family ?? 'homeowners'}/ClaimFile/${policyId}${query}`, {
    method: 'POST',
    headers: {
      ...auth,
      'Content-Type': opts.type ?? 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      'X-File-Name': encodeURIComponent(name),
      'Idempotency-Key': opts.key ?? `file-${crypto.randomUUID()}`,
      ...opts.headers,
    },
    body: bytes,
  })
}

/** The fileId of an upload that must succeed. */
export async function uploadedFileId(policyId: string, auth: Record<string, string>, bytes: Uint8Array, name: string, family = 'homeowners'): Promise<string> {
  const res = await uploadClaimFile(policyId, auth, bytes, name, { family })
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { fileId: string }).fileId
}

/** The claim report as the island sends it now: JSON, the submission and the references. */
export function claimReport(submission: unknown, fileIds: string[] = []): { headers: Record<string, string>; body: string } {
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ claimSubmission: submission, fileIds }) }
}

/** A real JPEG (8 x 8 grey pixels). */
export const JPEG_BYTES = JPEG_PHOTO
