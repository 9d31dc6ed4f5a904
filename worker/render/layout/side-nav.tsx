import type { LayoutContext } from '../context'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { sideNavItems } from '../../../shared/policy/navigation'
import { headerHrefs, LeaveToPartnerButton } from './header'
import { ClaimsListDialog, CLAIMS_LIST_DIALOG_ID } from './claims-list-dialog'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { PhoneLink } from '../tel-links'
import { headerTexts, sideNavLabel, sideNavTexts } from '../texts/layout'

/**
 * The policy side nav (spec 000 "Navigation menus and header"); its items and their rules are
 * shared/policy/navigation.ts. A <details> that is always open on desktop (CSS) and collapsible on
 * mobile, where it also carries 'Account Home' or 'Manage Profile'. A policy whose claims cannot be
 * reported online (no 'Report a Claim' item) gives the claims line there instead (issue 21 item 1).
 */
export function SideNav({ ctx, policy }: { ctx: LayoutContext; policy: Policy }) {
  const links = headerHrefs(ctx)
  const items = sideNavItems(policy)
  const claimsList = items.some((i) => i.opensClaimsList)
  const t = sideNavTexts[ctx.locale]
  const h = headerTexts[ctx.locale]
  return (
    <>
      <details className="side-nav">
        <summary className="side-nav__toggle">
          {`${t.toggle} `}
          <span className="side-nav__policy-id">{policy.policyID}</span>
        </summary>
        <nav aria-label={t.nav}>
          <p className="side-nav__heading">{t.heading(policy.policyID)}</p>
          <ul>
            {items.map((item) =>
              item.opensClaimsList ? (
                <li key={item.to}>
                  <button
                    type="button"
                    className="side-nav__button"
                    commandfor={CLAIMS_LIST_DIALOG_ID}
                    command="show-modal"
                    aria-haspopup="dialog"
                    aria-current={ctx.route.name === item.to ? 'page' : undefined}
                  >
                    {sideNavLabel(item, ctx.locale)}
                  </button>
                </li>
              ) : (
                <li key={item.to}>
                  <a href={pathOf(item.to)} aria-current={ctx.route.name === item.to ? 'page' : undefined}>
                    {sideNavLabel(item, ctx.locale)}
                  </a>
                </li>
              ),
            )}
            {links.accountHome && (
              <li className="mobile-only">
                <a href={links.accountHome}>{h.accountHome}</a>
              </li>
            )}
            {links.accountHomeLeaves && (
              <li className="mobile-only">
                <LeaveToPartnerButton />
              </li>
            )}
            {links.showManageProfile && (
              <li className="mobile-only">
                <a href={pathOf('ManageProfile')}>{h.manageProfile}</a>
              </li>
            )}
          </ul>
          {!mayReportClaim(policy) && (
            <p className="side-nav__call">
              {t.claimByPhone} <PhoneLink phone={ctx.settings.claimsPhone} />
            </p>
          )}
        </nav>
      </details>
      {claimsList && <ClaimsListDialog policy={policy} locale={ctx.locale} />}
    </>
  )
}
