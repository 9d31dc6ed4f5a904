import type { Env } from '../../env'
import { numberToQuote } from '../../../shared/claims/status-words'
import type { Conversation, ConversationMessage } from '../../../shared/claims/follow-up/conversation'
import type { MessagePosted } from '../../../shared/claims/follow-up/message-posted'
import {
  claimOfPolicy,
  conversationOf,
  markMessageSent,
  markRepliesRead,
  messageById,
  messageByKey,
  newMessageStatements,
  teamMessageStatement,
  type ClaimMessageRow,
} from '../../db/claims/claim-messages'
import { claimMailFacts } from '../../db/claims/claim-mail-facts'
import { claimsSystem, ClaimsSystemRefusedError, ClaimsSystemUnknownOutcomeError, type ClaimsSystemDeps } from '../../integrations/claims-system'
import { claimReplyMail } from '../../integrations/mail/claim-message-template'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { enqueue } from '../outbox/outbox-queue'
import { claimMailLocale, claimRecipients } from './claim-update-mail'
import { log } from '../../lib/log'
import { claimLink } from '../../../shared/claims/claim-address'

/**
 * The conversation with the claims team (issue 32 item 2, decision 208).
 * - A message of the policyholder is stored first, with the writer's idempotency key, in the batch that
 *   queues its 'claim-message' delivery: a repeat of the key (a retry, a double click, five copies at
 *   once) finds the message already there and queues nothing, so it reaches the claims system once. The
 *   handler adds it as a note with the message id as the transaction id (a retried delivery: once).
 * - A reply of the claims team is a signed `message.posted` event (claim-events-intake.ts): stored once
 *   by its event id, in its place by occurredAt, with its mail queued in the same batch.
 * - Reading the claim's page (or the island's list) marks the replies read; Account Home counts the unread.
 */

const CLOSED = 'Closed'

function shown(r: ClaimMessageRow): ConversationMessage {
  const team = r.direction === 'from-team'
  return {
    id: r.id,
    from: team ? 'team' : 'you',
    author: team ? r.author : null,
    body: r.body,
    postedAt: new Date(r.posted_at).toISOString(),
    delivered: team || r.sent_at !== null,
  }
}

/**
 * The policy's claim's conversation, or null when the claim is not the policy's (a 404, like a missing
 * one). `markRead`: the person is reading it now (the page, the island's list).
 */
export async function claimConversation(env: Env, q: { policyId: string; claimNumber: string; now: number; markRead: boolean }): Promise<Conversation | null> {
  const claim = await claimOfPolicy(env.DB, q.policyId, q.claimNumber)
  if (!claim) return null
  if (q.markRead) await markRepliesRead(env.DB, q.claimNumber, q.now)
  const rows = await conversationOf(env.DB, q.claimNumber)
  return { messages: rows.map(shown), closed: claim.status === CLOSED }
}

export type SendOutcome = { kind: 'sent'; message: ConversationMessage; repeated: boolean } | { kind: 'not-found' } | { kind: 'closed' }

/**
 * Stores and queues the policyholder's message (the body already checked by the shared schema). `key`:
 * the writer's idempotency key (null: a plain client without one, stored as it comes).
 */
export async function sendClaimMessage(
  env: Env,
  m: { policyId: string; claimNumber: string; owner: string; body: string; key: string | null; now: number },
): Promise<SendOutcome> {
  const claim = await claimOfPolicy(env.DB, m.policyId, m.claimNumber)
  if (!claim) return { kind: 'not-found' }
  if (m.key) {
    const before = await messageByKey(env.DB, m.claimNumber, m.owner, m.key)
    if (before) return { kind: 'sent', message: shown(before), repeated: true }
  }
  if (claim.status === CLOSED) return { kind: 'closed' }
  const id = `msg_${crypto.randomUUID()}`
  const [inserted] = await env.DB.batch(newMessageStatements(env.DB, { id, claimNumber: m.claimNumber, body: m.body, owner: m.owner, key: m.key, now: m.now }))
  const stored = (inserted?.meta?.changes ?? 0) > 0
  // Another copy with the same key was stored between the look-up and the batch: answer that one.
  const row = stored ? await messageById(env.DB, id) : m.key ? await messageByKey(env.DB, m.claimNumber, m.owner, m.key) : null
  if (!row) throw new Error('the message was neither stored nor found')
  return { kind: 'sent', message: shown(row), repeated: !stored }
}

interface ClaimMessagePayload {
  messageId: string
}

/** The 'claim-message' channel: the message as a note on the claim in the claims system. */
export function claimMessageHandler(deps: ClaimsSystemDeps = {}): OutboxHandler {
  return handler<ClaimMessagePayload>(async (env, p, meta) => {
    const row = typeof p?.messageId === 'string' ? await messageById(env.DB, p.messageId) : null
    if (row?.direction !== 'to-team') throw new PermanentDeliveryError('no such message')
    if (row.sent_at !== null) return
    if (row.claim_sent_at === null) throw new Error('the claim is not filed with the claims system yet')
    const context = { claimNumber: row.claim_number, messageId: row.id, attempt: meta.attempt }
    try {
      await claimsSystem(env, deps).addNote(row.claim_number, row.id, {
        subject: 'Message from the policyholder (portal)',
        body: row.body,
        author: 'Policyholder',
      })
    } catch (err) {
      if (err instanceof ClaimsSystemRefusedError) {
        log('error', 'claims system refused a claim message', { ...context, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof ClaimsSystemUnknownOutcomeError) throw new Error(`claims system outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    await markMessageSent(env.DB, row.id, meta.now)
    log('info', 'claim message delivered to the claims system', context)
  })
}

/**
 * A `message.posted` event (signature and claim already checked by the intake): the reply and its
 * mails in one batch, once per event id. Answers whether it was new.
 */
export async function receiveTeamMessage(env: Env, event: MessagePosted, now: number): Promise<boolean> {
  const at = event.occurredAt ? Date.parse(event.occurredAt) : Number.NaN
  const facts = await claimMailFacts(env.DB, event.claimNumber)
  const mails = (facts ? claimRecipients(facts) : []).map(({ address, suffix }) =>
    enqueue(env.DB, {
      channel: 'mail',
      dedupeKey: `claim-reply-mail:${event.claimNumber}:${event.id}${suffix}`,
      payload: claimReplyMail(
        address,
        {
          claimNumber: event.claimNumber,
          author: event.data.author,
          link: claimLink(env.PORTAL_BASE_URL, event.claimNumber),
          quote: numberToQuote(event.claimNumber, facts?.carrier_claim_number ?? null),
          claimsPhone: env.CLAIMS_PHONE,
        },
        facts ? claimMailLocale(facts) : 'en',
      ),
      at: now,
    }),
  )
  const [inserted] = await env.DB.batch([
    teamMessageStatement(env.DB, {
      eventId: event.id,
      claimNumber: event.claimNumber,
      body: event.data.body,
      author: event.data.author,
      sequence: event.sequence,
      postedAt: Number.isFinite(at) ? at : now,
      now,
    }),
    ...mails,
  ])
  return (inserted?.meta?.changes ?? 0) > 0
}
