import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { CONVERSATION_TEXT, MESSAGE_MAX, sendMessageSchema } from '../../../shared/claims/follow-up/conversation'
import { claimConversation, sendClaimMessage } from '../../services/claims/claim-messages'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { storedIdempotencyKey } from '../../services/idempotency/stored-key'
import { kickDrain } from '../../services/outbox/outbox'
import { IDEMPOTENCY_HEADER } from '../../middleware/idempotency'
import { RATE_RULES } from '../../middleware/rate-rules'
import { KB } from '../../middleware/body-limit'
import { background } from '../../lib/background'
import { defineOperation, miniJsonBody, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, PolicyIdParam } from '../schemas'

/**
 * The conversation with the claims team on a claim of the policy (issue 32 item 2, decision 208):
 * GET lists it (and marks the team's replies read: the person is reading them), POST sends a message
 * with an Idempotency-Key (required: one message per key, however often it is sent). Another person's
 * claim, or a claim of another policy, is a 404 like a missing one; a closed claim takes no message (409).
 */
const CLAIM_NOT_FOUND = 'Claim not found.'
const KEY_REQUIRED = 'An Idempotency-Key header is required: one key per message.'

const claimQuery = z.object({ claimNumber: z.string().max(40).openapi({ example: 'HO-2026-000123' }) })

const MessageSchema = z
  .object({
    id: z.string(),
    from: z.enum(['you', 'team']),
    author: z.string().nullable(),
    body: z.string(),
    postedAt: z.string().openapi({ format: 'date-time' }),
    delivered: z.boolean().openapi({ description: "Yours: whether the claims system has it yet. The team's: always." }),
  })
  .openapi('ClaimMessage')
const ConversationSchema = z.object({ messages: z.array(MessageSchema), closed: z.boolean() }).openapi('ClaimConversation')

const sendBody = miniJsonBody(sendMessageSchema)

const claimNumberOf = (raw: string) => raw.trim().toUpperCase()

export function claimMessageOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const base = { path: `/${family}/ClaimMessages/{policyId}`, tags: [family, 'claims'] }
  const policy = { family, operation: 'ClaimMessages' }

  const list = defineOperation(
    {
      ...base,
      method: 'get',
      operationId: `${family}.GetClaimMessages`,
      summary: 'The conversation with the claims team on a claim',
      request: { params: PolicyIdParam, query: claimQuery },
      responses: { 200: json(ConversationSchema, 'The messages, oldest first.'), 404: problemContent('No such claim on this policy.') },
    },
    { auth: 'session', policy },
  )
  register(api, list, async (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    const conversation = await claimConversation(c.env, {
      policyId: policy.policyID,
      claimNumber: claimNumberOf(c.req.query('claimNumber') ?? ''),
      now: Date.now(),
      markRead: true,
    })
    return conversation ? c.json(conversation) : problem(c, 404, CLAIM_NOT_FOUND)
  })

  const send = defineOperation(
    {
      ...base,
      method: 'post',
      operationId: `${family}.SendClaimMessage`,
      summary: 'Write to the claims team about a claim',
      request: { params: PolicyIdParam, query: claimQuery, body: sendBody.body },
      middleware: [sendBody.middleware],
      responses: {
        201: json(z.object({ message: MessageSchema }), 'Stored and on its way to the claims team (a repeat of the key answers the same message).'),
        404: problemContent('No such claim on this policy.'),
        409: problemContent('The claim is closed, or a request with this Idempotency-Key is still running.'),
      },
    },
    // A message of up to MESSAGE_MAX characters (with room for escapes); counted before it is stored.
    { auth: 'session', policy, rate: RATE_RULES.claimMessage, bodyLimit: MESSAGE_MAX * 6 + KB },
  )
  register(api, send, async (c, { session, policy }) => {
    c.header('Cache-Control', 'no-store')
    const key = await storedIdempotencyKey(c.env, c.req.header(IDEMPOTENCY_HEADER))
    if (!key) return problem(c, 400, KEY_REQUIRED)
    const { body } = c.req.valid('json' as never) as { body: string }
    const outcome = await sendClaimMessage(c.env, {
      policyId: policy.policyID,
      claimNumber: claimNumberOf(c.req.query('claimNumber') ?? ''),
      owner: claimDraftOwner(session, policy.policyID),
      body,
      key,
      now: Date.now(),
    })
    if (outcome.kind === 'not-found') return problem(c, 404, CLAIM_NOT_FOUND)
    if (outcome.kind === 'closed') return problem(c, 409, CONVERSATION_TEXT.closed)
    if (!outcome.repeated) await kickDrain(c.env, background(c), { channels: ['claim-message'] })
    return c.json({ message: outcome.message }, 201)
  })
}
