import { useEffect, useState } from 'react'
import { CLAIM_TEXT } from '../../shared/claims/messages'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import { PhoneLink } from './dialogs'
import { FloodForm } from './FloodForm'
import { HomeownersForm } from './HomeownersForm'

/**
 * The report-claim island: the flood form for flood policies, the homeowners form for the others
 * (spec 001 section 2). The server renders only the no-script notice with the claims phone line; the
 * form replaces it once the island runs (it needs the browser for its calls, masks and modals).
 */
export function ReportClaim(props: ReportClaimProps) {
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  if (!enhanced) {
    return (
      <p className="claim-noscript">
        {CLAIM_TEXT.noScript} <PhoneLink phone={props.claimsPhone} />
      </p>
    )
  }
  return props.family === 'flood' ? <FloodForm {...props} /> : <HomeownersForm {...props} />
}
