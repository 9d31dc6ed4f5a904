import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { signInCodeSchema } from '../../../shared/identity/schemas/sign-in-code'
import { CODE_MSG, maskEmail, VERDICT_MESSAGE } from '../../../shared/identity/sign-in-code'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { submittedForm } from '../../render/form-page'
import { findCode } from '../../db/identity/sign-in-codes'
import { findProfile } from '../../db/identity/profiles'
import { checkCode, CODE_LIMIT_MSG, sendCode } from '../../services/identity/sign-in-code'
import { completeSignIn } from '../../services/identity/sign-in'
import { signInMeta } from '../../services/identity/sign-in-meta'
import { clearPendingCookie, readPendingCodeId, writePendingCookie } from '../../services/identity/device-cookie'
import { audit } from '../../db/audit'
import { FormAlert, StatusMessage } from './parts'
import { CodeField } from './code-field'
import { finishPageSignIn } from './login'
import { afterSignInPath } from '../../services/identity/return-path-cookie'
import { pageIpBurst } from '../../middleware/page-refusals'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { signInCodeTexts } from './texts/sign-in'

interface CodeViewProps {
  sentTo: string
  errors: FieldErrors
  alert: string | null
  status: string | null
}

/**
 * The second step of a password sign-in (issue 23 item 2, decision 179): the code mailed a moment ago.
 * Plain forms (no script); the code field takes the browser's one-time-code autofill and a pasted code.
 */
function CodeView({ sentTo, errors, alert, status }: CodeViewProps) {
  const t = useTexts(signInCodeTexts)
  return (
    <section className="card narrow" aria-labelledby="code-heading">
      <h1 id="code-heading">{t.heading}</h1>
      {status && <StatusMessage>{status}</StatusMessage>}
      <FormAlert message={alert} focus={!errors.code} />
      <p>
        {t.sentToBefore}
        {sentTo}
        {t.sentToAfter}
      </p>
      <form method="post" action={pathOf('SignInCode')} noValidate>
        <input type="hidden" name="intent" value="code" />
        <CodeField errors={errors} />
        <div className="profile-check">
          <input type="checkbox" id="f-remember" name="remember" />
          <label htmlFor="f-remember">{t.remember}</label>
        </div>
        <button type="submit" className="btn btn--primary">
          {t.continue}
        </button>
      </form>
      <form method="post" action={pathOf('SignInCode')}>
        <input type="hidden" name="intent" value="resend" />
        <p>
          {t.noEmail}{' '}
          <button type="submit" className="btn btn--secondary">
            {t.sendNew}
          </button>
        </p>
      </form>
      <p>
        <a href={pathOf('Login')}>{t.backToLogin}</a>
      </p>
    </section>
  )
}

function PendingGone({ message }: { message: string }) {
  const t = useTexts(signInCodeTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="code-heading">
      <h1 id="code-heading">{t.heading}</h1>
      <FormAlert message={message} focus />
      <a className="btn btn--primary" href={pathOf('Login')}>
        {common.returnToLogin}
      </a>
    </section>
  )
}

/** The pending sign-in this browser is in: its code row and profile, or null (no cookie, forged, or gone). */
async function pending(c: Context<AppEnv>) {
  const codeId = await readPendingCodeId(c)
  const code = codeId ? await findCode(c.env.DB, codeId) : null
  if (!codeId || !code || code.purpose !== 'sign-in') return null
  const profile = await findProfile(c.env.DB, code.profile_id)
  return profile ? { codeId, code, profile } : null
}

const gone = (c: Context<AppEnv>) => {
  clearPendingCookie(c)
  return renderPage(c, <PendingGone message={CODE_MSG.pendingGone} />, { status: 400 })
}

export const signInCodePage = definePage('SignInCode')

signInCodePage.get('/', async (c) => {
  const p = await pending(c)
  if (!p) return gone(c)
  return renderPage(c, <CodeView sentTo={maskEmail(p.profile.email_address)} errors={{}} alert={null} status={null} />)
})

signInCodePage.post('/', pageIpBurst, async (c) => {
  const { intent } = await readForm(c)
  const p = await pending(c)
  if (!p) return gone(c)
  const sentTo = maskEmail(p.profile.email_address)
  const view = (errors: FieldErrors, alert: string | null, status: 200 | 400 | 401 | 429, note: string | null = null) =>
    renderPage(c, <CodeView sentTo={sentTo} errors={errors} alert={alert} status={note} />, { status })
  const meta = await signInMeta(c)

  if (intent === 'resend') {
    const sent = await sendCode(c.env, p.profile, 'sign-in', null, meta)
    if (!sent.ok) return view({}, sent.errorMessage, 429)
    await writePendingCookie(c, sent.codeId)
    await audit(c.env, meta.requestId, 'login.code_resent', p.profile.profile_id)
    return view({}, null, 200, CODE_MSG.sent)
  }

  const form = await submittedForm(c, signInCodeSchema)
  if (!form.ok) return view(form.errors, null, 400)
  const result = await checkCode(c.env, p.codeId, form.data.code, { purpose: 'sign-in' }, meta)
  if (result.verdict === 'gone') return gone(c)
  if (result.verdict === 'limited') return view({}, CODE_LIMIT_MSG, 429)
  if (result.verdict !== 'ok') {
    await audit(c.env, meta.requestId, `login.code_${result.verdict}`, p.profile.profile_id)
    return view({ code: VERDICT_MESSAGE[result.verdict] }, null, 401)
  }
  const signedIn = await completeSignIn(c.env, p.profile, meta, { method: 'code', remember: form.data.remember })
  clearPendingCookie(c)
  await finishPageSignIn(c, signedIn.token.accountToken, signedIn.deviceId, signedIn.session.profileId)
  return c.redirect(afterSignInPath(c), 303)
})
