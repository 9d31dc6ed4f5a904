import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDateIn } from '../../../shared/i18n/format'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { useLocale } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { claimHistoryTexts } from './texts/claim-history'
import { amountPaidText } from '../../../shared/claims/follow-up/amount-paid'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { DataTable, EmptyText, Screen } from '../policy/parts'
import { claimsWithReported } from '../../services/claims/claim-history'
import { latestPaymentWords } from '../../services/claims/claim-payout'
import { claimPath } from './claim'
import { definePage } from '../page'

/**
 * Spec 000 "Claims History": Claim ID, Amount Paid, Date of Loss, Peril, Status. Every claim links to
 * its claim page (issues 19 and 32). Nothing paid yet on an open claim reads 'None yet'
 * (shared/claims/amount-paid, issue 21 item 5). Payment: the latest payment's method and status (decision 210).
 */
function ClaimsHistoryView({ policy, payments }: { policy: Policy; payments: ReadonlyMap<string, string> }) {
  const locale = useLocale()
  const t = claimHistoryTexts[locale]
  return (
    <Screen title={t.heading} id="claims-heading">
      {policy.claims.length === 0 ? (
        <EmptyText>{t.none}</EmptyText>
      ) : (
        <DataTable
          caption={t.caption(policy.policyID)}
          rows={policy.claims}
          rowKey={(c) => c.claimID}
          columns={[
            { header: t.claimId, cell: (c) => <a href={claimPath(c.claimID)}>{c.claimID}</a> },
            { header: t.amountPaid, cell: (c) => amountPaidText(c.lossAmount, c.status, locale), kind: 'money' },
            { header: t.dateOfLoss, cell: (c) => formatDateIn(locale, c.lossDate) },
            { header: t.peril, cell: (c) => policyWordIn(locale, c.peril) },
            { header: t.status, cell: (c) => policyWordIn(locale, c.status) },
            { header: t.payment, cell: (c) => payments.get(c.claimID) ?? '' },
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
  return renderPage(c, <ClaimsHistoryView policy={{ ...policy, claims }} payments={await latestPaymentWords(c.env, policy.policyID, requestLocale(c))} />)
})
