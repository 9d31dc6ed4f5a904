import { permits, type PermissionFacts, type PermissionName } from './policy/permissions'
import type { IslandName, ScriptIslandName } from './forms/islands'
import type { Locale } from './i18n/locale'
import { isSitePath } from './site-request'

/**
 * THE route table: every screen of both specs. The server guards, the layout and the page titles
 * all read it; no page repeats a rule held here. A route owns its path and every path under it.
 */
export type RouteName =
  | 'Login'
  | 'Logout'
  | 'ReportClaimWithoutSignIn'
  | 'AccountHome'
  | 'ManageProfile'
  | 'RegisterPolicy'
  | 'FindPolicy'
  | 'AddPolicy'
  | 'ManagePolicies'
  | 'GreatNews'
  | 'ForgotPassword'
  | 'Error'
  | 'TestSSO'
  | 'SSOProgressiveLanding'
  | 'AgentInfo'
  | 'ClaimsHist'
  | 'PaymentHist'
  | 'PolicyDocs'
  | 'PolicyOverview'
  | 'ESignature'
  | 'ESignHistory'
  | 'ReportClaim'
  | 'MakePayment'
  | 'OptOutConfirmation'
  | 'SystemMessage'
  | 'NotFound'
  // Not in the spec's table, but needed by what it asks for (issue 3):
  | 'ResetPassword'
  | 'ConfirmRemovePolicy'
  | 'ReturnToPartner'
  | 'Accessibility'
  | 'VerifyInsurance'
  | 'ClaimDocument'
  | 'ClaimMessage'
  | 'ClaimAdvance'
  | 'ClaimPayout'
  | 'PaperlessDocuments'
  | 'PaymentMethods'
  | 'AutoPay'
  | 'SignInCode'
  | 'SignedInSessions'
  | 'TwoStepSignIn'
  | 'ConfirmItIsYou'
  | 'Passkeys'
  | 'Claim'
  | 'Notifications'
  | 'ChooseLanguage'
  | 'PolicyChanges'
  | 'ChangeMortgagee'
  | 'ChangeMailingAddress'
  | 'ChangeDeductible'
  | 'ChangeBillingPlan'
  | 'ReviewPolicyChange'

/**
 * none: anyone (the public list); message: a session, or none while a system message waits;
 * profile: a direct-login profile session; policy: any session with a policy loaded.
 */
type SessionNeed = 'none' | 'message' | 'profile' | 'policy'

interface LayoutFlags {
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
  /** What the loaded policy must allow (spec 000 section 4 "Navigation permissions"); policy routes only. */
  permission?: PermissionName
  layout: LayoutFlags
  /** Routes that may be reached from this one; with onBadExit saying what happens otherwise. */
  leaveTo?: readonly RouteName[]
  onBadExit?: 'error' | 'cancel'
  /**
   * How a POST's body is taken: by default a small form (64 KB) whose text fields the card guard judges;
   * 'file': one claim file, streamed by its handler (10 MB); 'unread': answered without reading it. The
   * card guard judges only the query of those two.
   */
  body?: 'file' | 'unread'
  /**
   * The islands its page may render (hydrated or plain script): the worker refuses to render another
   * (worker/render/render-page.tsx), and perf:size measures the page with these (tests/perf/bundle-size.mjs).
   */
  islands?: readonly (IslandName | ScriptIslandName)[]
  /**
   * A claim session (reporting a claim without signing in, decision 220) may use this route. On every
   * other route that session does not exist: the route sees no session at all.
   */
  claimSession?: true
}

const TITLE_SUFFIX = 'ProgHome'

const plain: LayoutFlags = {
  header: true,
  sideNav: false,
  paymentBox: false,
  manageProfileLink: false,
  servicing: false,
  hidePartnerBanner: true,
}
const profile: LayoutFlags = { ...plain, hidePartnerBanner: false }
const servicing: LayoutFlags = {
  header: true,
  sideNav: true,
  paymentBox: true,
  manageProfileLink: false,
  servicing: true,
  hidePartnerBanner: false,
}
/**
 * A page of the loaded policy that the spec's table does not put in servicing mode (ESignature,
 * ESignHistory, ReportClaim, MakePayment): the same frame, but not servicing, so the header logo of a
 * direct login goes to Account Home and the servicing footer stays off.
 */
