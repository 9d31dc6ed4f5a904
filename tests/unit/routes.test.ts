import { describe, it, expect } from 'vitest'
import { ROUTES, canonicalPath, matchRoute, pageTitle, route, routePermits, needsSessionEnded, exitRule, type RouteName } from '../../shared/routes'
import { PERMISSIONS, permits, mayESign, mayMakePayment, mayReportClaim, mayViewESignHistory, type PermissionFacts } from '../../shared/policy/permissions'
import { sideNavItems, type NavFacts } from '../../shared/policy/navigation'

/** Reachable without a session: the routes that need none. */
const PUBLIC_ROUTES: readonly RouteName[] = ROUTES.filter((r) => r.session === 'none').map((r) => r.name)

describe('the route table', () => {
  // spec 000 section 2 and spec 001 section 2, path by path
  const spec: [RouteName, string][] = [
    ['Login', '/'],
    ['Logout', '/Logout'],
    ['AccountHome', '/account-home'],
    ['ManageProfile', '/manage-profile'],
    ['RegisterPolicy', '/register-policy'],
    ['FindPolicy', '/find-policy'],
    ['AddPolicy', '/add-policy'],
    ['ManagePolicies', '/manage-policies'],
    ['GreatNews', '/great-news'],
    ['ForgotPassword', '/forgot-password'],
    ['Error', '/error'],
    ['TestSSO', '/TestSSO'],
    ['SSOProgressiveLanding', '/sso-progressive-landing'],
    ['AgentInfo', '/agent-information'],
    ['ClaimsHist', '/claims-history'],
    ['PaymentHist', '/payment-history'],
    ['PolicyDocs', '/policy-documents'],
    ['PolicyOverview', '/policy-information'],
    ['ESignature', '/e-sign'],
    ['ESignHistory', '/e-sign-history'],
    ['ReportClaim', '/report-claim'],
    ['MakePayment', '/make-payment'],
    ['OptOutConfirmation', '/privacy/confirmation'],
    ['SystemMessage', '/system-message'],
  ]
  it.each(spec)('%s is at %s', (name, path) => {
    expect(route(name).path).toBe(path)
    expect(matchRoute(path).name).toBe(name)
  })

  it('has every route of both specs and a NotFound', () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(
      [
        ...spec.map(([n]) => n),
        'NotFound',
        'ReportClaimWithoutSignIn',
        'ResetPassword',
        'ConfirmRemovePolicy',
        'ReturnToPartner',
        'Accessibility',
        'VerifyInsurance',
        'ClaimDocument',
        'ClaimMessage',
        'ClaimAdvance',
        'ClaimPayout',
        'PaperlessDocuments',
        'PaymentMethods',
        'AutoPay',
        'SignInCode',
        'SignedInSessions',
        'TwoStepSignIn',
        'ConfirmItIsYou',
        'Passkeys',
        'Claim',
        'Notifications',
        'ChooseLanguage',
        'PolicyChanges',
        'ChangeMortgagee',
        'ChangeMailingAddress',
        'ChangeDeductible',
        'ChangeBillingPlan',
        'ReviewPolicyChange',
      ].sort(),
    )
  })

  it.each([
    ['PolicyOverview', 'Policy Summary - ProgHome'],
    ['ReportClaim', 'Report a Claim - ProgHome'],
    ['MakePayment', 'Make a Payment - ProgHome'],
    ['OptOutConfirmation', 'Opt Out Confirmation - ProgHome'],
    ['AccountHome', 'Account Home - ProgHome'],
  ] as const)('titles %s as "%s"', (name, title) => {
    expect(pageTitle(route(name))).toBe(title)
  })

  it('gives every title the "<Page> - ProgHome" form', () => {
    for (const r of ROUTES) expect(pageTitle(r)).toMatch(/^\S.* - ProgHome$/)
  })

  it('matches case-insensitively, ignores one trailing slash, and falls back to NotFound', () => {
    expect(matchRoute('/logout').name).toBe('Logout')
    expect(matchRoute('/account-home/').name).toBe('AccountHome')
    expect(matchRoute('/nope').name).toBe('NotFound')
  })

  it('carries the layout flags the spec names', () => {
    expect(route('AccountHome').layout).toMatchObject({ header: true, manageProfileLink: true })
    expect(route('TestSSO').layout).toMatchObject({ header: false, sideNav: false, paymentBox: false })
    expect(route('ESignature').layout.paymentBox).toBe(false)
    for (const n of ['AgentInfo', 'ClaimsHist', 'PaymentHist', 'PolicyDocs', 'PolicyOverview'] as const) {
      expect(route(n).layout.servicing).toBe(true)
      expect(route(n).session).toBe('policy')
    }
    // Spec 000 section 2: only those five are "yes, servicing mode"; the other policy pages are "yes".
    for (const n of ['ESignature', 'ESignHistory', 'ReportClaim', 'MakePayment'] as const) {
      expect(route(n).layout).toMatchObject({ servicing: false, header: true, sideNav: true })
      expect(route(n).session).toBe('policy')
    }
    expect(route('ESignHistory').layout.paymentBox).toBe(true)
  })

  it('puts the payment-due box where it helps: not above a claim, still on the Policy Summary and Make a Payment (decision 227)', () => {
    for (const n of ['ClaimsHist', 'ClaimDocument', 'ClaimMessage', 'ClaimAdvance', 'ClaimPayout', 'ReportClaim'] as const) {
      expect(route(n).layout.paymentBox, n).toBe(false)
      expect(route(n).layout.sideNav, n).toBe(true)
    }
    for (const n of ['PolicyOverview', 'MakePayment'] as const) expect(route(n).layout.paymentBox, n).toBe(true)
  })
})

