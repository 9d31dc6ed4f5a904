import type { Env } from '../../env'
import type { OptOutPreference } from '../../../shared/sso/opt-out'
import type { OptOutRecord } from '../../integrations/opt-out'
import { bringForwardStatement, requeueDeadStatement } from '../../db/outbox'
import { drainOutbox, enqueue, kickDrain, type Background } from '../outbox/outbox'
import { log } from '../../lib/log'

export type OptOutInput = Omit<OptOutRecord, 'recordedAt'> & { preference: OptOutPreference }

/**
 * A privacy preference for the insurer (spec 000 section 9, spec 001) is outbox work: the 'opt-out'
 * channel (delivered by services/opt-out-delivery.ts through the opt-out port) retries it with backoff,
 * lists it on /__dev/outbox and buries it after its attempts; it is never a log line and gone
 * (issue 29 item 5, docs/decisions/195). Once per choice: the dedupe key names the policy, the
 * preference and the policy's latest record of the other preference,
 * `opt-out:{policy}:{after id}:{preference}`, so a double landing or a page opened twice queues once,
 * while a change of mind (0, then 1, then 0 again) queues each change. The record says when the choice
 * was made (recordedAt), not when it was delivered: a retried record is never taken for a later one.
 */
async function queueOptOut(env: Env, input: OptOutInput, now: number): Promise<string> {
  const prefix = `opt-out:${input.policyId}:`
  // A range over the dedupe key's unique index (':' + 1 is ';'): the policy's own rows, not the channel's.
  const other = await env.DB.prepare(
    "SELECT max(id) AS id FROM outbox WHERE dedupe_key >= ?1 AND dedupe_key < ?2 AND json_extract(payload, '$.preference') != ?3",
  )
    .bind(prefix, `opt-out:${input.policyId};`, input.preference)
    .first<{ id: number | null }>()
  const dedupeKey = `${prefix}${other?.id ?? 0}:${input.preference}`
  const record: OptOutRecord = {
    policyId: input.policyId,
    preference: input.preference,
    source: input.source,
    gpc: input.gpc,
    recordedAt: new Date(now).toISOString(),
  }
  // The same choice again: a retry waiting out its backoff is due now, and a buried one gets new attempts.
  await env.DB.batch([
    enqueue(env.DB, { channel: 'opt-out', payload: record, dedupeKey, at: now }),
    bringForwardStatement(env.DB, dedupeKey, now),
    requeueDeadStatement(env.DB, dedupeKey, now),
  ])
  return dedupeKey
}

/**
 * The SSO landing's preference: queued with the landing, delivered after the response (at once in
 * development). Never throws: a landing is not refused for it.
 */
export async function recordOptOutInBackground(env: Env, input: OptOutInput, background: Background | null, now = Date.now()): Promise<void> {
  let dedupeKey: string
  try {
    dedupeKey = await queueOptOut(env, input, now)
  } catch (err) {
    log('error', 'opt-out preference not queued', { policyId: input.policyId, source: input.source, error: err instanceof Error ? err.name : 'unknown' })
    return
  }
  await kickDrain(env, background, { channels: ['opt-out'], dedupeKey, now })
}

/**
 * The confirmation page's preference: queued, then delivered in the request, because the page says
 * whether the insurer has it ('recorded') or not yet ('failed': the browser-only text; the outbox keeps
 * trying). Never throws.
 */
export async function recordOptOutNow(env: Env, input: OptOutInput, now = Date.now()): Promise<'recorded' | 'failed'> {
  try {
    const dedupeKey = await queueOptOut(env, input, now)
    await drainOutbox(env, { channels: ['opt-out'], dedupeKey, now })
    const row = await env.DB.prepare('SELECT status FROM outbox WHERE dedupe_key = ?').bind(dedupeKey).first<{ status: string }>()
    if (row?.status === 'delivered') return 'recorded'
    log('warn', 'opt-out preference not recorded yet', { policyId: input.policyId, source: input.source, status: row?.status ?? 'missing' })
    return 'failed'
  } catch (err) {
    log('error', 'opt-out preference not recorded', { policyId: input.policyId, source: input.source, error: err instanceof Error ? err.name : 'unknown' })
    return 'failed'
  }
}
