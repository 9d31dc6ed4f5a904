import { pathOf, route } from '../../shared/routes'
import { returnButton, returnButtonLabel, type SystemMessage } from '../../shared/forms/system-message'
import { systemMessageHeading } from '../../shared/forms/system-message-heading'
import { sessionEndedPage } from '../render/session-ended'
import { renderPage } from '../render/render-page'
import { messageHtml } from '../render/message-html'
import { publicSettings, type PublicSettings } from '../render/context'
import { takeFlash } from '../services/request/flash'
import { currentPolicy } from '../services/policy/policy-access'
import { telHref } from '../render/tel-links'
import { definePage } from './page'
import { ClaimFollowUpView } from './claims/claim-follow-up'
import { PairedOfferView } from './claims/paired-claims'
import { pairedClaimOffer } from '../services/claims/paired-claims'
import type { ReactNode } from 'react'
import { defineTexts } from '../../shared/i18n/catalog'
import { messageIn } from '../../shared/i18n/messages'
import { useLocale } from '../render/locale'

/** The page's own lines (issue 36); its headings and return buttons are spec 001's (shared/forms/system-message*.ts). */
const systemMessageTexts = defineTexts(
  { callUs: 'Please call us at', redirectButton: 'Go to the Policy Portal' },
  { callUs: 'Llámenos al', redirectButton: 'Ir al portal de pólizas' },
)

/**
 * Spec 001 "System message page": 'An unexpected error has occurred.' or 'Success!' (or, ours, 'Payment
 * Pending' for a payment not known yet to be made or refused), the message as
 * sanitized markup, an optional support phone line, the return button ('Return to Login' in the
 * production-redirect case, else 'Return to Account Home' for a direct-login user without a policy,
 * else 'Return to Summary') and, when asked, the redirect button to the external policy portal.
 */
export function SystemMessageView({
  message,
  directLogin,
  hasPolicy,
  claimSession = false,
  settings,
  portalUrl,
  headingId = 'sm-heading',
  claimsPhone,
  pairedOffer,
}: {
  message: SystemMessage
  /** Under a storm claim's follow-up: the claim on the other policy of the same home (decision 213). */
  pairedOffer?: ReactNode
  /** Only the style page, which shows two, names it. */
  headingId?: string
  directLogin: boolean
  hasPolicy: boolean
  /** A claim reported without signing in (decision 220): the way on is to log in. */
  claimSession?: boolean
  settings: Pick<PublicSettings, 'supportPhone'>
  portalUrl: string
  /** CLAIMS_PHONE, for a reported claim's follow-up. */
  claimsPhone?: string
}) {
  const locale = useLocale()
  const t = systemMessageTexts[locale]
  const back = returnButton(message, { directLogin, hasPolicy, claimSession })
  const tone = message.pending ? 'warning' : message.isError ? 'danger' : 'success'
  const alert = message.isError && !message.pending
  return (
    <section className={`card narrow system-message tone--${tone}`} aria-labelledby={headingId}>
      <span className="status-icon system-message__icon" aria-hidden="true" />
      <h1 id={headingId}>{systemMessageHeading(message, locale)}</h1>
      <div
        role={alert ? 'alert' : 'status'}
        className={`system-message__body system-message__body--${message.pending ? 'pending' : message.isError ? 'error' : 'success'}`}
        dangerouslySetInnerHTML={{ __html: messageHtml(messageIn(locale, message.text)) }}
      />
      {message.claimFollowUp && <ClaimFollowUpView followUp={message.claimFollowUp} claimsPhone={claimsPhone ?? settings.supportPhone} />}
      {pairedOffer}
      {message.showPhoneNumber && (
        <p className="system-message__phone">
          {`${t.callUs} `}
          <a href={telHref(settings.supportPhone)}>{settings.supportPhone}</a>.
        </p>
      )}
      <div className="actions">
        {!message.hideNextButton && (
          <a className="btn btn--primary" href={pathOf(back.to)}>
            {returnButtonLabel(back, locale)}
          </a>
        )}
        {/* One primary action (issue 35 item 6): the other way on is a link. */}
        {message.showRedirectButton && <a href={portalUrl}>{t.redirectButton}</a>}
      </div>
    </section>
  )
}

/** Spec 000 section 8 "Session ended": shown in place at any guarded path reached without a session. */
export const systemMessagePage = definePage('SystemMessage')

/**
 * The message is a flash: set by one request (setFlash), shown once here, then gone. Without one, the
 * page has nothing to say and sends the user on. The loaded policy is read again from the policy of
 * record on this page (spec: "reloaded read-write"), so what a payment or e-signature changed shows
 * on the next page, and the return button reflects whether a policy is still loaded and in scope.
 */
systemMessagePage.get('/', async (c) => {
  const message = await takeFlash(c)
  const session = c.get('session')
  const policy = await currentPolicy(c.env, session)
  if (!message) {
    if (!session) return sessionEndedPage(c)
    if (session.kind === 'claim') return c.redirect(pathOf('ReportClaim'), 303)
    return c.redirect(pathOf(session.kind === 'direct' && !policy ? 'AccountHome' : 'PolicyOverview'), 303)
  }
  const offer = message.claimFollowUp && session ? await pairedClaimOffer(c.env, session, message.claimFollowUp.claimNumber) : null
  return renderPage(
    c,
    <SystemMessageView
      pairedOffer={offer && <PairedOfferView offer={offer} />}
      message={message}
      directLogin={session?.kind === 'direct'}
      hasPolicy={policy !== null}
      claimSession={session?.kind === 'claim'}
      settings={publicSettings(c.env)}
      portalUrl={c.env.PARTNER_LOGIN_URL}
      claimsPhone={c.env.CLAIMS_PHONE}
    />,
    { route: route('SystemMessage'), policy: null, outcome: message.pending ? 'Pending' : message.isError ? 'Error' : 'Success' },
  )
})
