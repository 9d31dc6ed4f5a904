import { describe, it, expect } from 'vitest'
import { ROUTES, PUBLIC_ROUTES, matchRoute, pageTitle, route, needsSessionEnded, exitRule, type RouteName } from '../../shared/routes'

describe('the route table', () => {
  // spec 000 section 2 and spec 001 section 2, path by path
  const spec: [RouteName, string][] = [
    ['Login', '/'], ['Logout', '/Logout'], ['AccountHome', '/account-home'], ['ManageProfile', '/manage-profile'],
    ['RegisterPolicy', '/register-policy'], ['FindPolicy', '/find-policy'], ['AddPolicy', '/add-policy'],
    ['ManagePolicies', '/manage-policies'], ['GreatNews', '/great-news'], ['ForgotPassword', '/forgot-password'],
    ['Error', '/error'], ['TestSSO', '/TestSSO'], ['SSOProgressiveLanding', '/sso-progressive-landing'],
    ['AgentInfo', '/agent-information'], ['ClaimsHist', '/claims-history'], ['PaymentHist', '/payment-history'],
    ['PolicyDocs', '/policy-documents'], ['PolicyOverview', '/policy-information'], ['ESignature', '/e-sign'],
    ['ESignHistory', '/e-sign-history'], ['ReportClaim', '/report-claim'], ['MakePayment', '/make-payment'],
    ['OptOutConfirmation', '/privacy/confirmation'], ['SystemMessage', '/system-message'],
  ]
  it.each(spec)('%s is at %s', (name, path) => {
    expect(route(name).path).toBe(path)
    expect(matchRoute(path).name).toBe(name)
  })

  it('has every route of both specs and a NotFound', () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual([...spec.map(([n]) => n), 'NotFound', 'ResetPassword', 'ConfirmRemovePolicy'].sort())
  })

  it.each([
    ['PolicyOverview', 'Dashboard - ProgHome'],
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
    for (const n of PUBLIC_ROUTES.filter((n) => route(n).session === 'none')) expect(needsSessionEnded(route(n), none), n).toBe(false)
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
    ['Error', 'AccountHome', 'allow'], ['Error', 'PolicyOverview', 'allow'], ['Error', 'Login', 'allow'],
    ['Error', 'ManageProfile', 'error'], ['Error', 'TestSSO', 'error'],
    ['SystemMessage', 'AccountHome', 'allow'], ['SystemMessage', 'PolicyOverview', 'allow'], ['SystemMessage', 'Login', 'allow'],
    ['SystemMessage', 'TestSSO', 'allow'], ['SystemMessage', 'MakePayment', 'cancel'],
    ['AccountHome', 'MakePayment', 'allow'],
  ] as const)('%s -> %s: %s', (from, to, rule) => {
    expect(exitRule(route(from), route(to))).toBe(rule)
  })
})
