import type { PageDeclaration } from '../page'
import { policyChangesPage } from './policy-changes'
import { changeMortgageePage } from './mortgagee'
import { reviewPolicyChangePage } from './review'
import { changeMailingAddressPage } from './mailing-address'
import { changeDeductiblePage } from './deductible'
import { changeBillingPlanPage } from './billing-plan'

/** Changes the policyholder makes to the policy (issue 34, decision 214). */
export const policyChangesPages: readonly PageDeclaration[] = [
  policyChangesPage,
  changeMortgageePage,
  changeMailingAddressPage,
  changeDeductiblePage,
  changeBillingPlanPage,
  reviewPolicyChangePage,
]