const policyPage: LayoutFlags = { ...servicing, servicing: false }
/**
 * A claim's pages (Claims History, a claim's page and its no-script forms): servicing, but no payment-due
 * box above the claim (issue 35 item 6, decision 227). The Policy Summary and Make a Payment keep it.
 */
const claimPage: LayoutFlags = { ...servicing, paymentBox: false }

export const ROUTES: readonly Route[] = [
  // The passkey prompt, offered to a browser that used passkeys here (decision 181).
  { name: 'Login', path: '/', page: 'Login', session: 'none', layout: plain, islands: ['passkey-sign-in'] },
  { name: 'Logout', path: '/Logout', page: 'Log Out', session: 'none', layout: plain, claimSession: true },
  // Ours (issue 35 item 1, decision 220): say who you are by policy number, last name and ZIP code or date of birth, then report a claim.
  { name: 'ReportClaimWithoutSignIn', path: '/report-a-claim', page: 'Report a Claim Without Signing In', session: 'none', layout: plain },
  { name: 'AccountHome', path: '/account-home', page: 'Account Home', session: 'profile', layout: { ...profile, manageProfileLink: true } },
  { name: 'ManageProfile', path: '/manage-profile', page: 'Manage Profile', session: 'profile', layout: profile },
  { name: 'RegisterPolicy', path: '/register-policy', page: 'Register My Policy', session: 'none', layout: plain },
  { name: 'FindPolicy', path: '/find-policy', page: 'Find My Policy', session: 'none', layout: plain },
  { name: 'AddPolicy', path: '/add-policy', page: 'Add My Policy', session: 'profile', layout: profile },
  { name: 'ManagePolicies', path: '/manage-policies', page: 'Your Policies', session: 'profile', layout: profile, islands: ['confirm-remove-policy'] },
  { name: 'GreatNews', path: '/great-news', page: 'Great News', session: 'none', layout: plain },
  { name: 'ForgotPassword', path: '/forgot-password', page: 'Reset Password', session: 'none', layout: plain },
  {
    name: 'Error',
    path: '/error',
    page: 'Error',
    session: 'none',
    layout: plain,
    leaveTo: ['AccountHome', 'PolicyOverview', 'Login'],
    onBadExit: 'error',
  },
  { name: 'TestSSO', path: '/TestSSO', page: 'Test SSO', session: 'none', layout: { ...plain, header: false } },
  { name: 'SSOProgressiveLanding', path: '/sso-progressive-landing', page: 'Signing In', session: 'none', layout: plain },
  { name: 'AgentInfo', path: '/agent-information', page: 'Agent Information', session: 'policy', layout: servicing },
  // A claim's page (/claims-history/{claim}) holds the conversation with the claims team (issue 32 item 2).
  { name: 'ClaimsHist', path: '/claims-history', page: 'Claims History', session: 'policy', layout: claimPage, islands: ['claim-conversation'] },
  { name: 'PaymentHist', path: '/payment-history', page: 'Payment History', session: 'policy', layout: servicing },
  { name: 'PolicyDocs', path: '/policy-documents', page: 'Documents', session: 'policy', layout: servicing },
  { name: 'PolicyOverview', path: '/policy-information', page: 'Policy Summary', session: 'policy', layout: servicing },
  {
    name: 'ESignature',
    path: '/e-sign',
    page: 'E-Signature Required',
    session: 'policy',
    permission: 'mayESign',
    layout: { ...policyPage, paymentBox: false },
    islands: ['e-sign'],
  },
  { name: 'ESignHistory', path: '/e-sign-history', page: 'E-Signatures', session: 'policy', permission: 'mayViewESignHistory', layout: policyPage },
  {
    name: 'ReportClaim',
    path: '/report-claim',
    page: 'Report a Claim',
    session: 'policy',
    permission: 'mayReportClaim',
    // Issue 35: no payment box above a claim (the flood form's own notice says when paying comes first).
    layout: { ...policyPage, paymentBox: false },
    islands: ['report-claim'],
    claimSession: true,
  },
  // The no-script form is answered without reading its body (decision 113): card numbers go through the island only.
  {
    name: 'MakePayment',
    path: '/make-payment',
    page: 'Make a Payment',
    session: 'policy',
    permission: 'mayMakePayment',
    layout: policyPage,
    body: 'unread',
    islands: ['make-payment'],
  },
  { name: 'OptOutConfirmation', path: '/privacy/confirmation', page: 'Opt Out Confirmation', session: 'none', layout: plain },
  {
    name: 'SystemMessage',
    path: '/system-message',
    page: 'System Message',
    session: 'message',
    layout: plain,
    // The spec's four, and ours: a payment that was not made links back to its form (decision 171), a
    // signature's success message to the E-Signatures page (issue 21 item 9).
    // a reported claim's success message to the claim's page (issue 32 item 6: its address, then its page),
    // and a storm claim's to Report a Claim on the other policy of the same home (issue 33 item 4).
    leaveTo: ['AccountHome', 'PolicyOverview', 'Login', 'TestSSO', 'MakePayment', 'ESignHistory', 'Claim', 'ClaimsHist', 'ReportClaim'],
    onBadExit: 'cancel',
    claimSession: true,
  },
  { name: 'NotFound', path: '', page: 'Page Not Found', session: 'none', layout: plain },
  // Ours (issue 34, decision 214): changes the policyholder makes to the policy, their history, the
  // mortgage company's form, and the review that sends a change (every change kind shares it).
  { name: 'PolicyChanges', path: '/policy-changes', page: 'Change My Policy', session: 'policy', layout: servicing },
  { name: 'ChangeMortgagee', path: '/policy-changes/mortgage-company', page: 'Change My Mortgage Company', session: 'policy', layout: servicing },
  { name: 'ChangeMailingAddress', path: '/policy-changes/mailing-address', page: 'Change My Mailing Address', session: 'policy', layout: servicing },
  { name: 'ChangeDeductible', path: '/policy-changes/deductible', page: 'Change My Deductible', session: 'policy', layout: servicing },
  { name: 'ChangeBillingPlan', path: '/policy-changes/billing-plan', page: 'Change My Billing Plan', session: 'policy', layout: servicing },
  { name: 'ReviewPolicyChange', path: '/policy-changes/review', page: 'Review Your Change', session: 'policy', layout: servicing },
  // The page the password-reset email links to, and the no-script confirmation of Remove policy.
  { name: 'ResetPassword', path: '/reset-password', page: 'Choose a New Password', session: 'none', layout: plain },
  { name: 'ConfirmRemovePolicy', path: '/manage-policies/remove', page: 'Confirm Remove Policy from Profile', session: 'profile', layout: profile },
  // 'Account Home' of an SSO user (spec 000 section 4): a POST that ends the session, then the partner's home.
  { name: 'ReturnToPartner', path: '/return-to-partner', page: 'Account Home', session: 'none', layout: plain },
  // Ours (issue 21 item 12): the accessibility statement, linked from every footer.
  { name: 'Accessibility', path: '/accessibility', page: 'Accessibility Statement', session: 'none', layout: profile },
  // Ours (issue 24): a lender checks a proof of insurance's code without signing in.
  { name: 'VerifyInsurance', path: '/verify-insurance', page: 'Verify Proof of Insurance', session: 'none', layout: plain },
  // Ours (issue 19 item 4): the claim page's no-script form that adds one document to an open claim.
  {
    name: 'ClaimDocument',
    path: '/claims-history/add-document',
    page: 'Send a Document',
    session: 'policy',
    permission: 'mayReportClaim',
    layout: claimPage,
    body: 'file',
    // A refused document shows the claim page again, conversation included.
    islands: ['claim-conversation'],
  },
  // Ours (issue 32 item 2): the claim page's no-script form that writes to the claims team.
  {
    name: 'ClaimMessage',
    path: '/claims-history/send-message',
    page: 'Write to the Claims Team',
    session: 'policy',
    layout: claimPage,
    islands: ['claim-conversation'],
  },
  // Ours (issue 33 item 2): the claim page's no-script advance / living-expenses request, with one file.
  {
    name: 'ClaimAdvance',
    path: '/claims-history/request-advance',
    page: 'Request a Payment',
    session: 'policy',
    permission: 'mayReportClaim',
    layout: claimPage,
    body: 'file',
    islands: ['claim-conversation'],
  },
  // Ours (issue 33 item 1): the claim page's no-script form that chooses how the claim is paid. Its body
  // holds an account number, judged by the bank rule: the handler judges its other fields (decision 210).
  {
    name: 'ClaimPayout',
    path: '/claims-history/payout',
    page: 'How You Get Paid',
    session: 'policy',
    layout: claimPage,
    body: 'unread',
    islands: ['claim-conversation'],
  },
  // Ours (issue 22 item 4): consent to electronic delivery of the profile's documents, and its withdrawal.
  { name: 'PaperlessDocuments', path: '/paperless-documents', page: 'Paperless Documents', session: 'profile', layout: profile },
  // Ours (issue 22): saved cards and bank accounts, automatic payments and reminders of a profile.
  { name: 'PaymentMethods', path: '/payment-methods', page: 'Payment Methods', session: 'profile', layout: profile },
  { name: 'AutoPay', path: '/automatic-payments', page: 'Automatic Payments', session: 'policy', permission: 'mayMakePayment', layout: policyPage },
  // Ours (issue 23): the 2-step sign-in code after the password, where the profile is signed in, the
  // 2-step setting, and the fresh proof asked before a sensitive change.
  { name: 'SignInCode', path: '/sign-in-code', page: 'Enter Your Code', session: 'none', layout: plain },
  { name: 'SignedInSessions', path: '/manage-profile/sessions', page: 'Where You Are Signed In', session: 'profile', layout: profile },
  { name: 'TwoStepSignIn', path: '/manage-profile/two-step', page: '2-Step Sign-In', session: 'profile', layout: profile },
  { name: 'ConfirmItIsYou', path: '/manage-profile/confirm', page: 'Confirm It Is You', session: 'profile', layout: profile, islands: ['passkey-sign-in'] },
  { name: 'Passkeys', path: '/manage-profile/passkeys', page: 'Passkeys', session: 'profile', layout: profile, islands: ['passkey-add'] },
  // Ours (issue 32 item 3): a claim's one address, from a mail or a bookmark. It needs no session to be
  // asked for: signed out it goes through sign-in and back; signed in it loads the claim's policy itself.
  { name: 'Claim', path: '/claims', page: 'Your Claim', session: 'none', layout: plain },
  // Ours (issue 32 item 5): what the profile hears about, by email and by text, and its mobile number.
  { name: 'Notifications', path: '/manage-profile/notifications', page: 'Notifications', session: 'profile', layout: profile },
  // Ours (issue 36): the header's language choice posts here, from every page, signed in or not.
  { name: 'ChooseLanguage', path: '/language', page: 'Language', session: 'none', layout: plain },
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

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
}

