import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { payoutChoiceOf } from '../../services/claims/claim-payout'
import { issueFormToken } from '../../services/idempotency/form-tokens'
import { ClaimPayments } from './claim-payments'
import { PAYOUT_FORM, PayoutSection, type PayoutFormState } from './payout-form'
import type { ClaimView } from './claim-view'

/**
 * The claim page's payments and 'How you get paid' (decision 210). A check goes by default to the
 * policyholder at the policy's mailing address, so the form starts there.
 */
export async function payoutPart(c: Context<AppEnv>, policy: Policy, view: ClaimView, state: Partial<PayoutFormState> = {}) {
  const current = (await payoutChoiceOf(c.env, policy.policyID, view.claimNumber)) ?? null
  const m = policy.mailingAddress
  const defaults: Record<string, string> = {
    method: current?.method ?? 'deposit',
    payee: `${policy.firstName} ${policy.lastName}`.trim(),
    address1: m.address1,
    address2: m.address2,
    city: m.city,
    state: m.state,
    zipCode: m.zipCode,
    ...(current?.method === 'check' ? { ...current } : {}),
  }
  const lenders = policy.mortgagees.map(({ name, loanId, address1, address2, city, state, zipCode }) => ({
    name,
    loanId,
    address1,
    address2,
    city,
    state,
    zipCode,
  }))
  return (
    <>
      <ClaimPayments payments={view.payments} lenders={lenders} />
      <PayoutSection
        claimNumber={view.claimNumber}
        token={await issueFormToken(c, PAYOUT_FORM)}
        current={current}
        open={!view.closed}
        state={{ errors: {}, error: null, saved: false, ...state, values: { ...defaults, ...state.values } }}
      />
    </>
  )
}
