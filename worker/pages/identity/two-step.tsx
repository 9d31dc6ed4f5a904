import { pathOf } from '../../../shared/routes'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { pageAccountBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { findProfile } from '../../db/identity/profiles'
import { background } from '../../lib/background'
import { setTwoStep } from '../../services/identity/two-step-setting'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { StatusMessage } from './parts'
import { confirmPath } from './step-up-target'
import { definePage } from '../page'

/** Ours (issue 23 item 2). */
const TWO_STEP_MSG = {
  on: '2-step sign-in is on. When you log in with your password, we email you a 6-digit code to enter as well.',
  off: '2-step sign-in is off. Your password alone signs you in.',
  turnedOn: '2-step sign-in is now on.',
  turnedOff: '2-step sign-in is now off.',
} as const

function TwoStepView({ on, status }: { on: boolean; status: string | null }) {
  return (
    <section className="card narrow" aria-labelledby="two-step-heading">
      <h1 id="two-step-heading">2-Step Sign-In</h1>
      {status && <StatusMessage>{status}</StatusMessage>}
      <p>{on ? TWO_STEP_MSG.on : TWO_STEP_MSG.off}</p>
      <p>
        A code is asked for on a device you have not chosen to remember; 'Remember this device for 30 days' on the code page skips it there. Signing in through
        your partner's site does not ask for a code: your partner checked who you are.
      </p>
      <form method="post" action={pathOf('TwoStepSignIn')}>
        <input type="hidden" name="turn" value={on ? 'off' : 'on'} />
        <button type="submit" className={on ? 'btn btn--secondary' : 'btn btn--primary'}>
          {on ? 'Turn off 2-step sign-in' : 'Turn on 2-step sign-in'}
        </button>
      </form>
      <p>
        <a href={pathOf('ManageProfile')}>Back to Your Profile</a>
      </p>
    </section>
  )
}

export const twoStepPage = definePage('TwoStepSignIn')

twoStepPage.get('/', async (c) => {
  const session = c.get('session')
  const profile = session?.profileId ? await findProfile(c.env.DB, session.profileId) : null
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const done = c.req.query('done')
  const status = done === 'on' ? TWO_STEP_MSG.turnedOn : done === 'off' ? TWO_STEP_MSG.turnedOff : null
  return renderPage(c, <TwoStepView on={profile.two_step === 1} status={status} />, { sendToProgressive: profile.send_to_progressive === 1 })
})

twoStepPage.post('/', pageAccountBurst, pageRateLimit(RATE_RULES.profileChanges), async (c) => {
  const { turn } = await readForm(c)
  const session = c.get('session')
  if (!session?.profileId || (turn !== 'on' && turn !== 'off')) return c.redirect(pathOf('Error'), 303)
  // Turning it off weakens the sign-in: a sensitive change (decision 180).
  if (turn === 'off' && stepUpRequired(session)) return c.redirect(confirmPath('two-step'), 303)
  const changed = await setTwoStep(c.env, session.profileId, turn === 'on', { requestId: c.get('requestId'), background: background(c) })
  if (!changed) return c.redirect(pathOf('Error'), 303)
  return c.redirect(`${pathOf('TwoStepSignIn')}?done=${turn}`, 303)
})
