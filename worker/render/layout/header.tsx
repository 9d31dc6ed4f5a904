import type { LayoutContext } from '../context'
import { pathOf } from '../../../shared/routes'
import { headerLinks } from '../../../shared/policy/navigation'

/** The header's links for this page, from the rule in shared/policy/navigation.ts. */
export function headerHrefs(ctx: LayoutContext) {
  const links = headerLinks({
    session: ctx.session,
    servicing: ctx.route.layout.servicing,
    manageProfileLinkFlag: ctx.route.layout.manageProfileLink,
    sendToProgressive: ctx.sendToProgressive,
  })
  const accountHome =
    links.accountHome === 'route' ? pathOf('AccountHome') : links.accountHome === 'parent-site' ? ctx.settings.ssoHomeUrl : null
  return { logoHref: pathOf(links.logo), accountHome, showManageProfile: links.showManageProfile, showLogout: links.showLogout }
}

export function Header({ ctx }: { ctx: LayoutContext }) {
  const links = headerHrefs(ctx)
  return (
    <header className="site-header">
      <a className="site-header__logo" href={links.logoHref}>
        <img src="/img/logo.svg" alt="ProgHome Insurance home" width="160" height="36" />
      </a>
      <nav className="site-header__nav" aria-label="Account">
        {links.showManageProfile && <a href={pathOf('ManageProfile')}>Manage Profile</a>}
        {links.accountHome && <a href={links.accountHome}>Account Home</a>}
        {links.showLogout && (
          <form method="post" action={pathOf('Logout')} className="inline-form">
            <button type="submit" className="btn btn--link">Log Out</button>
          </form>
        )}
      </nav>
    </header>
  )
}
