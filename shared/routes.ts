/**
 * THE route table: every screen of both specs. The server guards, the layout and the page titles
 * all read it; no page repeats a rule held here.
 */
export type RouteName =
  | 'Login' | 'Logout' | 'AccountHome' | 'ManageProfile' | 'RegisterPolicy' | 'FindPolicy' | 'AddPolicy'
  | 'ManagePolicies' | 'GreatNews' | 'ForgotPassword' | 'Error' | 'TestSSO' | 'SSOProgressiveLanding'
  | 'AgentInfo' | 'ClaimsHist' | 'PaymentHist' | 'PolicyDocs' | 'PolicyOverview' | 'ESignature'
  | 'ESignHistory' | 'ReportClaim' | 'MakePayment' | 'OptOutConfirmation' | 'SystemMessage' | 'NotFound'
  // Not in the spec's table, but needed by what it asks for (issue 3):
  | 'ResetPassword' | 'ConfirmRemovePolicy'

/** none: anyone; profile: a direct-login profile session; policy: any session with a policy loaded. */
export type SessionNeed = 'none' | 'profile' | 'policy'

export interface LayoutFlags {
  header: boolean
  sideNav: boolean
  paymentBox: boolean
  manageProfileLink: boolean
  servicing: boolean
  hidePartnerBanner: boolean
}

export interface Route {
  name: RouteName
  path: string
  page: string
  session: SessionNeed
  layout: LayoutFlags
  /** Routes that may be reached from this one; with onBadExit saying what happens otherwise. */
  leaveTo?: readonly RouteName[]
  onBadExit?: 'error' | 'cancel'
}

export const TITLE_SUFFIX = 'ProgHome'

const plain: LayoutFlags = {
  header: true, sideNav: false, paymentBox: false, manageProfileLink: false, servicing: false, hidePartnerBanner: true,
}
const profile: LayoutFlags = { ...plain, hidePartnerBanner: false }
const servicing: LayoutFlags = {
  header: true, sideNav: true, paymentBox: true, manageProfileLink: false, servicing: true, hidePartnerBanner: false,
}

