import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { dwellingLimit } from '../../../shared/policy/coverages'
import { contactOf } from '../../../shared/policy/changes/mailing-address'
import { sendsToNewParty } from '../../../shared/policy/changes/mortgagee'
import { billingNowOf } from '../../../shared/policy/changes/billing-plan'
import type { ChangeKind } from '../../../shared/policy/changes/kinds'
import type { ChangeRequest, PolicyParts } from '../../integrations/policy-admin'
import { setBillingStatement, setDeductiblesStatement, setMailingAddressStatement, setMortgageesStatement } from '../../db/policy-changes/policy-changes'

/**
 * What differs per kind of change (decisions 214-217): the policy's parts it is priced on, whether
 * confirming it needs a recent sign-in (decision 202: it moves money or sends documents to a new
 * party), and what the carrier's answer writes to the policy of record.
 */

/** The policy's parts of the kind, as a quote keeps them (as_of): a change is bound only while they still are. */
export function partsOfKind(policy: Policy, kind: ChangeKind): PolicyParts {
  switch (kind) {
    case 'mortgagee':
      return { mortgagees: [...policy.mortgagees] }
    case 'mailing-address':
      return { mailingAddress: contactOf(policy) }
    case 'deductible':
      return {
        deductibles: { deductibles: [...(policy.coverages?.deductibles ?? [])], dwellingLimitCents: policy.coverages ? dwellingLimit(policy.coverages) : 0 },
      }
    case 'billing-plan':
      return { billing: billingNowOf(policy) }
  }
}

/** Whether confirming needs a sign-in or step-up within 10 minutes: a new lender gets documents; a deductible or a billing plan moves money. */
export function needsStepUp(request: ChangeRequest): boolean {
  switch (request.kind) {
    case 'mortgagee':
      return sendsToNewParty(request.change)
    case 'mailing-address':
      return false
    case 'deductible':
    case 'billing-plan':
      return true
  }
}

/** The policy of record as the carrier bound it (its answer's parts; the policy's own where it sent none). */
export function boundPolicy(policy: Policy, kind: ChangeKind, bound: PolicyParts): Policy {
  switch (kind) {
    case 'mortgagee':
      return { ...policy, mortgagees: [...(bound.mortgagees ?? policy.mortgagees)] }
    case 'mailing-address': {
      const c = bound.mailingAddress
      if (!c) return policy
      const { email, homePhone, ...address } = c
      return { ...policy, email, homePhone, mailingAddress: { ...policy.mailingAddress, ...address } }
    }
    case 'deductible':
      return bound.deductibles && policy.coverages ? { ...policy, coverages: { ...policy.coverages, deductibles: bound.deductibles.deductibles } } : policy
    case 'billing-plan': {
      // The first installment becomes the amount due on its date; what is owed takes the plan's fees.
      const b = bound.billing
      const first = b?.schedule[0]
      if (!b?.plan || !first) return policy
      return {
        ...policy,
        billingPlan: { plan: b.plan, dueDay: b.dueDay, schedule: b.schedule },
        totalDue: b.owedCents,
        amountDue: first.amountCents,
        pastDue: 0,
        dueDate: first.dueDate,
        recentPayment: 0,
      }
    }
  }
}

/** The statements writing the kind's parts of `after` (boundPolicy's) to the policy of record. */
export function policyOfRecordStatements(env: Env, after: Policy, kind: ChangeKind, now: number): D1PreparedStatement[] {
  switch (kind) {
    case 'mortgagee':
      return [setMortgageesStatement(env.DB, after.policyID, after.mortgagees, now)]
    case 'mailing-address':
      return [setMailingAddressStatement(env.DB, after.policyID, { mailingAddress: after.mailingAddress, email: after.email, homePhone: after.homePhone }, now)]
    case 'deductible':
      return [setDeductiblesStatement(env.DB, after.policyID, after.coverages?.deductibles ?? [], now)]
    case 'billing-plan':
      // A policy still on the carrier's own bill (no plan in the answer either) has no plan to write.
      return after.billingPlan ? [setBillingStatement(env.DB, after.policyID, { ...after, billingPlan: after.billingPlan }, now)] : []
  }
}
