import type { Env } from '../../env'
import {
  BILLING_TEXTS,
  billingNowOf,
  billingPlanChangeOf,
  billingPlanChangeProblem,
  describeBillingPlanChange,
  type BillingPlanChangeForm,
} from '../../../shared/policy/changes/billing-plan'
import type { PolicyAdmin } from '../../integrations/policy-admin'
import { quoteChange, type QuoteInput, type QuoteOutcome } from './policy-changes'

/**
 * The billing plan and due date change (issue 34 item 5, decision 217): checked by its form, then by
 * the policy's billing (no payment being processed, nothing past due, something owed, a schedule that ends before the policy does),
 * then counted and priced as every change is. It takes effect on the day it is asked (`today`, the
 * policy's state's date): its schedule starts on the first chosen day after it.
 */
export function quoteBillingPlanChange(
  env: Env,
  admin: PolicyAdmin,
  q: QuoteInput<BillingPlanChangeForm> & { today: string; paymentInFlight: boolean },
): Promise<QuoteOutcome> {
  const billing = billingNowOf(q.policy)
  const change = billingPlanChangeOf(q.form)
  return quoteChange(env, admin, q, () => ({
    request: { kind: 'billing-plan', change },
    summary: describeBillingPlanChange(billing, change, q.today),
    effectiveDate: q.today,
    notifyEmail: null,
    // A payment still being processed (decision 171) would be posted against the new schedule's first installment.
    problem: q.paymentInFlight
      ? { field: 'plan', message: BILLING_TEXTS[q.locale ?? 'en'].paymentInFlight }
      : billingPlanChangeProblem(billing, change, q.today, q.locale),
  }))
}
