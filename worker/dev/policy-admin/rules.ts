import type { ChangeRequest, PolicyParts } from '../../integrations/policy-admin/port'
import { applyMortgageeChange, mortgageeChangeProblem } from '../../../shared/policy/changes/mortgagee'

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
]

/** The most entries the stand-in holds per policy (the portal checks each plan's own cap first). */
const MAX_MORTGAGEES = 9

export type Rating = { ok: true; premiumChangeCents: number; referral: string | null } | { ok: false; reason: string }

/** The rating of a change to a policy whose parts are `parts`: the table's row, or why it cannot be made. */
export function rate(request: ChangeRequest, parts: PolicyParts): Rating {
  const rule = RATING_RULES.find((r) => r.kind === request.kind && r.action === request.change.action)
  if (!rule) return { ok: false, reason: `no rule rates a ${request.kind} ${request.change.action}` }
  const problem = mortgageeChangeProblem(parts.mortgagees ?? [], request.change, MAX_MORTGAGEES)
  if (problem) return { ok: false, reason: problem.message }
  return { ok: true, premiumChangeCents: rule.premiumChangeCents, referral: rule.referral }
}

/** The policy's parts once the change is bound. */
export function bindParts(request: ChangeRequest, parts: PolicyParts): PolicyParts {
  return { ...parts, mortgagees: applyMortgageeChange(parts.mortgagees ?? [], request.change) }
}
