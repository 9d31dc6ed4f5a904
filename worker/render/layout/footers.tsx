import type { PublicSettings } from '../context'
import { ExternalLink } from './external-link'
import { telHref } from '../tel-links'
import { pathOf } from '../../../shared/routes'
import { useTexts } from '../locale'
import { footerTexts } from '../texts/layout'

type FooterText = keyof (typeof footerTexts)['en']

/** Spec 000 section 1: three link groups of marketing pages, collapsible on small screens. */
const FOOTER_GROUPS: readonly { title: FooterText; links: readonly (readonly [FooterText, string])[] }[] = [
  {
    title: 'policyholders',
    links: [
      ['faq', '/faq'],
      ['understanding', '/understanding-my-policy'],
      ['terms', '/insurance-terms'],
      ['lossPrevention', '/loss-prevention'],
    ],
  },
  {
    title: 'claimsCenter',
    links: [
      ['reportFraud', '/report-fraud'],
      ['claimsFaq', '/claims-faqs'],
      ['claimsProcess', '/claims-process'],
    ],
  },
  {
    title: 'support',
    links: [
      ['browserSupport', '/browser-support'],
      ['termsOfUse', '/terms-of-use'],
    ],
  },
]

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
  const t = useTexts(footerTexts)
  return (
    <div className="site-footer">
      <p className="site-footer__claims-line">
        {`${t.claimsLine} `}
        <a href={telHref(settings.claimsPhone)}>{settings.claimsPhone}</a>
        {!signedIn && (
          <>
            {' '}
            {`${t.or} `}
            <a href={pathOf('ReportClaimWithoutSignIn')}>{t.withoutSignIn}</a>
          </>
        )}
      </p>
      <div className="site-footer__groups">
        {FOOTER_GROUPS.map((group) => (
          <details className="footer-group" key={group.title}>
            <summary>
              <h2 className="footer-group__title">{t[group.title]}</h2>
            </summary>
            <ul>
              {group.links.map(([label, path]) => (
                <li key={path}>
                  <ExternalLink href={`${settings.marketingHostPrefix}${path}`}>{t[label]}</ExternalLink>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
      <p className="site-footer__statement">
        <a href={pathOf('Accessibility')}>{t.statement}</a>
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
  const t = useTexts(footerTexts)
  const links: [string, string][] = [
    [t.home, `${p}/`],
    [t.contactUs, contactUsHref(settings)],
    [t.press, `${p}/press`],
    [t.termsOfUse, `${p}/terms-of-use`],
    [t.privacy, `${p}/privacy`],
    [t.caNotice, `${p}/privacy#ca-notice-at-collection`],
  ]
  return (
    <div className="servicing-footer">
      <p>
        {`${t.questions} `}
        <a href={telHref(settings.supportPhone)}>{settings.supportPhone}</a>
      </p>
      <ul className="servicing-footer__links">
        {links.map(([label, href]) => (
          <li key={label}>
            <ExternalLink href={href}>{label}</ExternalLink>
          </li>
        ))}
        <li>
          <ExternalLink href={optOutHref(settings)}>{t.optOut}</ExternalLink>
        </li>
      </ul>
      <p className="servicing-footer__copyright">© 2026 ProgHome Insurance</p>
    </div>
  )
}
