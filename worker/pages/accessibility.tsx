import { pathOf } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { telHref } from '../render/tel-links'
import { publicSettings, type PublicSettings } from '../render/context'
import { contactUsHref } from '../render/layout/footers'
import { ExternalLink } from '../render/layout/external-link'
import { useTexts } from '../render/locale'
import { definePage } from './page'
import { accessibilityTexts } from './accessibility-texts'

/**
 * The accessibility statement (issue 21 item 12): the standard aimed at, how it is checked, the known
 * exceptions, and how to get help or another format. Public: a person who cannot sign in needs it most.
 */
function AccessibilityView({ settings }: { settings: PublicSettings }) {
  const phone = settings.supportPhone
  const t = useTexts(accessibilityTexts)
  return (
    <section className="card narrow prose" aria-labelledby="a11y-heading">
      <h1 id="a11y-heading">{t.heading}</h1>
      <p>{t.intro}</p>
      <h2>{t.howHeading}</h2>
      <ul>
        <li>{t.howAxe}</li>
        <li>{t.howKeyboard}</li>
        <li>{t.howNoScript}</li>
      </ul>
      <h2>{t.exceptionsHeading}</h2>
      <ul>
        <li>{t.exceptionPdf}</li>
        <li>{t.exceptionScript}</li>
      </ul>
      <h2>{t.helpHeading}</h2>
      <p>
        {t.helpByPhone} <a href={telHref(phone)}>{phone}</a>
        {t.helpByPhoneAfter}
      </p>
      <p>{t.inWriting}</p>
      <ul>
        <li>
          {t.writeBefore}
          <ExternalLink href={contactUsHref(settings)}>{t.contactUsPage}</ExternalLink>
          {t.writeAfter}
        </li>
        <li>
          {t.claimBefore}
          <a href={pathOf('ClaimsHist')}>{t.claimsHistory}</a>.
        </li>
        <li>{t.agent}</li>
      </ul>
      <p>
        {t.reviewedOn}
        {t.lastAudit}.
      </p>
      <p>
        <a href={pathOf('Login')}>{t.backToPortal}</a>
      </p>
    </section>
  )
}

export const accessibilityPage = definePage('Accessibility')

accessibilityPage.get('/', (c) => renderPage(c, <AccessibilityView settings={publicSettings(c.env)} />))
