import { useEffect, useMemo, useState } from 'react'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import { PhoneLink } from './dialogs'
import { FloodForm } from './FloodForm'
import { HomeownersForm } from './HomeownersForm'
import { ClaimTextsContext } from './texts'

/**
 * The report-claim island: the flood form for flood policies, the homeowners form for the others
 * (spec 001 section 2). The server renders only the no-script notice with the claims phone line; the
 * form replaces it once the island runs (it needs the browser for its calls, masks and modals). Its texts
 * come from the page in the page's language (issue 36).
 */
export function ReportClaim(props: ReportClaimProps) {
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const language = useMemo(() => ({ t: props.texts, messages: props.messages }), [props.texts, props.messages])
  return (
    <ClaimTextsContext.Provider value={language}>
      {!enhanced ? (
        <p className="claim-noscript">
          {props.texts.noScript} <PhoneLink phone={props.claimsPhone} />
        </p>
      ) : props.family === 'flood' ? (
        <FloodForm {...props} />
      ) : (
        <HomeownersForm {...props} />
      )}
    </ClaimTextsContext.Provider>
  )
}
