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
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { twoStepTexts } from './texts/security'
import { confirmPath } from './step-up-target'
import { definePage } from '../page'

type Done = 'turnedOn' | 'turnedOff'

function TwoStepView({ on, status }: { on: boolean; status: Done | null }) {
  const t = useTexts(twoStepTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="two-step-heading">
      <h1 id="two-step-heading">{t.heading}</h1>
      {status && <StatusMessage>{t[status]}</StatusMessage>}
      <p>{on ? t.on : t.off}</p>
      <p>{t.about}</p>
      <form method="post" action={pathOf('TwoStepSignIn')}>
        <input type="hidden" name="turn" value={on ? 'off' : 'on'} />
        <button type="submit" className={on ? 'btn btn--secondary' : 'btn btn--primary'}>
          {on ? t.turnOff : t.turnOn}
        </button>
      </form>
      <p>
        <a href={pathOf('ManageProfile')}>{common.backToProfile}</a>
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
  const status: Done | null = done === 'on' ? 'turnedOn' : done === 'off' ? 'turnedOff' : null
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
