import { claimAddress } from '../../../shared/claims/claim-address'
import type { ClaimFollowUp } from '../../../shared/claims/follow-up/reported-follow-up'
import { reportClaimIslandTexts, type ReportClaimIslandTexts } from '../../../shared/claims/texts/report-claim-island'
import { telHref } from '../../render/tel-links'
import { useLocale, useTexts } from '../../render/locale'
import { claimFollowUpTexts } from './texts/claim-follow-up'

/** The National Vendor's services and the mitigations by code, as the report's form named them (in the page's language). */
const serviceName = (t: ReportClaimIslandTexts, code: number) =>
  ({ 1: t.serviceOption1, 2: t.serviceOption2, 3: t.serviceOption3, 4: t.serviceOption4 })[code] ?? String(code)
const mitigationName = (t: ReportClaimIslandTexts, code: number) => ({ 1: t.mitigation1, 2: t.mitigation2, 3: t.mitigation3, 4: t.mitigation4 })[code] ?? ''

/**
 * Under a reported claim's success message (issue 32 item 6): what happens next in plain words, the
 * emergency help asked for with the report, confirmed, and the way to the claim's page (its one address).
 */
export function ClaimFollowUpView({ followUp: f, claimsPhone }: { followUp: ClaimFollowUp; claimsPhone: string }) {
  const T = useTexts(claimFollowUpTexts)
  const names = reportClaimIslandTexts[useLocale()]
  const emergency = f.vendorServices.length > 0 || f.repairCompany !== '' || f.mitigation.length > 0
  return (
    <div className="claim-follow-up">
      <h2>{T.nextHeading}</h2>
      <ul>
        {[T.next1, T.next2].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {emergency && (
        <section aria-labelledby="claim-follow-up-emergency">
          <h2 id="claim-follow-up-emergency">{T.emergencyHeading}</h2>
          {f.vendorServices.length > 0 && (
            <p>
              {T.vendor(f.vendorServices.map((code) => serviceName(names, code)).join(', '))} {T.vendorNotHeard}{' '}
              <a className="tel" href={telHref(claimsPhone)}>
                {claimsPhone}
              </a>
              .
            </p>
          )}
          {f.repairCompany !== '' && (
            <p>
              {T.company(f.repairCompany, f.repairService)} {T.reimbursement}
            </p>
          )}
          {f.mitigation.length > 0 && (
            <>
              <p>{T.mitigation}</p>
              <ul>
                {f.mitigation.map((code) => (
                  <li key={code}>{T.mitigationLine(mitigationName(names, code))}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      {/* A link: the page's one primary action is its return button (issue 35 item 6). */}
      <p>
        <a href={claimAddress(f.claimNumber)}>{T.link}</a>
      </p>
    </div>
  )
}
