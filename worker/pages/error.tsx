import { pathOf } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { takeFlash } from '../services/request/flash'
import { endSession } from '../services/identity/session'
import { clearSessionCookie } from '../services/identity/session-cookie'
import { MSG } from '../../shared/forms/messages'
import { telHref } from '../render/tel-links'
import { definePage } from './page'
import { defineTexts } from '../../shared/i18n/catalog'
import { messageIn } from '../../shared/i18n/messages'
import { useLocale } from '../render/locale'

/** The Error page's texts (issue 36): the spec's English heading (MSG.unexpectedError) and its Spanish. */
const errorTexts = defineTexts(
  {
    heading: MSG.unexpectedError,
    help: 'If you need help, please call us at',
    returnToLogin: 'Return to Login',
    returnToAccountHome: 'Return to Account Home',
  },
  {
    heading: messageIn('es', MSG.unexpectedError),
    help: 'Si necesita ayuda, llámenos al',
    returnToLogin: 'Volver a iniciar sesión',
    returnToAccountHome: 'Volver al inicio de la cuenta',
  },
)

/** Who is on the Error page: its button depends on it. */
export type ErrorVisitor = 'direct' | 'sso' | 'none' | 'anonymous'

/**
 * The generic Error page (spec 000 "Error page"); a flashed message (e.g. 'Access to policy denied.')
 * shows above. 'Return to Login' for a direct login with a profile (it resets the stored data), otherwise
 * 'Return to Account Home': an SSO session ends first and goes to the partner's home (spec 000 section 4).
 * A visitor without a session gets Login: Account Home would only answer 'Session Ended' (issue 12).
 */
export function ErrorView({ detail, visitor, phone }: { detail: string | null; visitor: ErrorVisitor; phone: string }) {
  const locale = useLocale()
  const t = errorTexts[locale]
  return (
    <section className="card narrow error-page" aria-labelledby="error-heading">
      <img src="/img/error.svg" alt="" width="96" height="96" />
      <h1 id="error-heading">{t.heading}</h1>
      {detail && <p role="alert">{messageIn(locale, detail)}</p>}
      <p>
        {t.help}{' '}
        <a className="tel" href={telHref(phone)}>
          {phone}
        </a>
        .
      </p>
      {visitor === 'anonymous' ? (
        <a className="btn btn--primary" href={pathOf('Login')}>
          {t.returnToLogin}
        </a>
      ) : visitor === 'direct' ? (
        <form method="post" action={pathOf('Error')}>
          <button type="submit" className="btn btn--primary">
            {t.returnToLogin}
          </button>
        </form>
      ) : visitor === 'sso' ? (
        <form method="post" action={pathOf('ReturnToPartner')}>
          <button type="submit" className="btn btn--primary">
            {t.returnToAccountHome}
          </button>
        </form>
      ) : (
        <a className="btn btn--primary" href={pathOf('AccountHome')}>
          {t.returnToAccountHome}
        </a>
      )}
    </section>
  )
}

export function errorVisitor(session: { kind: 'direct' | 'sso' | 'claim'; profileId: string | null } | null): ErrorVisitor {
  if (!session) return 'anonymous'
  return session.kind === 'direct' && session.profileId !== null ? 'direct' : session.kind === 'sso' ? 'sso' : 'none'
}

export const errorPage = definePage('Error')

errorPage.get('/', async (c) => {
  const flash = await takeFlash(c)
  const session = c.get('session')
  return renderPage(c, <ErrorView detail={flash?.text ?? null} visitor={errorVisitor(session)} phone={c.env.SUPPORT_PHONE} />)
})

/** 'Return to Login' resets the stored data (ends the session) and goes to Login. */
errorPage.post('/', async (c) => {
  const session = c.get('session')
  if (session) await endSession(c.env, session.id)
  clearSessionCookie(c)
  return c.redirect(pathOf('Login'), 303)
})