/**
 * The route that owns a path: the route at that path, else the nearest route above it (/e-sign owns
 * /e-sign/document/application; /manage-policies/remove is a route of its own). '/' owns only itself.
 * Paths match case-insensitively and ignore one trailing slash; a path nobody owns is NotFound.
 */

export function matchRoute(pathname: string): Route {
  const p = withoutTrailingSlash(pathname).toLowerCase()
  const exact = byPath.get(p)
  if (exact) return exact
  for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
    const owner = byPath.get(p.slice(0, i))
    if (owner) return owner
  }
  return route('NotFound')
}

/** A path as its owner spells it: the route's own path, then the rest unchanged (one trailing slash dropped). */
export function canonicalPath(owner: Route, pathname: string): string {
  return owner.path + withoutTrailingSlash(pathname).slice(owner.path.length)
}

/** Whether the loaded policy may open the route: its permission, if it names one. */
export function routePermits(r: Route, policy: PermissionFacts): boolean {
  return r.permission === undefined || permits(policy, r.permission)
}

/** The islands among `rendered` that the route does not declare (the worker refuses to render those). */
export function undeclaredIslands(r: Route, rendered: Iterable<string>): string[] {
  const declared = new Set<string>(r.islands ?? [])
  return [...rendered].filter((name) => !declared.has(name))
}

