import type { LayoutContext } from '../context'
import type { Policy } from '../../../shared/schemas/policy'
import { pathOf, type RouteName } from '../../../shared/routes'
import { mayMakePayment, mayReportClaim, mayViewESignHistory } from '../../../shared/policy/permissions'
import { headerLinks } from './header'

interface NavItem {
  label: string
  to: RouteName
}

/** Side-nav items and their permission rules (spec 000 "Navigation menus and header"). */
export function sideNavItems(policy: Policy): NavItem[] {
  const items: NavItem[] = [{ label: 'Policy Summary', to: 'PolicyOverview' }]
  if (mayReportClaim(policy)) items.push({ label: 'Report a Claim', to: 'ReportClaim' })
  if (mayMakePayment(policy)) items.push({ label: 'Make a Payment', to: 'MakePayment' })
  items.push(
    { label: 'Documents', to: 'PolicyDocs' },
    { label: 'Agent Information', to: 'AgentInfo' },
    { label: 'Payment History', to: 'PaymentHist' },
    { label: 'Claims History', to: 'ClaimsHist' },
  )
  if (mayViewESignHistory(policy)) {
    items.push(policy.eSignatureRequired ? { label: 'E-Signature Required', to: 'ESignature' } : { label: 'E-Signatures', to: 'ESignHistory' })
  }
  return items
}

export function SideNav({ ctx, policy }: { ctx: LayoutContext; policy: Policy }) {
  const links = headerLinks(ctx)
  const items = sideNavItems(policy)
  return (
    <details className="side-nav">
      <summary className="side-nav__toggle">
        Policy <span className="side-nav__policy-id">{policy.policyID}</span>
      </summary>
      <nav aria-label="Policy">
        <p className="side-nav__heading">Policy {policy.policyID}</p>
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <a href={pathOf(item.to)} aria-current={ctx.route.name === item.to ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
          {links.accountHome && (
            <li className="mobile-only">
              <a href={links.accountHome}>Account Home</a>
            </li>
          )}
          {links.showManageProfile && (
            <li className="mobile-only">
              <a href={pathOf('ManageProfile')}>Manage Profile</a>
            </li>
          )}
        </ul>
      </nav>
    </details>
  )
}
