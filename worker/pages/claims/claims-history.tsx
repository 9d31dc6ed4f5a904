import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDate } from '../../../shared/format'
import { amountPaidText } from '../../../shared/claims/follow-up/amount-paid'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { DataTable, EmptyText, Screen } from '../policy/parts'
import { claimsWithReported } from '../../services/claims/claim-history'
import { latestPaymentWords } from '../../services/claims/claim-payout'
import { claimPath } from './claim'
import { definePage } from '../page'

const NO_CLAIMS = 'There is no claims history on this policy.'

/**
 * Spec 000 "Claims History": Claim ID, Amount Paid, Date of Loss, Peril, Status. Every claim links to
 * its claim page (issues 19 and 32). Nothing paid yet on an open claim reads 'None yet'
 * (shared/claims/amount-paid, issue 21 item 5). Payment: the latest payment's method and status (decision 210).
 */
function ClaimsHistoryView({ policy, payments }: { policy: Policy; payments: ReadonlyMap<string, string> }) {
  return (
    <Screen title="Claims History" id="claims-heading">
      {policy.claims.length === 0 ? (
        <EmptyText>{NO_CLAIMS}</EmptyText>
      ) : (
        <DataTable
          caption={`Claims on policy ${policy.policyID}`}
          rows={policy.claims}
          rowKey={(c) => c.claimID}
          columns={[
            { header: 'Claim ID', cell: (c) => <a href={claimPath(c.claimID)}>{c.claimID}</a> },
            { header: 'Amount Paid', cell: (c) => amountPaidText(c.lossAmount, c.status), kind: 'money' },
            { header: 'Date of Loss', cell: (c) => formatDate(c.lossDate) },
            { header: 'Peril', cell: (c) => c.peril },
            { header: 'Status', cell: (c) => c.status },
            { header: 'Payment', cell: (c) => payments.get(c.claimID) ?? '' },
          ]}
        />
      )}
    </Screen>
  )
}

export const claimsHistoryPage = definePage('ClaimsHist')

claimsHistoryPage.get('/', async (c) => {
  const { policy } = policyContext(c)
  const claims = await claimsWithReported(c.env.DB, policy)
  return renderPage(c, <ClaimsHistoryView policy={{ ...policy, claims }} payments={await latestPaymentWords(c.env, policy.policyID)} />)
})
