import { RATE_RULES } from '../../middleware/rate-rules'
import { pageRateLimit } from '../../middleware/page-refusals'
import { payoutChoiceSchema, PAYOUT_TEXT } from '../../../shared/claims/payout/payout-choice'
import { fieldErrors } from '../../../shared/forms/field-errors'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { policyContext } from '../../middleware/guards'
import { readForm } from '../../services/request/read-form'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { choosePayout } from '../../services/claims/claim-payout'
import { runFormOnce } from '../../services/idempotency/form-tokens'
import { kickDrain } from '../../services/outbox/outbox'
import { paymentProcessor } from '../../integrations/payments'
import { background } from '../../lib/background'
import { notFoundPage } from '../not-found'
import { confirmPath } from '../identity/step-up-target'
import { claimPageResponse, claimPath } from './claim'
import { PAYOUT_FIELDS, PAYOUT_FORM } from './payout-form'
import { definePage } from '../page'
import { findCardNumber } from '../../../shared/payments/pan'
import { log } from '../../lib/log'

/**
 * The claim page's 'How you get paid' without script (issue 33 item 1, decision 210): only the chosen
 * way's fields are read and checked by the shared schema, the choice is made as the /v1 operation makes
 * it, then back to the claim page. The form token makes a double click one choice. A session proved
 * more than 10 minutes ago is sent to 'Confirm it is you' first and brought back here.
 */
export const payoutPage = definePage('ClaimPayout')

const CARD_NUMBER_HERE = 'Please do not enter a card number here.'
const CLAIM_NUMBER = /^[A-Z]{2}-\d{4}-\d{6}$/
const claimOf = (raw: string | undefined) => (raw ?? '').trim().toUpperCase()

/** Back from 'Confirm it is you': the claim page's form. */
payoutPage.get('/', (c) => {
  const claimNumber = claimOf(c.req.query('claim'))
  return CLAIM_NUMBER.test(claimNumber) ? c.redirect(`${claimPath(claimNumber)}#payout`, 303) : notFoundPage(c)
})

payoutPage.post('/', pageRateLimit({ ...RATE_RULES.claimPayout, policyFrom: 'loaded' }), async (c) => {
  const { session, policy } = policyContext(c)
  const claimNumber = claimOf(c.req.query('claim'))
  const form = await readForm(c)
  const method = form.method === 'check' ? 'check' : form.method === 'deposit' ? 'deposit' : form.method
  const only = method === 'check' ? ['payee', 'address1', 'address2', 'city', 'state', 'zipCode'] : ['routingNumber', 'accountNumber', 'accountHolder']
  const input = Object.fromEntries([['method', method], ...only.map((k) => [k, form[k] ?? ''])])
  // What is shown again: every field as typed except the account number.
  const values = Object.fromEntries(
    PAYOUT_FIELDS.filter((k) => k !== 'accountNumber' && !findCardNumber(form[k] ?? '')).map((k) => [k, (form[k] ?? '').slice(0, 200)]),
  )
  // The card guard leaves this body to the handler (the account number is judged by the bank rule): any
  // other field holding a card number is refused as everywhere else, before it is shown or kept.
  const carded = PAYOUT_FIELDS.find((k) => k !== 'accountNumber' && k !== 'routingNumber' && findCardNumber(form[k] ?? ''))
  if (carded) {
    log('warn', 'card number refused', { requestId: c.get('requestId'), path: c.req.path, method: 'POST', field: carded })
    return claimPageResponse(c, claimNumber, { status: 400, payout: { errors: { [carded]: CARD_NUMBER_HERE }, values: { ...values, [carded]: '' } } })
  }
  const checked = payoutChoiceSchema.safeParse(input)
  if (!checked.success) return claimPageResponse(c, claimNumber, { status: 400, payout: { errors: fieldErrors(checked.error), values } })
  return runFormOnce(c, PAYOUT_FORM, form[FORM_TOKEN_FIELD], async () => {
    const outcome = await choosePayout(c.env, paymentProcessor(c.env), {
      policyId: policy.policyID,
      claimNumber,
      owner: claimDraftOwner(session, policy.policyID),
      session,
      input: checked.data,
      now: Date.now(),
    })
    switch (outcome.kind) {
      case 'not-found':
        return notFoundPage(c)
      case 'closed':
        return claimPageResponse(c, claimNumber, { status: 409, payout: { error: PAYOUT_TEXT.closed, values } })
      case 'step-up':
        return c.redirect(confirmPath('claim-payout', claimNumber), 303)
      case 'refused':
        return claimPageResponse(c, claimNumber, { status: 400, payout: { error: outcome.message, values } })
      case 'paused':
        c.header('Retry-After', String(outcome.retryAfterSeconds))
        return claimPageResponse(c, claimNumber, { status: 429, payout: { error: outcome.message, values } })
      case 'unavailable':
        return claimPageResponse(c, claimNumber, { payout: { error: outcome.message, values } })
      case 'saved':
        await kickDrain(c.env, background(c), { channels: ['claim-payout'] })
        return c.redirect(`${claimPath(claimNumber)}?sent=payout`, 303)
    }
  })
})
