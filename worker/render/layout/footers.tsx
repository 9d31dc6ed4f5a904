import type { PublicSettings } from '../context'
import { ExternalLink } from './external-link'
import { telHref } from '../tel-links'
import { pathOf } from '../../../shared/routes'

/** Spec 000 section 1: three link groups of marketing pages, collapsible on small screens. */
const FOOTER_GROUPS = [
  {
    title: 'Policyholders',
    links: [
      ['Frequently Asked Questions', '/faq'],
      ['Understanding My Policy', '/understanding-my-policy'],
      ['Insurance Terms', '/insurance-terms'],
      ['Loss Prevention', '/loss-prevention'],
    ],
  },
  {
    title: 'Claims Center',
    links: [
      ['Report Fraud', '/report-fraud'],
      ['Claims FAQs', '/claims-faqs'],
      ['About the Claims Process', '/claims-process'],
    ],
  },
  {
    title: 'Support',
    links: [
      ['Browser Support', '/browser-support'],
      ['Terms of Use', '/terms-of-use'],
    ],
  },
] as const

const OPT_OUT_SOURCE = 'policyholder-portal'

function optOutHref(settings: PublicSettings): string {
  const url = new URL(settings.optOutUrl)
  url.searchParams.set('source', OPT_OUT_SOURCE)
  return url.toString()
}

/**
 * The marketing groups, and on every page the 24-hour claims line (issue 21 item 1: after a flood or a
 * fire, the number to call is never more than a scroll away; issue 35 item 1: signed in or not), with,
 * for someone not signed in, the way to report a claim online without an account (decision 220).
 */
export function SiteFooter({ settings, signedIn }: { settings: PublicSettings; signedIn: boolean }) {
  return (
    <div className="site-footer">
      <p className="site-footer__claims-line">
        Report a claim 24 hours a day: <a href={telHref(settings.claimsPhone)}>{settings.claimsPhone}</a>
        {!signedIn && (
          <>
            {' '}
            or <a href={pathOf('ReportClaimWithoutSignIn')}>report it online without signing in</a>
          </>
        )}
      </p>
      <div className="site-footer__groups">
        {FOOTER_GROUPS.map((group) => (
          <details className="footer-group" key={group.title}>
            <summary>
              <h2 className="footer-group__title">{group.title}</h2>
            </summary>
            <ul>
              {group.links.map(([label, path]) => (
                <li key={path}>
                  <ExternalLink href={`${settings.marketingHostPrefix}${path}`}>{label}</ExternalLink>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
      <p className="site-footer__statement">
        <a href={pathOf('Accessibility')}>Accessibility statement</a>
      </p>
    </div>
  )
}

/** The company's Contact Us page (write to us), linked by the servicing footer and the accessibility statement. */
export function contactUsHref(settings: PublicSettings): string {
  return `${settings.marketingHostPrefix}/contact-us`
}

/** The second footer of the servicing pages: company phone and the legal links (beside the marketing groups, in the page's one footer landmark). */
export function ServicingFooter({ settings }: { settings: PublicSettings }) {
  const p = settings.marketingHostPrefix
  const links: [string, string][] = [
    ['Home', `${p}/`],
    ['Contact Us', contactUsHref(settings)],
    ['Press', `${p}/press`],
    ['Terms of Use', `${p}/terms-of-use`],
    ['Privacy', `${p}/privacy`],
    ['CA Notice at Collection', `${p}/privacy#ca-notice-at-collection`],
  ]
  return (
    <div className="servicing-footer">
      <p>
        Questions? Call us at <a href={telHref(settings.supportPhone)}>{settings.supportPhone}</a>
      </p>
      <ul className="servicing-footer__links">
        {links.map(([label, href]) => (
          <li key={label}>
            <ExternalLink href={href}>{label}</ExternalLink>
          </li>
        ))}
        <li>
          <ExternalLink href={optOutHref(settings)}>Do Not Sell or Share My Personal Information (CA Residents Only)</ExternalLink>
        </li>
      </ul>
      <p className="servicing-footer__copyright">© 2026 ProgHome Insurance</p>
    </div>
  )
}
