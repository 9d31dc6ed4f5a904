import { describe, it, expect } from 'vitest'
import { headerLinks, type HeaderFacts } from '../../shared/policy/navigation'

const direct = { kind: 'direct' as const, systemOrigin: '' }
const sso = { kind: 'sso' as const, systemOrigin: '' }
const mna = { kind: 'sso' as const, systemOrigin: 'MNA' }
const base: HeaderFacts = { session: direct, servicing: false, manageProfileLinkFlag: false, sendToProgressive: false }

describe('header (spec 000 "Navigation menus and header")', () => {
  it.each([
    ['no session: the logo goes to Login', { session: null }, 'Login'],
    ['direct login, not servicing: account-home', {}, 'AccountHome'],
    ['direct login, servicing: policy-information', { servicing: true }, 'PolicyOverview'],
    ['SSO, not servicing: policy-information', { session: sso }, 'PolicyOverview'],
  ] as const)('%s', (_n, change, logo) => {
    expect(headerLinks({ ...base, ...change }).logo).toBe(logo)
  })

  it.each([
    ['flagged and direct: Manage Profile, no Account Home', {}, true, null],
    ['flagged but sendToProgressive: Account Home instead', { sendToProgressive: true }, false, 'route'],
    ['not flagged, direct: Account Home to the route', { manageProfileLinkFlag: false }, false, 'route'],
    ['SSO: Account Home returns to the parent site', { session: sso }, false, 'parent-site'],
    ['SSO from the mobile app (MNA): no Account Home', { session: mna }, false, null],
    ['no session: neither', { session: null }, false, null],
  ] as const)('%s', (_n, change, manage, home) => {
    const links = headerLinks({ ...base, manageProfileLinkFlag: true, ...change })
    expect(links.showManageProfile).toBe(manage)
    expect(links.accountHome).toBe(home)
  })

  it('shows Log Out only with a session', () => {
    expect(headerLinks(base).showLogout).toBe(true)
    expect(headerLinks({ ...base, session: null }).showLogout).toBe(false)
  })
})
