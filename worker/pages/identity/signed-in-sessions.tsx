import { pathOf } from '../../../shared/routes'
import { stateTimeZone } from '../../../shared/clock'
import { localDateTimeIn } from '../../../shared/identity/local-time-in'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { pageAccountBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { signedInSessions, signOutEverywhereElse, signOutSession, type SignedInSession } from '../../services/identity/signed-in-sessions'
import { readDeviceId } from '../../services/identity/device-cookie'
import { currentProfile, FormAlert, StatusMessage } from './parts'
import { useLocale, useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { partsTexts } from './texts/parts'
import { sessionsTexts } from './texts/security'
import { definePage } from '../page'

/** What the page says after a sign-out (ours, issue 23 item 4): a key of its texts. */
type Said = 'signedOut' | 'signedOutElse' | 'notFound'

function When({ at, state }: { at: number; state: string }) {
  return <time dateTime={new Date(at).toISOString()}>{localDateTimeIn(useLocale(), at, state)}</time>
}

function SessionItem({ s, state, index }: { s: SignedInSession; state: string; index: number }) {
  const heading = `session-${index}`
  const t = useTexts(sessionsTexts)
  return (
    <li className="profile-session">
      <article aria-labelledby={heading}>
        <h2 id={heading}>
          {s.device}
          {s.current && <span className="profile-session__this">{t.thisDevice}</span>}
        </h2>
        <dl>
          <dt>{t.place}</dt>
          <dd>{s.place || t.notKnown}</dd>
          <dt>{t.started}</dt>
          <dd>
            <When at={s.startedAt} state={state} />
          </dd>
          <dt>{t.lastSeen}</dt>
          <dd>{s.current ? t.now : <When at={s.lastSeenAt} state={state} />}</dd>
        </dl>
        {!s.current && (
          <form method="post" action={pathOf('SignedInSessions')}>
            <input type="hidden" name="intent" value="one" />
            <input type="hidden" name="session" value={s.handle} />
            <button type="submit" className="btn btn--secondary" aria-describedby={heading}>
              {t.signOut}
            </button>
          </form>
        )}
      </article>
    </li>
  )
}

function SessionsView({ sessions, state, status, alert }: { sessions: SignedInSession[]; state: string; status: Said | null; alert: Said | null }) {
  const others = sessions.some((s) => !s.current)
  const t = useTexts(sessionsTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="sessions-heading">
      <h1 id="sessions-heading">{t.heading}</h1>
      {status && <StatusMessage>{t[status]}</StatusMessage>}
      <FormAlert message={alert && t[alert]} focus />
      <p>
        {t.aboutBefore}
        {stateTimeZone(state).replace('_', ' ')}
        {t.aboutAfter}
      </p>
      <ul className="profile-sessions">
        {sessions.map((s, i) => (
          <SessionItem key={s.handle} s={s} state={state} index={i} />
        ))}
      </ul>
      {others && (
        <form method="post" action={pathOf('SignedInSessions')}>
          <input type="hidden" name="intent" value="others" />
          <button type="submit" className="btn btn--primary">
            {t.signOutElse}
          </button>
        </form>
      )}
      <p>
        <a href={pathOf('ManageProfile')}>{common.backToProfile}</a>
      </p>
    </section>
  )
}

export const signedInSessionsPage = definePage('SignedInSessions')

const DONE = { one: 'one', others: 'others', gone: 'gone' } as const

signedInSessionsPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  const session = c.get('session')
  if (!profile || !session) return c.redirect(pathOf('Error'), 303)
  const done = c.req.query('done')
  const status: Said | null = done === DONE.one ? 'signedOut' : done === DONE.others ? 'signedOutElse' : null
  const alert: Said | null = done === DONE.gone ? 'notFound' : null
  const sessions = await signedInSessions(c.env, profile.profileId, session.id, Date.now(), requestLocale(c))
  return renderPage(c, <SessionsView sessions={sessions} state={profile.policies[0]?.state ?? ''} status={status} alert={alert} />, {
    sendToProgressive: profile.sendToProgressive,
  })
})

signedInSessionsPage.post('/', pageAccountBurst, pageRateLimit(RATE_RULES.profileChanges), async (c) => {
  const form = await readForm(c)
  const session = c.get('session')
  if (!session?.profileId || session.kind !== 'direct') return c.redirect(pathOf('Error'), 303)
  const back = (done: string) => c.redirect(`${pathOf('SignedInSessions')}?done=${done}`, 303)
  if (form.intent === 'others') {
    await signOutEverywhereElse(c.env, session.profileId, session.id, await readDeviceId(c), c.get('requestId'))
    return back(DONE.others)
  }
  const ended = await signOutSession(c.env, session.profileId, session.id, form.session ?? '', c.get('requestId'))
  return back(ended ? DONE.one : DONE.gone)
})
