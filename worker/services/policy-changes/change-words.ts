import type { Locale } from '../../../shared/i18n/locale'
import { describeMortgageeChange } from '../../../shared/policy/changes/mortgagee'
import { describeMailingAddressChange } from '../../../shared/policy/changes/mailing-address'
import { describeDeductibleChange } from '../../../shared/policy/changes/deductible'
import { describeBillingPlanChange } from '../../../shared/policy/changes/billing-plan'
import type { ChangeRequest, PolicyParts } from '../../integrations/policy-admin'
import type { PolicyChangeRow } from '../../db/policy-changes/policy-changes'

/**
 * What a change does, in words (issue 36, decision 235). In English, the summary stored with the quote:
 * the words the person reviewed, never rewritten by a later rule. In Spanish, written when shown from the
 * facts the change keeps (what was sent, the policy's parts it was priced on, its date) by the same rule
 * that wrote the summary; a change whose parts are missing (none so far) shows the English summary.
 */
export function changeLines(row: Pick<PolicyChangeRow, 'request' | 'as_of' | 'effective_date' | 'summary'>, locale: Locale): string[] {
  if (locale === 'en') return JSON.parse(row.summary) as string[]
  const request = JSON.parse(row.request) as ChangeRequest
  const parts = JSON.parse(row.as_of) as PolicyParts
  const lines = linesOf(request, parts, row.effective_date, locale)
  return lines ?? (JSON.parse(row.summary) as string[])
}

function linesOf(request: ChangeRequest, parts: PolicyParts, effective: string, locale: Locale): string[] | null {
  switch (request.kind) {
    case 'mortgagee':
      return parts.mortgagees ? describeMortgageeChange(parts.mortgagees, request.change, locale) : null
    case 'mailing-address':
      return parts.mailingAddress ? describeMailingAddressChange(parts.mailingAddress, request.change, locale) : null
    case 'deductible':
      return parts.deductibles
        ? describeDeductibleChange(parts.deductibles.deductibles, parts.deductibles.dwellingLimitCents, request.change, effective, locale)
        : null
    case 'billing-plan':
      // It takes effect on the day it was asked (quoteBillingPlanChange), the schedule's 'today'.
      return parts.billing ? describeBillingPlanChange(parts.billing, request.change, effective, locale) : null
  }
}
