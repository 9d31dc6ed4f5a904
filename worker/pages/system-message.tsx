import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { pathOf, SESSION_ENDED, route } from '../../shared/routes'
import { ERROR_HEADING, SUCCESS_HEADING, returnButton, type SystemMessage } from '../../shared/schemas/system-message'
import { renderPage } from '../render/render-page'
import { sanitizeHtml } from '../render/sanitize'
import { takeFlash } from '../services/flash'
import type { PublicSettings } from '../render/context'

export function SystemMessageView({ message, directLogin, hasPolicy, settings, partnerPortal }: {
  message: SystemMessage
  directLogin: boolean
  hasPolicy: boolean
  settings: PublicSettings
  partnerPortal: string
}) {
  const back = returnButton(message, { directLogin, hasPolicy })
  return (
    <section className="card narrow system-message" aria-labelledby="sm-heading">
      <h1 id="sm-heading">{message.isError ? ERROR_HEADING : SUCCESS_HEADING}</h1>
      <div role={message.isError ? 'alert' : 'status'} className="system-message__body"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.text) }} />
      {message.showPhoneNumber && (
        <p>
          Please call us at <a href={`tel:${settings.supportPhone}`}>{settings.supportPhone}</a>.
        </p>
      )}
      <div className="actions">
        {!message.hideNextButton && <a className="btn btn--primary" href={pathOf(back.to)}>{back.label}</a>}
        {message.showRedirectButton && <a className="btn btn--secondary" href={partnerPortal}>Go to the policy portal</a>}
      </div>
    </section>
  )
}

/** Spec 000 section 8 "Session ended": shown in place at any guarded path reached without a session. */
export function SessionEndedView() {
  return (
    <section className="card narrow system-message" aria-labelledby="se-heading">
      <h1 id="se-heading">Session Ended</h1>
      <p role="alert">{SESSION_ENDED}</p>
      <a className="btn btn--primary" href={pathOf('Login')}>Return to Login</a>
    </section>
  )
}

export const systemMessagePage = new Hono<AppEnv>()

systemMessagePage.get(pathOf('SystemMessage'), async (c) => {
  const message = await takeFlash(c)
  const session = c.get('session')
  if (!message) {
    if (!session) return renderPage(c, <SessionEndedView />, { status: 401, title: 'Session Ended - ProgHome' })
    return c.redirect(pathOf(session.kind === 'direct' && !session.currentPolicyId ? 'AccountHome' : 'PolicyOverview'), 303)
  }
  return renderPage(
    c,
    <SystemMessageView message={message} directLogin={session?.kind === 'direct'} hasPolicy={Boolean(session?.currentPolicyId)}
      settings={{ supportPhone: c.env.SUPPORT_PHONE } as PublicSettings} partnerPortal={c.env.PARTNER_LOGIN_URL} />,
    { route: route('SystemMessage'), policy: null },
  )
})
