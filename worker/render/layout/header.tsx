import type { LayoutContext } from '../context'
import { pathOf } from '../../../shared/routes'
import { headerLinks } from '../../../shared/policy/navigation'
import { useTexts } from '../locale'
import { headerTexts } from '../texts/layout'
import { LanguageChoice } from './language-choice'

/** The header's links for this page, from the rule in shared/policy/navigation.ts. */
export function headerHrefs(ctx: LayoutContext) {
  const links = headerLinks({
    session: ctx.session,
    servicing: ctx.route.layout.servicing,
    manageProfileLinkFlag: ctx.route.layout.manageProfileLink,
    sendToProgressive: ctx.sendToProgressive,
  })
  const accountHome = links.accountHome === 'route' ? pathOf('AccountHome') : null
  // An SSO user's Account Home ends the session before leaving for the partner's home (a POST).
  const accountHomeLeaves = links.accountHome === 'parent-site'
  return { logoHref: pathOf(links.logo), accountHome, accountHomeLeaves, showManageProfile: links.showManageProfile, showLogout: links.showLogout }
}

/** 'Account Home' that ends the SSO session first, then goes to the configured home address. */
export function LeaveToPartnerButton({ className }: { className?: string }) {
  const t = useTexts(headerTexts)
  return (
    <form method="post" action={pathOf('ReturnToPartner')} className="inline-form">
      <button type="submit" className={className ?? 'btn btn--link'}>
        {t.accountHome}
      </button>
    </form>
  )
}

/**
 * One row at every width: the logo, the account links and Log Out. On phones the account links fold into
 * a <details> menu (no script); from 900 px the menu's list sits open in the row (CSS). A page with the
 * Policy Menu (`policyMenu`) has one menu on phones: the Policy Menu, which carries the same account links
 * there (side-nav.tsx), so this one is hidden under 900 px (decision 227).
 */
export function Header({ ctx, policyMenu = false }: { ctx: LayoutContext; policyMenu?: boolean }) {
  const links = headerHrefs(ctx)
  const t = useTexts(headerTexts)
  const accountLinks = [
    links.showManageProfile ? { label: t.manageProfile, href: pathOf('ManageProfile') } : null,
    links.accountHome ? { label: t.accountHome, href: links.accountHome } : null,
  ].filter((l) => l !== null)
  return (
    <header className="site-header">
      <a className="site-header__logo" href={links.logoHref}>
        <img src="/img/logo.svg" alt={t.logoAlt} width="160" height="36" />
      </a>
      <nav className="site-header__nav" aria-label={t.accountNav}>
        <LanguageChoice locale={ctx.locale} returnTo={ctx.returnTo} />
        {(accountLinks.length > 0 || links.accountHomeLeaves) && (
          <details className={policyMenu ? 'account-menu account-menu--beside-policy-menu' : 'account-menu'}>
            <summary>{t.menu}</summary>
            <ul className="account-menu__list">
              {accountLinks.map((l) => (
                <li key={l.label}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
              {links.accountHomeLeaves && (
                <li>
                  <LeaveToPartnerButton />
                </li>
              )}
            </ul>
          </details>
        )}
        {links.showLogout && (
          <form method="post" action={pathOf('Logout')} className="inline-form">
            <button type="submit" className="btn btn--link">
              {t.logOut}
            </button>
          </form>
        )}
      </nav>
    </header>
  )
}
