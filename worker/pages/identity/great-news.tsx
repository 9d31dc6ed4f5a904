import { pathOf } from '../../../shared/routes'
import { renderPage } from '../../render/render-page'
import { endSession } from '../../services/identity/session'
import { clearSessionCookie } from '../../services/identity/session-cookie'
import { audit } from '../../db/audit'
import { currentProfile } from './parts'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { greatNewsTexts } from './texts/profile'

const FORM_ID = 'partner-login'
/** `rel` is valid on <form> (noopener for the new tab); React's types just do not list it. */
const NOOPENER = { rel: 'noopener' } as object

/**
 * Great News (spec 000 section 2). The links to the partner's login open in a new tab and log the
 * profile out: each is a submit button of one form that posts here with target="_blank"; the POST ends
 * the session and sends that new tab on to the partner (docs/decisions/032-great-news-logout.md).
 */
function GreatNewsView() {
  const t = useTexts(greatNewsTexts)
  return (
    <section className="card narrow" aria-labelledby="great-news-heading">
      <h1 id="great-news-heading">{t.heading}</h1>
      <p>
        {t.servicedOn}{' '}
        <button type="submit" form={FORM_ID} className="btn--link profile-inline-link">
          {t.partnerSite}
          <span className="visually-hidden">{t.opensNewTab}</span>
        </button>
        {t.logInThere}
      </p>
      <p>{t.logsOut}</p>
      <form id={FORM_ID} method="post" action={pathOf('GreatNews')} target="_blank" {...NOOPENER}>
        <button type="submit" className="btn btn--primary">
          {t.logInPartner}
          <span className="visually-hidden">{t.opensNewTab}</span>
        </button>
      </form>
    </section>
  )
}

function LeavingView({ partnerLoginUrl }: { partnerLoginUrl: string }) {
  const t = useTexts(greatNewsTexts)
  return (
    <section className="card narrow" aria-labelledby="leaving-heading">
      <h1 id="leaving-heading">{t.leavingHeading}</h1>
      <p>{t.leaving}</p>
      <a className="btn btn--primary" href={partnerLoginUrl}>
        {t.continuePartner}
      </a>
    </section>
  )
}

export const greatNewsPage = definePage('GreatNews')

greatNewsPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  return renderPage(c, <GreatNewsView />, { sendToProgressive: profile?.sendToProgressive ?? false })
})

/**
 * A link was used: the session ends here, and this (new) tab goes on to the partner's login. Not a 303:
 * the page's CSP (form-action 'self') also covers where a form submission is redirected, so the tab is
 * sent on by a Refresh header (and a link, should it not follow).
 */
greatNewsPage.post('/', async (c) => {
  const session = c.get('session')
  if (session) {
    await endSession(c.env, session.id)
    await audit(c.env, c.get('requestId'), 'logout.partner_redirect', session.profileId)
  }
  clearSessionCookie(c)
  c.set('session', null)
  c.header('Refresh', `0; url=${c.env.PARTNER_LOGIN_URL}`)
  return renderPage(c, <LeavingView partnerLoginUrl={c.env.PARTNER_LOGIN_URL} />)
})
