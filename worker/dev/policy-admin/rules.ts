import type { ChangeRequest, PolicyParts } from '../../integrations/policy-admin/port'
import { applyMortgageeChange, mortgageeChangeProblem } from '../../../shared/policy/changes/mortgagee'
import { applyMailingAddressChange, mailingAddressChangeProblem } from '../../../shared/policy/changes/mailing-address'
import { applyDeductibleChange, deductibleChangeProblem } from '../../../shared/policy/changes/deductible'
import type { Deductible } from '../../../shared/policy/schemas/coverages'
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
  {
    kind: 'mailing-address',
    action: 'update',
    premiumChangeCents: 0,
    referral: null,
    why: 'Where papers and bills go, and the email and phone used about the policy, change nothing it covers: no premium change.',
  },
  {
    kind: 'deductible',
    action: 'change',
    premiumChangeCents: 0,
    referral: null,
    why: 'The premium changes by the difference of the credits of DEDUCTIBLE_CREDITS (the new deductibles’ less the current ones’), for the full term: the stand-in does not prorate.',
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

/**
 * The deductible's stated table: each deductible's yearly credit against the premium, in cents (0 for the
 * lowest offered). All other perils by amount; wind/hail or hurricane by percentage of the dwelling limit.
 */
export const DEDUCTIBLE_CREDITS = {
  allOtherPerils: { 50000: 0, 100000: -9_500, 250000: -21_000, 500000: -34_000 } as Readonly<Record<number, number>>,
  windstormPercent: { 1: 0, 2: -18_000, 5: -42_000 } as Readonly<Record<number, number>>,
}

/** A deductible the table does not price (another amount, a percentage all-other-perils deductible) is referred. */
export const UNPRICED_DEDUCTIBLE_REFERRAL = 'The policy’s current deductible is not on the stated table, so policy services prices this change.'

/** The yearly credit of a set of deductibles, or null when one of them is not on the table. */
function creditOf(deductibles: readonly Deductible[]): number | null {
  let total = 0
  for (const d of deductibles) {
    const credit =
      d.peril === 'All Other Perils'
        ? 'amount' in d
          ? DEDUCTIBLE_CREDITS.allOtherPerils[d.amount]
          : undefined
        : d.peril === 'Wind/Hail' || d.peril === 'Hurricane'
          ? 'percentOfDwelling' in d
            ? DEDUCTIBLE_CREDITS.windstormPercent[d.percentOfDwelling]
            : undefined
          : 0
    if (credit === undefined) return null
    total += credit
  }
  return total
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
  if (request.kind === 'deductible') return rateDeductible(request.change, parts)
  return { ok: true, premiumChangeCents: rule.premiumChangeCents, referral: rule.referral }
}

function problemOf(request: ChangeRequest, parts: PolicyParts, date: string): { message: string } | null {
  switch (request.kind) {
    case 'mortgagee':
      return mortgageeChangeProblem(parts.mortgagees ?? [], request.change, MAX_MORTGAGEES)
    case 'mailing-address':
      return parts.mailingAddress ? mailingAddressChangeProblem(parts.mailingAddress, request.change) : { message: 'no mailing address as of the quote' }
    case 'deductible':
      return deductibleChangeProblem(parts.deductibles?.deductibles ?? [], request.change)
    case 'billing-plan':
      return parts.billing ? billingPlanChangeProblem(parts.billing, request.change, date) : { message: "the policy's billing was not sent" }
  }
}

function rateDeductible(change: Extract<ChangeRequest, { kind: 'deductible' }>['change'], parts: PolicyParts): Rating {
  const now = parts.deductibles?.deductibles ?? []
  const before = creditOf(now)
  const after = creditOf(applyDeductibleChange(now, change))
  if (before === null || after === null) return { ok: true, premiumChangeCents: 0, referral: UNPRICED_DEDUCTIBLE_REFERRAL }
  return { ok: true, premiumChangeCents: after - before, referral: null }
}

/** The policy's parts once the change, effective on `date`, is bound. */
export function bindParts(request: ChangeRequest, parts: PolicyParts, date: string): PolicyParts {
  switch (request.kind) {
    case 'mortgagee':
      return { ...parts, mortgagees: applyMortgageeChange(parts.mortgagees ?? [], request.change) }
    case 'mailing-address':
      return parts.mailingAddress ? { ...parts, mailingAddress: applyMailingAddressChange(parts.mailingAddress, request.change) } : parts
    case 'deductible':
      return parts.deductibles
        ? { ...parts, deductibles: { ...parts.deductibles, deductibles: applyDeductibleChange(parts.deductibles.deductibles, request.change) } }
        : parts
    case 'billing-plan':
      return parts.billing ? { ...parts, billing: applyBillingPlanChange(parts.billing, request.change, date) } : parts
  }
}
