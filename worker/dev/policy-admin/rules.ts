import type { ChangeRequest, PolicyParts } from '../../integrations/policy-admin/port'
import { applyMortgageeChange, mortgageeChangeProblem } from '../../../shared/policy/changes/mortgagee'
import { applyBillingPlanChange, billingPlanChangeProblem, PLAN_NAMES, PLAN_RULES, type BillingPlan } from '../../../shared/policy/changes/billing-plan'
import { formatUsd } from '../../../shared/format'

/**
 * The stand-in's rating rules (decision 214), one row per kind and action: what the change does to the
 * premium and whether policy services reviews it before it takes effect. The stand-in does not know the
 * carrier's filed rates; these are stated so a developer and the tests know what each change answers.
 * A further kind (items 3-5: address, deductible, billing plan) adds its rows here.
 */
export interface RatingRule {
  kind: ChangeRequest['kind']
  action: string
  premiumChangeCents: number
  /** Why the change is referred for review; null: it binds at once. */
  referral: string | null
  why: string
}

export const RATING_RULES: readonly RatingRule[] = [
  {
    kind: 'mortgagee',
    action: 'add',
    premiumChangeCents: 0,
    referral: null,
    why: 'Who is paid with the policyholder after a loss changes nothing the policy covers: no premium change.',
  },
  { kind: 'mortgagee', action: 'replace', premiumChangeCents: 0, referral: null, why: 'As an addition: no premium change.' },
  {
    kind: 'mortgagee',
    action: 'remove',
    premiumChangeCents: 0,
    referral: 'A lender comes off the policy only once it has released its interest: policy services checks the release with it.',
    why: 'No premium change, but the lender must have released its interest (a paid-off loan).',
  },
  ...(['full', 'two', 'four', 'monthly'] as const).map((plan) => billingRule(plan)),
]

/** A billing plan changes no premium; its installments carry the published fee (shared PLAN_RULES), on a day from 1 to 28, all before the policy ends. */
function billingRule(plan: BillingPlan): RatingRule {
  const r = PLAN_RULES[plan]
  const fee = r.feeCents === 0 ? 'no fee' : `${formatUsd(r.feeCents)} fee on each`
  return {
    kind: 'billing-plan',
    action: plan,
    premiumChangeCents: 0,
    referral: null,
    why: `${PLAN_NAMES[plan]}: what is still owed in ${r.installments === 1 ? 'one payment' : `${r.installments} installments ${r.monthsApart} month(s) apart`}, ${fee}; the last takes the rounding remainder. Not with a past-due balance, nor past the policy's end.`,
  }
}

/** The most entries the stand-in holds per policy (the portal checks each plan's own cap first). */
const MAX_MORTGAGEES = 9

export type Rating = { ok: true; premiumChangeCents: number; referral: string | null } | { ok: false; reason: string }

/** The rating of a change on `date` (its effective date) to a policy whose parts are `parts`: the table's row, or why it cannot be made. */
export function rate(request: ChangeRequest, parts: PolicyParts, date: string): Rating {
  const rule = RATING_RULES.find((r) => r.kind === request.kind && r.action === request.change.action)
  if (!rule) return { ok: false, reason: `no rule rates a ${request.kind} ${request.change.action}` }
  const problem = problemOf(request, parts, date)
  if (problem) return { ok: false, reason: problem.message }
  return { ok: true, premiumChangeCents: rule.premiumChangeCents, referral: rule.referral }
}

function problemOf(request: ChangeRequest, parts: PolicyParts, date: string) {
  switch (request.kind) {
    case 'mortgagee':
      return mortgageeChangeProblem(parts.mortgagees ?? [], request.change, MAX_MORTGAGEES)
    case 'billing-plan':
      return parts.billing ? billingPlanChangeProblem(parts.billing, request.change, date) : { message: "the policy's billing was not sent" }
  }
}

/** The policy's parts once the change, effective on `date`, is bound. */
export function bindParts(request: ChangeRequest, parts: PolicyParts, date: string): PolicyParts {
  switch (request.kind) {
    case 'mortgagee':
      return { ...parts, mortgagees: applyMortgageeChange(parts.mortgagees ?? [], request.change) }
    case 'billing-plan':
      return parts.billing ? { ...parts, billing: applyBillingPlanChange(parts.billing, request.change, date) } : parts
  }
}
