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
    items.push(
      reportClaimOpensClaimsList(p) ? { label: 'Report a Claim', to: 'ReportClaim', opensClaimsList: true } : { label: 'Report a Claim', to: 'ReportClaim' },
    )
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

/** Who is signed in and what the route's flags say: what the header decides from. */
export interface HeaderFacts {
  session: { kind: 'direct' | 'sso' | 'claim'; systemOrigin: string } | null
  servicing: boolean
  manageProfileLinkFlag: boolean
  sendToProgressive: boolean
}

export interface HeaderLinks {
  logo: RouteName
  /** 'route': the AccountHome route (direct login); 'parent-site': the configured SSO home address. */
  accountHome: 'route' | 'parent-site' | null
  showManageProfile: boolean
  showLogout: boolean
}

/**
 * Header rules (spec 000 "Navigation menus and header"): the logo links to policy-information, or to
 * account-home when direct-login and not in servicing (to Login with no session); 'Account Home' shows
 * when the manage-profile link is hidden and account home is allowed (not for SystemOrigin MNA), going
 * to the route on direct login and back to the parent site otherwise; 'Manage Profile' shows when the
 * route flags it and the profile is not sent to the partner site.
 */
export function headerLinks(f: HeaderFacts): HeaderLinks {
  // A claim session (decision 220) has no account to go home to: the logo leads to its one page, Log Out ends it.
  if (f.session?.kind === 'claim') return { logo: 'ReportClaim', accountHome: null, showManageProfile: false, showLogout: true }
  const direct = f.session?.kind === 'direct'
  const logo: RouteName = !f.session ? 'Login' : direct && !f.servicing ? 'AccountHome' : 'PolicyOverview'
  const showManageProfile = f.manageProfileLinkFlag && direct && !f.sendToProgressive
  const accountHomeAllowed = f.session !== null && f.session.systemOrigin !== 'MNA'
  const accountHome = !showManageProfile && accountHomeAllowed ? (direct ? 'route' : 'parent-site') : null
  return { logo, accountHome, showManageProfile, showLogout: f.session !== null }
}