export const ROUTES: readonly Route[] = [
  { name: 'Login', path: '/', page: 'Login', session: 'none', layout: plain },
  { name: 'Logout', path: '/Logout', page: 'Log Out', session: 'none', layout: plain },
  { name: 'AccountHome', path: '/account-home', page: 'Account Home', session: 'profile', layout: { ...profile, manageProfileLink: true } },
  { name: 'ManageProfile', path: '/manage-profile', page: 'Manage Profile', session: 'profile', layout: profile },
  { name: 'RegisterPolicy', path: '/register-policy', page: 'Register My Policy', session: 'none', layout: plain },
  { name: 'FindPolicy', path: '/find-policy', page: 'Find My Policy', session: 'none', layout: plain },
  { name: 'AddPolicy', path: '/add-policy', page: 'Add My Policy', session: 'profile', layout: profile },
  { name: 'ManagePolicies', path: '/manage-policies', page: 'Your Policies', session: 'profile', layout: profile },
  { name: 'GreatNews', path: '/great-news', page: 'Great News', session: 'none', layout: plain },
  { name: 'ForgotPassword', path: '/forgot-password', page: 'Reset Password', session: 'none', layout: plain },
  {
    name: 'Error', path: '/error', page: 'Error', session: 'none', layout: plain,
    leaveTo: ['AccountHome', 'PolicyOverview', 'Login'], onBadExit: 'error',
  },
  { name: 'TestSSO', path: '/TestSSO', page: 'Test SSO', session: 'none', layout: { ...plain, header: false } },
  { name: 'SSOProgressiveLanding', path: '/sso-progressive-landing', page: 'Signing In', session: 'none', layout: plain },
  { name: 'AgentInfo', path: '/agent-information', page: 'Agent Information', session: 'policy', layout: servicing },
  { name: 'ClaimsHist', path: '/claims-history', page: 'Claims History', session: 'policy', layout: servicing },
  { name: 'PaymentHist', path: '/payment-history', page: 'Payment History', session: 'policy', layout: servicing },
  { name: 'PolicyDocs', path: '/policy-documents', page: 'Documents', session: 'policy', layout: servicing },
  { name: 'PolicyOverview', path: '/policy-information', page: 'Dashboard', session: 'policy', layout: servicing },
  { name: 'ESignature', path: '/e-sign', page: 'E-Signature Required', session: 'policy', layout: { ...servicing, paymentBox: false } },
  { name: 'ESignHistory', path: '/e-sign-history', page: 'E-Signatures', session: 'policy', layout: servicing },
  { name: 'ReportClaim', path: '/report-claim', page: 'Report a Claim', session: 'policy', layout: servicing },
  { name: 'MakePayment', path: '/make-payment', page: 'Make a Payment', session: 'policy', layout: servicing },
  { name: 'OptOutConfirmation', path: '/privacy/confirmation', page: 'Opt Out Confirmation', session: 'none', layout: plain },
  {
    name: 'SystemMessage', path: '/system-message', page: 'System Message', session: 'none', layout: plain,
    leaveTo: ['AccountHome', 'PolicyOverview', 'Login', 'TestSSO'], onBadExit: 'cancel',
  },
  { name: 'NotFound', path: '', page: 'Page Not Found', session: 'none', layout: plain },
  // The page the password-reset email links to, and the no-script confirmation of Remove policy.
  { name: 'ResetPassword', path: '/reset-password', page: 'Choose a New Password', session: 'none', layout: plain },
  { name: 'ConfirmRemovePolicy', path: '/manage-policies/remove', page: 'Confirm Remove Policy from Profile', session: 'profile', layout: profile },
]

/** Reachable without a session (spec 000 "Global navigation guards"); SystemMessage only with a message. */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'SSOProgressiveLanding', 'TestSSO', 'Login', 'FindPolicy', 'ForgotPassword', 'PolicyOverview', 'Logout',
  'RegisterPolicy', 'GreatNews', 'OptOutConfirmation', 'NotFound', 'Error',
  'ResetPassword', // reached from the reset email, without a session
]

const byName = new Map(ROUTES.map((r) => [r.name, r]))
const byPath = new Map(ROUTES.filter((r) => r.path).map((r) => [r.path.toLowerCase(), r]))

export function route(name: RouteName): Route {
  const r = byName.get(name)
  if (!r) throw new Error(`unknown route ${name}`)
  return r
}

export function pathOf(name: RouteName): string {
  return route(name).path
}

/** Paths match case-insensitively and ignore one trailing slash; anything else is NotFound. */
export function matchRoute(pathname: string): Route {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return byPath.get(p.toLowerCase()) ?? route('NotFound')
}

export function pageTitle(r: Route): string {
  return `${r.page} - ${TITLE_SUFFIX}`
}

export type SessionState = { hasSession: boolean; hasMessage: boolean }

/**
 * Whether the session-missing handling applies: without a session, a route that needs one or any
 * route off the public list. SystemMessage is let through when a message is present.
 */
export function needsSessionEnded(r: Route, s: SessionState): boolean {
  if (s.hasSession) return false
  if (r.name === 'SystemMessage' && s.hasMessage) return false
  return r.session !== 'none' || !PUBLIC_ROUTES.includes(r.name)
}

/** What happens when leaving `from` for `to`: allowed, or the route's bad-exit handling. */
export function exitRule(from: Route, to: Route): 'allow' | 'error' | 'cancel' {
  if (!from.leaveTo || from.name === to.name) return 'allow'
  return from.leaveTo.includes(to.name) ? 'allow' : (from.onBadExit ?? 'allow')
}

export const INVALID_NAVIGATION = 'Redirecting to Error page, invalid navigation request.'
export const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'
