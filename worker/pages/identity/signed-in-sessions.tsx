import { pathOf } from '../../../shared/routes'
import { localDateTimeText, stateTimeZone } from '../../../shared/clock'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { pageAccountBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { signedInSessions, signOutEverywhereElse, signOutSession, type SignedInSession } from '../../services/identity/signed-in-sessions'
import { readDeviceId } from '../../services/identity/device-cookie'
import { currentProfile, FormAlert, StatusMessage } from './parts'
import { definePage } from '../page'

/** Ours (issue 23 item 4): what the page says after a sign-out. */
const SESSIONS_MSG = {
  signedOut: 'That session was signed out. Anyone using it must log in again.',
  signedOutElse: 'Every other session was signed out, and remembered devices will be asked for a code again.',
  notFound: 'That session had already ended.',
} as const

function When({ at, state }: { at: number; state: string }) {
  return <time dateTime={new Date(at).toISOString()}>{localDateTimeText(at, state)}</time>
}

function SessionItem({ s, state, index }: { s: SignedInSession; state: string; index: number }) {
  const heading = `session-${index}`
  return (
    <li className="profile-session">
      <article aria-labelledby={heading}>
        <h2 id={heading}>
          {s.device}
          {s.current && <span className="profile-session__this">This device</span>}
        </h2>
        <dl>
          <dt>Place</dt>
          <dd>{s.place || 'Not known'}</dd>
          <dt>Started</dt>
          <dd>
            <When at={s.startedAt} state={state} />
          </dd>
          <dt>Last seen</dt>
          <dd>{s.current ? 'Now' : <When at={s.lastSeenAt} state={state} />}</dd>
        </dl>
        {!s.current && (
          <form method="post" action={pathOf('SignedInSessions')}>
            <input type="hidden" name="intent" value="one" />
            <input type="hidden" name="session" value={s.handle} />
            <button type="submit" className="btn btn--secondary" aria-describedby={heading}>
              Sign out
            </button>
          </form>
        )}
      </article>
    </li>
  )
}

function SessionsView({ sessions, state, status, alert }: { sessions: SignedInSession[]; state: string; status: string | null; alert: string | null }) {
  const others = sessions.some((s) => !s.current)
  return (
    <section className="card narrow" aria-labelledby="sessions-heading">
      <h1 id="sessions-heading">Where You Are Signed In</h1>
      {status && <StatusMessage>{status}</StatusMessage>}
      <FormAlert message={alert} focus />
      <p>
        These are the devices signed in to your profile now. If you do not recognise one, sign it out and change your password. Times are shown in the time zone
        of your policy's state ({stateTimeZone(state).replace('_', ' ')}).
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
            Sign out everywhere else
          </button>
        </form>
      )}
      <p>
        <a href={pathOf('ManageProfile')}>Back to Your Profile</a>
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
  const status = done === DONE.one ? SESSIONS_MSG.signedOut : done === DONE.others ? SESSIONS_MSG.signedOutElse : null
  const alert = done === DONE.gone ? SESSIONS_MSG.notFound : null
  const sessions = await signedInSessions(c.env, profile.profileId, session.id)
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
