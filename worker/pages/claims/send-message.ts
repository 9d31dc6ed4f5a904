import { CONVERSATION_TEXT, messageBodySchema } from '../../../shared/claims/follow-up/conversation'
import { policyContext } from '../../middleware/guards'
import { RATE_RULES } from '../../middleware/rate-rules'
import { pageRateLimit } from '../../middleware/page-refusals'
import { readForm } from '../../services/request/read-form'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { sendClaimMessage } from '../../services/claims/claim-messages'
import { kickDrain } from '../../services/outbox/outbox'
import { background } from '../../lib/background'
import { notFoundPage } from '../not-found'
import { claimPageResponse, claimPath } from './claim'
import { definePage } from '../page'

/**
 * The claim page's message form without script (issue 32 item 2, decision 208): the message checked by
 * the island's own rule, stored and queued as the /v1 operation does, then back to the claim page's
 * conversation. The form's key makes a double click one message; the same key with other words (a form
 * sent again from the browser's history) is told, with what was typed, and not stored.
 */
export const sendMessagePage = definePage('ClaimMessage')

const ALREADY_SENT = 'This form was already sent. Please write your message again below.'

sendMessagePage.post('/', pageRateLimit({ ...RATE_RULES.claimMessage, policyFrom: 'loaded' }), async (c) => {
  const { session, policy } = policyContext(c)
  const claimNumber = (c.req.query('claim') ?? '').trim().toUpperCase()
  const form = await readForm(c)
  const draft = (form.body ?? '').slice(0, 10_000)
  const checked = messageBodySchema.safeParse(form.body ?? '')
  if (!checked.success) {
    return claimPageResponse(c, claimNumber, { status: 400, message: { error: checked.error.issues[0]?.message ?? CONVERSATION_TEXT.required, draft } })
  }
  const key = /^[A-Za-z0-9_-]{16,64}$/.test(form.key ?? '') ? `form:${form.key}` : null
  const outcome = await sendClaimMessage(c.env, {
    policyId: policy.policyID,
    claimNumber,
    owner: claimDraftOwner(session, policy.policyID),
    body: checked.data,
    key,
    now: Date.now(),
  })
  if (outcome.kind === 'not-found') return notFoundPage(c)
  if (outcome.kind === 'closed') return claimPageResponse(c, claimNumber, { status: 409, message: { error: CONVERSATION_TEXT.closed, draft } })
  if (outcome.repeated && outcome.message.body !== checked.data) {
    return claimPageResponse(c, claimNumber, { status: 409, message: { error: ALREADY_SENT, draft } })
  }
  if (!outcome.repeated) await kickDrain(c.env, background(c), { channels: ['claim-message'] })
  return c.redirect(`${claimPath(claimNumber)}?sent=message`, 303)
})
