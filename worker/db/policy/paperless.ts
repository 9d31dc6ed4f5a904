import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { ConsentAction, ConsentEvent } from '../../../shared/paperless/consent'

/**
 * The paperless tables (migration 0020, decision 178): the append-only history of consents and
 * withdrawals, the policies watched for new documents, and the documents known per profile and policy.
 */
export interface ConsentRecord {
  eventId: string
  profileId: string
  action: ConsentAction
  disclosureVersion: string
  disclosureText: string
  disclosureSha256: string
  demonstrated: string
  emailAddress: string
  sessionId: string
  ip: string
  userAgent: string
  requestId: string
  at: number
}

/** A new event's id: 128 random bits as letters a-p (no digit runs for the card guard to meet). */
export function newConsentEventId(): string {
  const letters = 'abcdefghijklmnop'
  return `pl_${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => letters[b >> 4]! + letters[b & 15]!).join('')}`
}

/** The profile's history, in the order it happened. */
export async function consentHistory(db: D1Database, profileId: string): Promise<ConsentEvent[]> {
  const { results } = await db
    .prepare('SELECT action, disclosure_version, at FROM paperless_consent_events WHERE profile_id = ? ORDER BY id')
    .bind(profileId)
    .all<{ action: ConsentAction; disclosure_version: string; at: number }>()
  return results.map((r) => ({ action: r.action, disclosureVersion: r.disclosure_version, at: r.at }))
}

/** The action and version of the last event of the profile bound at `param`, as SQL (no row when it has none). */
const lastEventOf = (param: string) => `SELECT action, disclosure_version FROM paperless_consent_events WHERE profile_id = ${param} ORDER BY id DESC LIMIT 1`

/**
 * Appends the event only when it changes something, decided inside the write so two requests at once
 * cannot both append: a consent unless the last event is already a consent to the same version, a
 * withdrawal only after a consent.
 */
export function appendConsentEventStatement(db: D1Database, r: ConsentRecord): D1PreparedStatement {
  const changes =
    r.action === 'consent'
      ? `NOT EXISTS (SELECT 1 FROM (${lastEventOf('?2')}) last WHERE last.action = 'consent' AND last.disclosure_version = ?4)`
      : `EXISTS (SELECT 1 FROM (${lastEventOf('?2')}) last WHERE last.action = 'consent')`
  return db
    .prepare(
      `INSERT INTO paperless_consent_events
         (event_id, profile_id, action, disclosure_version, disclosure_text, disclosure_sha256, demonstrated,
          email_address, session_id, ip, user_agent, request_id, at, at_iso)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14 WHERE ${changes}`,
    )
    .bind(
      r.eventId,
      r.profileId,
      r.action,
      r.disclosureVersion,
      r.disclosureText,
      r.disclosureSha256,
      r.demonstrated,
      r.emailAddress,
      r.sessionId,
      r.ip,
      r.userAgent,
      r.requestId,
      r.at,
      new Date(r.at).toISOString(),
    )
}

export interface KnownDocument {
  policyId: string
  documentKey: string
}

/**
 * The documents standing at the moment of a consent, recorded as known (no mail), and their policies
 * watched from then on; only when the consent event `eventId` was appended (the batch's first statement).
 */
export function baselineStatements(
  db: D1Database,
  profileId: string,
  eventId: string,
  documents: KnownDocument[],
  policyIds: string[],
  at: number,
): D1PreparedStatement[] {
  const appended = 'EXISTS (SELECT 1 FROM paperless_consent_events WHERE event_id = ?4)'
  return [
    db
      .prepare(
        `INSERT INTO paperless_watched_policies (profile_id, policy_id, since)
         SELECT ?1, value, ?3 FROM json_each(?2) WHERE ${appended}
         ON CONFLICT (profile_id, policy_id) DO NOTHING`,
      )
      .bind(profileId, JSON.stringify(policyIds), at, eventId),
    db
      .prepare(
        `INSERT INTO paperless_documents_seen (profile_id, policy_id, document_key, seen_at, announced)
         SELECT ?1, json_extract(value, '$.policyId'), json_extract(value, '$.documentKey'), ?3, 0 FROM json_each(?2) WHERE ${appended}
         ON CONFLICT (profile_id, policy_id, document_key) DO NOTHING`,
      )
      .bind(profileId, JSON.stringify(documents), at, eventId),
  ]
}

