import { pathOf } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { telHref } from '../render/tel-links'
import { publicSettings, type PublicSettings } from '../render/context'
import { contactUsHref } from '../render/layout/footers'
import { ExternalLink } from '../render/layout/external-link'
import { definePage } from './page'

/** When the portal was last checked against the standard (update with each audit). */
const LAST_AUDIT = 'November 28, 2026'

/**
 * The accessibility statement (issue 21 item 12): the standard aimed at, how it is checked, the known
 * exceptions, and how to get help or another format. Public: a person who cannot sign in needs it most.
 */
function AccessibilityView({ settings }: { settings: PublicSettings }) {
  const phone = settings.supportPhone
  return (
    <section className="card narrow prose" aria-labelledby="a11y-heading">
      <h1 id="a11y-heading">Accessibility Statement</h1>
      <p>
        We want everyone to be able to see their policy, report a claim and pay online, whatever device, browser or assistive technology they use. This portal
        aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.
      </p>
      <h2>How we check it</h2>
      <ul>
        <li>Every screen is tested automatically with the axe accessibility engine, at phone (375 px) and desktop (1280 px) widths.</li>
        <li>Signing in and making a payment are tested with the keyboard alone; other tasks are checked with the keyboard by hand.</li>
        <li>The pages that show your policy work without JavaScript.</li>
      </ul>
      <h2>Known exceptions</h2>
      <ul>
        <li>
          The PDF documents the portal makes (receipts, claim copies, declarations, packets) are tagged for screen readers, with their headings, paragraphs,
          tables (each header cell says what it heads) and language, their fonts are embedded, and they declare PDF/UA-1 in their metadata. Our own tests check
          these points; the files have not yet been checked with an independent PDF/UA validator.
        </li>
        <li>Reporting a claim and making a payment online need JavaScript; you can do both by phone instead.</li>
      </ul>
      <h2>Getting help or another format</h2>
      <p>
        If anything on this portal is hard to use, or you need a document in another format (large print, audio, braille or an accessible PDF), call us at{' '}
        <a href={telHref(phone)}>{phone}</a>. We will help you with the task by phone and send the document in the format you need.
      </p>
      <p>If you would rather not call, you can ask in writing.</p>
      <ul>
        <li>
          Write to us from the <ExternalLink href={contactUsHref(settings)}>Contact Us page</ExternalLink> of our website, and say how you would like us to
          answer: by email, by mail or by phone.
        </li>
        <li>
          About a claim, sign in and send a message to the claims team from the claim's page in <a href={pathOf('ClaimsHist')}>Claims History</a>.
        </li>
        <li>If you have an agent, their email address and phone number are on the Agent Information page of your policy.</li>
      </ul>
      <p>This statement was last reviewed on {LAST_AUDIT}.</p>
      <p>
        <a href={pathOf('Login')}>Back to the portal</a>
      </p>
    </section>
  )
}

export const accessibilityPage = definePage('Accessibility')

accessibilityPage.get('/', (c) => renderPage(c, <AccessibilityView settings={publicSettings(c.env)} />))