describe('session-missing handling', () => {
  const none = { hasSession: false, hasMessage: false }
  it('applies to routes that need a session', () => {
    for (const n of ['AccountHome', 'ManageProfile', 'AddPolicy', 'ManagePolicies', 'PolicyOverview', 'ESignature', 'MakePayment'] as const) {
      expect(needsSessionEnded(route(n), none), n).toBe(true)
    }
  })
  it('spares the public list', () => {
    for (const n of PUBLIC_ROUTES) expect(needsSessionEnded(route(n), none), n).toBe(false)
  })
  it('applies to every route off the public list', () => {
    for (const r of ROUTES.filter((r) => !PUBLIC_ROUTES.includes(r.name))) expect(needsSessionEnded(r, none), r.name).toBe(true)
  })
  it('spares SystemMessage only when a message is present', () => {
    expect(needsSessionEnded(route('SystemMessage'), none)).toBe(true)
    expect(needsSessionEnded(route('SystemMessage'), { hasSession: false, hasMessage: true })).toBe(false)
  })
  it('never applies with a session', () => {
    for (const r of ROUTES) expect(needsSessionEnded(r, { hasSession: true, hasMessage: false })).toBe(false)
  })
})

describe('leaving Error and SystemMessage', () => {
  it.each([
    ['Error', 'AccountHome', 'allow'],
    ['Error', 'PolicyOverview', 'allow'],
    ['Error', 'Login', 'allow'],
    ['Error', 'ManageProfile', 'error'],
    ['Error', 'TestSSO', 'error'],
    ['SystemMessage', 'AccountHome', 'allow'],
    ['SystemMessage', 'PolicyOverview', 'allow'],
    ['SystemMessage', 'Login', 'allow'],
    ['SystemMessage', 'TestSSO', 'allow'],
    // Ours (decision 171): a payment not made links back to its form.
    ['SystemMessage', 'MakePayment', 'allow'],
    ['SystemMessage', 'PaymentHist', 'cancel'],
    // Ours (issue 32 item 6): a reported claim's success links to the claim's address, which opens its page.
    ['SystemMessage', 'Claim', 'allow'],
    ['SystemMessage', 'ClaimsHist', 'allow'],
    // Ours (issue 21 item 9, recorded in decision 219): a signature's success links to the E-Signatures page.
    ['SystemMessage', 'ESignHistory', 'allow'],
    ['SystemMessage', 'ESignature', 'cancel'],
    ['AccountHome', 'MakePayment', 'allow'],
  ] as const)('%s -> %s: %s', (from, to, rule) => {
    expect(exitRule(route(from), route(to))).toBe(rule)
  })
})

describe('the public list and the session needs say one thing', () => {
  // Spec 000 "Global navigation guards", verbatim.
  const SPEC_PUBLIC_LIST: RouteName[] = [
    'SSOProgressiveLanding',
    'TestSSO',
    'Login',
    'FindPolicy',
    'ForgotPassword',
    'PolicyOverview',
    'Logout',
    'RegisterPolicy',
    'GreatNews',
    'OptOutConfirmation',
    'NotFound',
    'Error',
  ]

  it("is the spec's list, less PolicyOverview (it needs a session, which decides), plus ResetPassword (the reset email), ReturnToPartner (it only ends a session), Accessibility (the statement) VerifyInsurance (a lender has no sign-in), Claim (a claim's address from a mail: signed out it goes to sign in and back), ReportClaimWithoutSignIn (issue 35) and ChooseLanguage (issue 36: the header's language choice, signed in or not)", () => {
    const expected = [
      ...SPEC_PUBLIC_LIST.filter((n) => n !== 'PolicyOverview'),
      'ReportClaimWithoutSignIn',
      'ResetPassword',
      'ReturnToPartner',
      'Accessibility',
      'VerifyInsurance',
      'SignInCode',
      'Claim',
      'ChooseLanguage',
    ]
    expect([...PUBLIC_ROUTES].sort()).toEqual(expected.sort())
    expect(route('PolicyOverview').session).toBe('policy')
    expect(needsSessionEnded(route('PolicyOverview'), { hasSession: false, hasMessage: false })).toBe(true)
  })
})