/** A linked policy of a profile whose last event is a consent, with what the scheduled work needs. */
export interface ConsentingPolicyRow {
  profile_id: string
  email_address: string
  disclosure_version: string
  policy_id: string
  doc: string
  watched: number
}

export async function consentingPolicies(db: D1Database): Promise<ConsentingPolicyRow[]> {
  const { results } = await db
    .prepare(
      `SELECT e.profile_id, pr.email_address, e.disclosure_version, p.policy_id, p.doc,
              EXISTS (SELECT 1 FROM paperless_watched_policies w WHERE w.profile_id = e.profile_id AND w.policy_id = p.policy_id) AS watched
       FROM paperless_consent_events e
       JOIN profiles pr ON pr.profile_id = e.profile_id
       JOIN profile_policies pp ON pp.profile_id = e.profile_id
       JOIN policies p ON p.policy_id = pp.policy_id
       WHERE e.id IN (SELECT MAX(id) FROM paperless_consent_events GROUP BY profile_id) AND e.action = 'consent'
       ORDER BY e.profile_id, p.policy_id`,
    )
    .all<ConsentingPolicyRow>()
  return results
}

/** The documents known for these profiles, as `profileId|policyId|documentKey`. */
export async function knownDocuments(db: D1Database, profileIds: string[]): Promise<Set<string>> {
  if (profileIds.length === 0) return new Set()
  const { results } = await db
    .prepare('SELECT profile_id, policy_id, document_key FROM paperless_documents_seen WHERE profile_id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(profileIds))
    .all<{ profile_id: string; policy_id: string; document_key: string }>()
  return new Set(results.map((r) => knownKey(r.profile_id, r.policy_id, r.document_key)))
}

export function knownKey(profileId: string, policyId: string, documentKey: string): string {
  return `${profileId}|${policyId}|${documentKey}`
}

/** A policy seen for the first time: watched from now, its documents known as they stand (no mail). */
export function watchStatements(db: D1Database, profileId: string, policyId: string, documentKeys: string[], at: number): D1PreparedStatement[] {
  return [
    db
      .prepare('INSERT INTO paperless_watched_policies (profile_id, policy_id, since) VALUES (?1, ?2, ?3) ON CONFLICT (profile_id, policy_id) DO NOTHING')
      .bind(profileId, policyId, at),
    db
      .prepare(
        `INSERT INTO paperless_documents_seen (profile_id, policy_id, document_key, seen_at, announced)
         SELECT ?1, ?2, value, ?4, 0 FROM json_each(?3) WHERE true ON CONFLICT (profile_id, policy_id, document_key) DO NOTHING`,
      )
      .bind(profileId, policyId, JSON.stringify(documentKeys), at),
  ]
}

/**
 * A new document, recorded as announced, in the batch of its email. It is also the batch's guard: when the
 * profile's last event is no longer a consent (withdrawn while the scheduled work ran), the row would be
 * `announced = 2`, which the table's CHECK refuses, and D1 rolls the whole batch back, email included.
 */
export function announcedStatement(db: D1Database, profileId: string, policyId: string, documentKey: string, at: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO paperless_documents_seen (profile_id, policy_id, document_key, seen_at, announced)
       VALUES (?1, ?2, ?3, ?4, CASE WHEN EXISTS (SELECT 1 FROM (${lastEventOf('?1')}) last WHERE last.action = 'consent') THEN 1 ELSE 2 END)
       ON CONFLICT (profile_id, policy_id, document_key) DO NOTHING`,
    )
    .bind(profileId, policyId, documentKey, at)
}

/** The refusal of an announcedStatement whose consent was withdrawn meanwhile. */
export function isWithdrawnMeanwhile(error: unknown): boolean {
  return /CHECK constraint failed/i.test(String(error))
}

/** The documents of record of a profile's linked policies (to record what stands at a consent). */
export async function linkedPolicyDocuments(db: D1Database, profileId: string): Promise<{ policy_id: string; doc: string }[]> {
  const { results } = await db
    .prepare('SELECT p.policy_id, p.doc FROM profile_policies pp JOIN policies p ON p.policy_id = pp.policy_id WHERE pp.profile_id = ? ORDER BY p.policy_id')
    .bind(profileId)
    .all<{ policy_id: string; doc: string }>()
  return results
}
