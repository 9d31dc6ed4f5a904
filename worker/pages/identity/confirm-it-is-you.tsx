import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { maskEmail } from '../../../shared/identity/sign-in-code'
import { signInCodeSchema } from '../../../shared/identity/schemas/sign-in-code'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { submittedForm } from '../../render/form-page'
import { pageAccountBurst } from '../../middleware/page-refusals'
import { clientMeta } from '../../services/request/client-meta'
import { background } from '../../lib/background'
import { confirmStepUpCode, sendStepUpCode, STEP_UP_MSG } from '../../services/identity/step-up'
import { CODE_MSG } from '../../../shared/identity/sign-in-code'
import { CodeField } from './code-field'
import { currentProfile, FormAlert, Said, StatusMessage } from './parts'
import { confirmPath, stepUpTarget, stepUpTargetPath, type StepUpTarget } from './step-up-target'
import { PasskeySignIn } from './passkey-islands'
import { passkeysOf } from '../../db/identity/passkeys'
import { passkeysWorkAt } from '../../../shared/identity/passkeys'
import type { Context } from 'hono'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { confirmTexts, passkeyIslandTexts } from './texts/security'

/** Whether this profile can confirm with a passkey here: it has one, and the page is on the relying party's host. */
async function passkeyUsable(c: Context<AppEnv>, profileId: string): Promise<boolean> {
  return passkeysWorkAt(c.env, new URL(c.req.url).hostname) && (await passkeysOf(c.env.DB, profileId)).length > 0
}

interface ConfirmProps {
  /** Whether the profile has a passkey usable at this address: it can confirm with it instead. */
  passkey: boolean
  next: StepUpTarget
  sentTo: string
  codeSent: boolean
  errors: FieldErrors
  alert: string | null
}

/** Step-up before a sensitive change (issue 23 item 3, decision 180): a fresh code mailed to the profile's address. */
function ConfirmView({ passkey, next, sentTo, codeSent, errors, alert }: ConfirmProps) {
  const action = confirmPath(next.name, next.value)
  const t = useTexts(confirmTexts)
  const island = useTexts(passkeyIslandTexts)
  return (
    <section className="card narrow" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading">{t.heading}</h1>
      {codeSent && !alert && !errors.code && <StatusMessage>{t.sentTo(sentTo)}</StatusMessage>}
      <FormAlert message={alert} focus={!errors.code} />
      <p>
        <Said message={STEP_UP_MSG.needed} />
      </p>
      {codeSent && (
        <form method="post" action={action} noValidate>
          <input type="hidden" name="intent" value="code" />
          <CodeField errors={errors} />
          <button type="submit" className="btn btn--primary">
            {t.confirm}
          </button>
        </form>
      )}
      <form method="post" action={action}>
        <input type="hidden" name="intent" value="send" />
        <button type="submit" className={codeSent ? 'btn btn--secondary' : 'btn btn--primary'}>
          {codeSent ? t.sendNew : t.emailMe}
        </button>
      </form>
      {passkey && (
        <PasskeySignIn
          optionsUrl="/v1/profile/step-up/passkey/options"
          verifyUrl="/v1/profile/step-up/passkey"
          autofill={false}
          label={island.confirm}
          doneUrl={stepUpTargetPath(next)}
        />
      )}
      <p>
        <a href={stepUpTargetPath(next)}>{t.back}</a>
      </p>
    </section>
  )
}

export const confirmItIsYouPage = definePage('ConfirmItIsYou')

confirmItIsYouPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const next = stepUpTarget((name) => c.req.query(name))
  const passkey = await passkeyUsable(c, profile.profileId)
  return renderPage(c, <ConfirmView passkey={passkey} next={next} sentTo={maskEmail(profile.emailAddress)} codeSent={false} errors={{}} alert={null} />)
})

confirmItIsYouPage.post('/', pageAccountBurst, async (c) => {
  const { intent } = await readForm(c)
  const profile = await currentProfile(c)
  const session = c.get('session')
  if (!profile || !session) return c.redirect(pathOf('Error'), 303)
  const next = stepUpTarget((name) => c.req.query(name))
  const meta = { ...clientMeta(c), background: background(c) }
  const passkey = await passkeyUsable(c, profile.profileId)
  const view = (codeSent: boolean, errors: FieldErrors, alert: string | null, status: 200 | 400 | 401 | 429) =>
    renderPage(c, <ConfirmView passkey={passkey} next={next} sentTo={maskEmail(profile.emailAddress)} codeSent={codeSent} errors={errors} alert={alert} />, {
      status,
    })

  if (intent === 'send') {
    const sent = await sendStepUpCode(c.env, session, meta)
    return sent.ok ? view(true, {}, null, 200) : view(false, {}, sent.errorMessage, 429)
  }
  const form = await submittedForm(c, signInCodeSchema)
  if (!form.ok) return view(true, form.errors, null, 400)
  const result = await confirmStepUpCode(c.env, session, form.data.code, meta)
  if (!result.ok) return result.field ? view(true, { code: result.errorMessage }, null, 401) : view(true, {}, result.errorMessage ?? CODE_MSG.required, 400)
  return c.redirect(stepUpTargetPath(next), 303)
})