describe('a route owns the paths under it', () => {
  it.each([
    ['/e-sign', 'ESignature'],
    ['/e-sign/document/application', 'ESignature'],
    ['/E-Sign/Document/x/', 'ESignature'],
    ['/e-sign//x', 'ESignature'],
    ['/e-sign-history', 'ESignHistory'],
    ['/e-sign-history/x', 'ESignHistory'],
    ['/report-claim/anything', 'ReportClaim'],
    ['/report-claim/a/b/c', 'ReportClaim'],
    ['/make-payment/card', 'MakePayment'],
    ['/manage-policies/remove', 'ConfirmRemovePolicy'],
    ['/manage-policies/remove/x', 'ConfirmRemovePolicy'],
    ['/manage-policies/other', 'ManagePolicies'],
    ['/privacy/confirmation/x', 'OptOutConfirmation'],
    ['/account-home/x', 'AccountHome'],
    // Only a whole path segment owns: these only look like a route.
    ['/e-signature', 'NotFound'],
    ['/report-claims', 'NotFound'],
    ['/claims/HO-2026-000042', 'Claim'],
    ['/claims-history/HO-2026-000042', 'ClaimsHist'],
    ['/privacy', 'NotFound'],
    // '/' owns only itself.
    ['/anything', 'NotFound'],
    ['/no-such-page/anywhere', 'NotFound'],
  ] as const)('%s is owned by %s', (path, name) => {
    expect(matchRoute(path).name).toBe(name)
  })

  it.each([
    ['/report-claim', 'ReportClaim', '/report-claim'],
    ['/Report-Claim/', 'ReportClaim', '/report-claim'],
    ['/E-SIGN/document/application', 'ESignature', '/e-sign/document/application'],
    ['/e-sign/document/application/', 'ESignature', '/e-sign/document/application'],
    ['/logout', 'Logout', '/Logout'],
  ] as const)('%s is spelled %s', (path, name, canonical) => {
    expect(canonicalPath(route(name), path)).toBe(canonical)
  })
})

describe('route permissions', () => {
  it('name the four navigation permissions of spec 000 section 4, each on its route (and ours: a claim document needs the claim permission)', () => {
    const named = Object.fromEntries(ROUTES.filter((r) => r.permission).map((r) => [r.name, r.permission]))
    expect(named).toEqual({
      ESignature: 'mayESign',
      ESignHistory: 'mayViewESignHistory',
      ReportClaim: 'mayReportClaim',
      MakePayment: 'mayMakePayment',
      ClaimDocument: 'mayReportClaim',
      ClaimAdvance: 'mayReportClaim',
      AutoPay: 'mayMakePayment',
    })
  })

  it('map each name to its one function', () => {
    expect(PERMISSIONS).toEqual({ mayESign, mayViewESignHistory, mayReportClaim, mayMakePayment })
  })

  it('are on policy routes only (a permission needs a loaded policy to be checked)', () => {
    for (const r of ROUTES.filter((r) => r.permission)) expect(r.session, r.name).toBe('policy')
  })

  // Every combination of the facts the rules read.
  const statuses = ['Active', 'Cancelled - Non-Payment']
  const flags = [false, true]
  const allFacts: PermissionFacts[] = statuses.flatMap((policyStatus) =>
    flags.flatMap((previousCancelled) =>
      flags.flatMap((isFlood) =>
        flags.flatMap((isExcessFlood) => flags.map((isUmbrella) => ({ policyStatus, previousCancelled, isFlood, isExcessFlood, isUmbrella }))),
      ),
    ),
  )

  it('let a route open exactly when its permission allows, and routes without one always', () => {
    for (const facts of allFacts) {
      for (const r of ROUTES) {
        const expected = r.permission ? permits(facts, r.permission) : true
        expect(routePermits(r, facts), `${r.name} ${JSON.stringify(facts)}`).toBe(expected)
      }
    }
  })

  it('refuse Report a Claim, Make a Payment and E-Signatures exactly where the side nav hides them', () => {
    for (const facts of allFacts) {
      const nav: NavFacts = { ...facts, eSignatureRequired: false, claims: [] }
      const shown = sideNavItems(nav).map((i) => i.to)
      for (const name of ['ReportClaim', 'MakePayment', 'ESignHistory'] as const) {
        expect(shown.includes(name), `${name} ${JSON.stringify(facts)}`).toBe(routePermits(route(name), facts))
      }
      // 'E-Signature Required' is shown by the history permission (spec 000); the route may still refuse it.
      const required = sideNavItems({ ...nav, eSignatureRequired: true }).map((i) => i.to)
      expect(required.includes('ESignature')).toBe(routePermits(route('ESignHistory'), facts))
    }
  })
})