/**
 * Each route's page name in Spanish (issue 36): the title of a page read in Spanish. The English names
 * (the spec's titles) stay in the table above; a route without a Spanish name fails the type check.
 */
const SPANISH_PAGE: Readonly<Record<RouteName, string>> = {
  Login: 'Iniciar sesión',
  Logout: 'Cerrar sesión',
  ReportClaimWithoutSignIn: 'Reportar un reclamo sin iniciar sesión',
  AccountHome: 'Inicio de la cuenta',
  ManageProfile: 'Administrar perfil',
  RegisterPolicy: 'Registrar mi póliza',
  FindPolicy: 'Buscar mi póliza',
  AddPolicy: 'Agregar mi póliza',
  ManagePolicies: 'Sus pólizas',
  GreatNews: 'Buenas noticias',
  ForgotPassword: 'Restablecer la contraseña',
  Error: 'Error',
  TestSSO: 'Prueba de SSO',
  SSOProgressiveLanding: 'Iniciando sesión',
  AgentInfo: 'Información del agente',
  ClaimsHist: 'Historial de reclamos',
  PaymentHist: 'Historial de pagos',
  PolicyDocs: 'Documentos',
  PolicyOverview: 'Resumen de la póliza',
  ESignature: 'Firma electrónica requerida',
  ESignHistory: 'Firmas electrónicas',
  ReportClaim: 'Reportar un reclamo',
  MakePayment: 'Realizar un pago',
  OptOutConfirmation: 'Confirmación de exclusión',
  SystemMessage: 'Mensaje del sistema',
  NotFound: 'Página no encontrada',
  ResetPassword: 'Elija una contraseña nueva',
  ConfirmRemovePolicy: 'Confirmar que quita la póliza del perfil',
  ReturnToPartner: 'Inicio de la cuenta',
  Accessibility: 'Declaración de accesibilidad',
  VerifyInsurance: 'Verificar un comprobante de seguro',
  ClaimDocument: 'Enviar un documento',
  ClaimMessage: 'Escribir al equipo de reclamos',
  ClaimAdvance: 'Solicitar un pago',
  ClaimPayout: 'Cómo recibe su pago',
  PaperlessDocuments: 'Documentos sin papel',
  PaymentMethods: 'Métodos de pago',
  AutoPay: 'Pagos automáticos',
  SignInCode: 'Ingrese su código',
  SignedInSessions: 'Dónde tiene la sesión iniciada',
  TwoStepSignIn: 'Inicio de sesión en 2 pasos',
  ConfirmItIsYou: 'Confirme que es usted',
  Passkeys: 'Llaves de acceso',
  Claim: 'Su reclamo',
  Notifications: 'Notificaciones',
  ChooseLanguage: 'Idioma',
  PolicyChanges: 'Cambiar mi póliza',
  ChangeMortgagee: 'Cambiar mi compañía hipotecaria',
  ChangeMailingAddress: 'Cambiar mi dirección postal',
  ChangeDeductible: 'Cambiar mi deducible',
  ChangeBillingPlan: 'Cambiar mi plan de pagos',
  ReviewPolicyChange: 'Revise su cambio',
}

