import type { ReactNode } from 'react'
import type { LayoutContext } from './context'
import { Header } from './layout/header'
import { SideNav } from './layout/side-nav'
import { PaymentDueBox } from './layout/payment-due-box'
import { SiteFooter, ServicingFooter } from './layout/footers'
import { IslandScripts } from './island'
import { SessionTimer } from './session-timer'
import { GreatNewsDialog, PartnerBanner } from './layout/partner-notice'
import { pathOf } from '../../shared/routes'
import { LANGUAGE_TAG } from '../../shared/i18n/locale'
import { documentTexts } from './texts/layout'

/** One stylesheet per area of the portal, so work on one area does not touch another's styles. */
const AREA_STYLESHEETS = ['/css/profile.css', '/css/sso.css', '/css/servicing.css', '/css/esign.css', '/css/claims.css', '/css/payments.css']

/** The page shell: every flag of the route table decides a part of it. */
export function Document({ ctx, children }: { ctx: LayoutContext; children: ReactNode }) {
  const { route, policy, session } = ctx
  const flags = route.layout
  // A claim session (decision 220) sees its claim form alone: no policy menu, no payment box.
  const withPolicy = policy !== null && session !== null && session.kind !== 'claim'
  const policyMenu = flags.sideNav && withPolicy
  const t = documentTexts[ctx.locale]
  return (
    <html lang={LANGUAGE_TAG[ctx.locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{ctx.title}</title>
        <meta name="description" content={t.description} />
        <link rel="stylesheet" href="/app.css" />
        {/* The one font file every page draws with (decision 228): fetched beside the stylesheet, not after it. */}
        <link rel="preload" href="/fonts/public-sans-5.3.0-latin-wght-normal.woff2" as="font" type="font/woff2" crossOrigin="anonymous" />
        {AREA_STYLESHEETS.map((href) => (
          <link rel="stylesheet" href={href} key={href} />
        ))}
        {/* Without JavaScript, what cannot work without it (.needs-script) is not shown under its notice (issue 35). */}
        <noscript>
          <link rel="stylesheet" href="/css/no-script.css" />
        </noscript>
        <link rel="icon" href="/img/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t.skipLink}
        </a>
        {flags.header && <Header ctx={ctx} policyMenu={policyMenu} />}
        {!flags.hidePartnerBanner && ctx.sendToProgressive && (
          <>
            <PartnerBanner />
            <GreatNewsDialog open={ctx.greatNewsOpen} nonce={ctx.nonce} />
          </>
        )}
        <div className={policyMenu ? 'shell shell--with-nav' : 'shell'}>
          {policyMenu && <SideNav ctx={ctx} policy={policy} />}
          <main id="main" tabIndex={-1}>
            {flags.paymentBox && withPolicy && (
              <PaymentDueBox
                policy={policy}
                pending={ctx.pendingPayment}
                claimsPhone={ctx.settings.claimsPhone}
                supportPhone={ctx.settings.supportPhone}
                autopay={ctx.autopay}
              />
            )}
            {children}
          </main>
        </div>
        {/* One footer landmark: the marketing groups, and on servicing pages the legal links below them. */}
        <footer className="page-footer">
          <SiteFooter settings={ctx.settings} signedIn={session !== null} />
          {flags.servicing && <ServicingFooter settings={ctx.settings} />}
        </footer>
        {session && (
          <SessionTimer expiresIn={(session.expiresAt - Date.now()) / 1000} refreshUrl="/v1/common/token" logoutUrl={pathOf('Logout')} nonce={ctx.nonce} />
        )}
        <IslandScripts nonce={ctx.nonce} />
      </body>
    </html>
  )
}
