import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import {
  BILLING_TEXT,
  billingNowOf,
  billingPlanChangeOf,
  billingPlanChangeProblem,
  describeBillingPlanChange,
  type BillingPlanChangeForm,
} from '../../../shared/policy/changes/billing-plan'
import type { PolicyAdmin } from '../../integrations/policy-admin'
import { closedOutcome, priceChange, type QuoteOutcome } from './policy-changes'

/**
 * The billing plan and due date change (issue 34 item 5, decision 217): checked by its form, then by
 * the policy's billing (no payment being processed, nothing past due, something owed, a schedule that ends before the policy does),
 * then counted and priced as every change is. It takes effect on the day it is asked (`today`, the
 * policy's state's date): its schedule starts on the first chosen day after it.
 */
export async function quoteBillingPlanChange(
  env: Env,
  admin: PolicyAdmin,
  q: { policy: Policy; owner: string; form: BillingPlanChangeForm; today: string; now: number; paymentInFlight: boolean },
): Promise<QuoteOutcome> {
  const closed = closedOutcome(env, q.policy)
  if (closed) return closed
  // A payment still being processed (decision 171) would be posted against the new schedule's first installment.
  if (q.paymentInFlight) return { kind: 'invalid', errors: { plan: BILLING_TEXT.paymentInFlight } }
  const billing = billingNowOf(q.policy)
  const change = billingPlanChangeOf(q.form)
  const problem = billingPlanChangeProblem(billing, change, q.today)
  if (problem) return { kind: 'invalid', errors: { [problem.field]: problem.message } }
  return priceChange(env, admin, q, {
    request: { kind: 'billing-plan', change },
    asOf: { billing },
    summary: describeBillingPlanChange(billing, change, q.today),
    effectiveDate: q.today,
    notifyEmail: null,
  })
}
