import { useEffect, useState } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { CLAIM_TEXT } from '../../shared/claims/messages'
import type { ReportClaimProps } from '../../shared/schemas/claim-props'
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
  return props.family === 'flood' ? <FloodForm {...props} /> : <HomeownersRoot {...props} />
}

/** One QueryClient per island root, created in the browser (never at module level). */
function HomeownersRoot(props: ReportClaimProps) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }))
  return (
    <QueryClientProvider client={client}>
      <HomeownersForm {...props} />
    </QueryClientProvider>
  )
}
