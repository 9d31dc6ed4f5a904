import { claimAddress } from '../../../shared/claims/claim-address'
import { mitigationCommentLine } from '../../../shared/claims/mitigation'
import { FOLLOW_UP_TEXT as T, vendorServiceNames, type ClaimFollowUp } from '../../../shared/claims/follow-up/reported-follow-up'
import { telHref } from '../../render/tel-links'

/**
 * Under a reported claim's success message (issue 32 item 6): what happens next in plain words, the
 * emergency help asked for with the report, confirmed, and the way to the claim's page (its one address).
 */
export function ClaimFollowUpView({ followUp: f, claimsPhone }: { followUp: ClaimFollowUp; claimsPhone: string }) {
  const emergency = f.vendorServices.length > 0 || f.repairCompany !== '' || f.mitigation.length > 0
  return (
    <div className="claim-follow-up">
      <h2>{T.nextHeading}</h2>
      <ul>
        {T.next.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {emergency && (
        <section aria-labelledby="claim-follow-up-emergency">
          <h2 id="claim-follow-up-emergency">{T.emergencyHeading}</h2>
          {f.vendorServices.length > 0 && (
            <p>
              {T.vendor(vendorServiceNames(f.vendorServices))} {T.vendorNotHeard}{' '}
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
                  <li key={code}>{mitigationCommentLine(code)}</li>
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
