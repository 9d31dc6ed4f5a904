import type { LayoutContext } from '../context'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { sideNavItems } from '../../../shared/policy/navigation'
import { headerHrefs, LeaveToPartnerButton } from './header'
import { ClaimsListDialog, CLAIMS_LIST_DIALOG_ID } from './claims-list-dialog'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { DEAD_END_TEXT } from '../../../shared/policy/dead-ends'
import { PhoneLink } from '../tel-links'

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
  return (
    <>
      <details className="side-nav">
        <summary className="side-nav__toggle">
          Policy Menu <span className="side-nav__policy-id">{policy.policyID}</span>
        </summary>
        <nav aria-label="Policy">
          <p className="side-nav__heading">Policy {policy.policyID}</p>
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
                    {item.label}
                  </button>
                </li>
              ) : (
                <li key={item.to}>
                  <a href={pathOf(item.to)} aria-current={ctx.route.name === item.to ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ),
            )}
            {links.accountHome && (
              <li className="mobile-only">
                <a href={links.accountHome}>Account Home</a>
              </li>
            )}
            {links.accountHomeLeaves && (
              <li className="mobile-only">
                <LeaveToPartnerButton />
              </li>
            )}
            {links.showManageProfile && (
              <li className="mobile-only">
                <a href={pathOf('ManageProfile')}>Manage Profile</a>
              </li>
            )}
          </ul>
          {!mayReportClaim(policy) && (
            <p className="side-nav__call">
              {DEAD_END_TEXT.claimByPhone} <PhoneLink phone={ctx.settings.claimsPhone} />
            </p>
          )}
        </nav>
      </details>
      {claimsList && <ClaimsListDialog policy={policy} />}
    </>
  )
}