/** The spec's '<Page> - ProgHome', or its Spanish page name for a page read in Spanish. */
export function pageTitle(r: Route, locale: Locale = 'en'): string {
  return titled(locale === 'es' ? SPANISH_PAGE[r.name] : r.page)
}

/** A page's title from its name: '<Page> - ProgHome'. */
export function titled(page: string): string {
  return `${page} - ${TITLE_SUFFIX}`
}

/** A person's home page: Account Home for a direct sign-in, else Login (the 404 page's way on). */
export function homeRoute(sessionKind: 'direct' | 'sso' | 'claim' | undefined): RouteName {
  return sessionKind === 'direct' ? 'AccountHome' : 'Login'
}

/** Long enough for any page's path and query. */
const MAX_RETURN_PATH = 1000

/**
 * The page a form may send the browser back to (the header's language choice, issue 36): a path of this
 * site only, never another origin ('//evil.example', '/\evil.example', 'https://…'), printable ASCII
 * (the URL's encoded form), at most 1,000 characters; else null.
 */
export function sameSiteReturnPath(raw: string | undefined): string | null {
  if (raw === undefined || raw.length === 0 || raw.length > MAX_RETURN_PATH) return null
  return isSitePath(raw) && /^[!-~]+$/.test(raw) ? raw : null
}

export type SessionState = { hasSession: boolean; hasMessage: boolean }

/**
 * Whether the session-missing handling applies: without a session, any route that needs one.
 * SystemMessage (session 'message') is let through while a message is present.
 */
export function needsSessionEnded(r: Route, s: SessionState): boolean {
  if (s.hasSession || r.session === 'none') return false
  return !(r.session === 'message' && s.hasMessage)
}

/** What happens when leaving `from` for `to`: allowed, or the route's bad-exit handling. */
export function exitRule(from: Route, to: Route): 'allow' | 'error' | 'cancel' {
  if (!from.leaveTo || from.name === to.name) return 'allow'
  return from.leaveTo.includes(to.name) ? 'allow' : (from.onBadExit ?? 'allow')
}

export const INVALID_NAVIGATION = 'Redirecting to Error page, invalid navigation request.'
export const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'
/** SESSION_ENDED for a page read in Spanish (the /v1 API answers the spec's English). */
export const SESSION_ENDED_ES = 'Su sesión terminó. Vuelva a iniciar sesión para entrar a su cuenta.'
