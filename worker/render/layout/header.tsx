import type { LayoutContext } from '../context'
import { pathOf } from '../../../shared/routes'

/** Header rules of spec 000 "Navigation menus and header". */
export function headerLinks(ctx: LayoutContext) {
  const { session, route } = ctx
  const direct = session?.kind === 'direct'
  const logoHref = !session ? pathOf('Login') : direct && !route.layout.servicing ? pathOf('AccountHome') : pathOf('PolicyOverview')
  const accountHomeAllowed = session !== null && session.systemOrigin !== 'MNA'
  const showManageProfile = route.layout.manageProfileLink && direct && !ctx.sendToProgressive
  const accountHome =
    !showManageProfile && accountHomeAllowed ? (direct ? pathOf('AccountHome') : ctx.settings.ssoHomeUrl) : null
  return { logoHref, accountHome, showManageProfile, showLogout: session !== null }
}

export function Header({ ctx }: { ctx: LayoutContext }) {
  const links = headerLinks(ctx)
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
