import type { RouteName } from '../routes'
import { mayMakePayment, mayReportClaim, mayViewESignHistory, type PermissionFacts } from './permissions'

/** The side nav of a loaded policy (spec 000 "Navigation menus and header"). */
export interface NavItem {
  label: string
  to: RouteName
  /** Report a Claim on a policy that already has claims opens the claims-list modal instead. */
  opensClaimsList?: boolean
}

export interface NavFacts extends PermissionFacts {
  eSignatureRequired: boolean
  claims: readonly unknown[]
}

/** Report a Claim opens the claims-list modal (not the route) when the policy already has claims. */
export function reportClaimOpensClaimsList(p: NavFacts): boolean {
  return mayReportClaim(p) && p.claims.length > 0
}

/**
 * Policy Summary always; Report a Claim if allowed; Make a Payment if allowed; Documents, Agent
 * Information, Payment History and Claims History always; 'E-Signature Required' (to /e-sign) if
 * eSignatureRequired, else 'E-Signatures' (to /e-sign-history), both only if e-signature history is allowed.
 */
export function sideNavItems(p: NavFacts): NavItem[] {
  const items: NavItem[] = [{ label: 'Policy Summary', to: 'PolicyOverview' }]
  if (mayReportClaim(p)) {
    items.push(reportClaimOpensClaimsList(p) ? { label: 'Report a Claim', to: 'ReportClaim', opensClaimsList: true } : { label: 'Report a Claim', to: 'ReportClaim' })
  }
  if (mayMakePayment(p)) items.push({ label: 'Make a Payment', to: 'MakePayment' })
  items.push(
    { label: 'Documents', to: 'PolicyDocs' },
    { label: 'Agent Information', to: 'AgentInfo' },
    { label: 'Payment History', to: 'PaymentHist' },
    { label: 'Claims History', to: 'ClaimsHist' },
  )
  if (mayViewESignHistory(p)) {
    items.push(p.eSignatureRequired ? { label: 'E-Signature Required', to: 'ESignature' } : { label: 'E-Signatures', to: 'ESignHistory' })
  }
  return items
}
