import { pathOf } from '../../../shared/routes'
import { claimAddress } from '../../../shared/claims/claim-address'
import { streetLine } from '../../../shared/claims/policy-facts'
import { PAIRED_TEXTS } from '../../../shared/claims/paired/paired-text'
import { useTexts } from '../../render/locale'
import { claimPageTexts } from './texts/claim-page'
import type { PolicyFamily } from '../../../shared/policy/family'
import type { LinkedClaimRow } from '../../db/claims/claim-links'
import type { PairedOffer } from '../../services/claims/paired-claims'

/** Report a Claim on the other policy, its form carrying the loss facts of `claimNumber` (decision 213). */
export const pairedReportPath = (claimNumber: string) => `${pathOf('ReportClaim')}?pairedWith=${encodeURIComponent(claimNumber)}`

const familyOf = (p: { isFlood: boolean }): PolicyFamily => (p.isFlood ? 'flood' : 'homeowners')

/**
 * Under a weather claim's success message: the offer to report the claim on the person's other policy
 * of the same property (a plain link: it works without script), or the other claim when it was reported.
 */
export function PairedOfferView({ offer }: { offer: PairedOffer }) {
  const T = useTexts(PAIRED_TEXTS)
  const family = familyOf(offer.toPolicy)
  if (offer.kind === 'linked') {
    return (
      <p className="paired-claim">
        {T.alreadyLinked(family)} <a href={claimAddress(offer.linkedClaimNumber)}>{offer.linkedClaimNumber}</a>
      </p>
    )
  }
  const risk = offer.toPolicy.riskAddresses[0]!
  return (
    <section className="alert alert--info paired-claim" aria-labelledby="paired-claim-heading">
      <div>
        <h2 id="paired-claim-heading">{T.offerHeading(family)}</h2>
        <p>{T.offerBody(family, offer.toPolicy.policyID, `${streetLine(risk.address1, risk.address2)}, ${risk.city}`)}</p>
        <p>{T.offerCarried}</p>
        <p>
          {/* A link: the success page's one primary action is its return button (issue 35 item 6). */}
          <a href={pairedReportPath(offer.claimNumber)}>{T.offerLink(family)}</a>
        </p>
      </div>
    </section>
  )
}

/** Above Report a Claim's form when it carries the loss facts of the first claim. */
export function CarriedNotice({ claimNumber }: { claimNumber: string }) {
  const T = useTexts(PAIRED_TEXTS)
  return (
    <p className="alert alert--info paired-claim" role="note">
      {T.carriedNotice(claimNumber)}
    </p>
  )
}

/** On a claim's page: the claim of the same loss on the other policy, at its one address, and whether each claims team was told. */
export function LinkedClaimsSection({ links }: { links: readonly LinkedClaimRow[] }) {
  const T = useTexts(PAIRED_TEXTS)
  const page = useTexts(claimPageTexts)
  if (links.length === 0) return null
  return (
    <section className="paired-claim" aria-labelledby="linked-claims-heading">
      <h2 id="linked-claims-heading">{T.linkedHeading}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.linked_claim_number}>
            {T.linked(l.family)} <a href={claimAddress(l.linked_claim_number)}>{page.heading(l.linked_claim_number)}</a> (
            {page.linkedPolicy(l.linked_policy_id)})
          </li>
        ))}
      </ul>
      <p>{links.every((l) => l.sent_at !== null) ? T.linkedTold : T.linkedTelling}</p>
    </section>
  )
}
