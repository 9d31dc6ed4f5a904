import type { Context } from 'hono'
import { getCookie, deleteCookie } from 'hono/cookie'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { loginSchema } from '../../../shared/identity/schemas/login'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { loginOrIssue } from '../../services/identity/login-issue'
import { setFlash } from '../../services/request/flash'
import { MSG } from '../../../shared/forms/messages'
import { signInMeta } from '../../services/identity/sign-in-meta'
import { endSession } from '../../services/identity/session'
import { clearSessionCookie, writeSessionCookie } from '../../services/identity/session-cookie'
import { languageAtSignIn } from '../../services/i18n/language-choice'
import { writeDeviceCookie, writePendingCookie } from '../../services/identity/device-cookie'
import { SSO_PARAMS_COOKIE } from '../../../shared/sso/sso'
import { pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { PasskeySignIn } from './passkey-islands'
import { passkeysWorkAt } from '../../../shared/identity/passkeys'
import { hasPasskeyHint } from '../../services/identity/passkey-hint'
import { definePage } from '../page'
import { ClaimFrontDoor } from '../../render/claim-front-door'
import { afterSignInPath, claimWaitingForSignIn } from '../../services/identity/return-path-cookie'
import { useTexts } from '../../render/locale'
import { loginTexts } from './texts/sign-in'
import { partsTexts } from './texts/parts'
import { Said } from './parts'

/**
 * How the login page offers passkeys (decision 181): 'prompt', the passkey island with autofill in the
 * user-name field (a browser that used passkeys here, or that asked for it with the link); 'link', a
 * plain link to that (the page as before: no script); 'none' where passkeys cannot work (an address
 * that is not the relying party's).
 */
type PasskeyOffer = 'prompt' | 'link' | 'none'

function passkeyOffer(c: Context<AppEnv>): PasskeyOffer {
  if (!passkeysWorkAt(c.env, new URL(c.req.url).hostname)) return 'none'
  return c.req.query('passkey') === '1' || hasPasskeyHint(c) ? 'prompt' : 'link'
}

const ORDER = ['userName', 'password'] as const

interface LoginViewProps {
  values: Record<string, string>
  errors: FieldErrors
  failed: string | null
  mainSite: string
  passkey: PasskeyOffer
  /** The claim whose link brought the person here (issue 32 item 3): the sign-in goes back to it. */
  claimWaiting?: string | null
  claimsPhone: string
}

function LoginView({ values, errors, failed, mainSite, passkey, claimWaiting = null, claimsPhone }: LoginViewProps) {
  const first = firstErrorOf(errors, ORDER)
  const t = useTexts(loginTexts)
  const common = useTexts(partsTexts)
  return (
    <div className="login">
      <section className="card login__form" aria-labelledby="login-heading">
        <h1 id="login-heading">{t.heading}</h1>
        {/* Spec 000 fixes the heading; the line under it says the page serves every policy (issue 21 item 9, decision 190). */}
        <p className="login__every-policy">{t.everyPolicy}</p>
        {claimWaiting && <p className="alert alert--info">{t.claimWaiting(claimWaiting)}</p>}
        {failed && <LoginFailed message={failed} />}
        <ErrorSummary errors={errors} order={ORDER} labels={{ userName: t.userNameSummary }} />
        <form method="post" action={pathOf('Login')} noValidate>
          <Field
            name="userName"
            label={t.userName}
            errors={errors}
            firstError={first}
            defaultValue={values.userName ?? ''}
            autoComplete={passkey === 'prompt' ? 'username webauthn' : 'username'}
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <Field
            name="password"
            label={common.password}
            type="password"
            errors={errors}
            firstError={first}
            autoComplete="current-password"
            required
            maxLength={35}
          />
          <button type="submit" className="btn btn--primary">
            {t.login}
          </button>
        </form>
        {passkey === 'prompt' && <PasskeySignIn optionsUrl="/v1/profile/passkey-sign-in/options" verifyUrl="/v1/profile/passkey-sign-in" autofill />}
        {passkey === 'link' && (
          <p>
            <a href={`${pathOf('Login')}?passkey=1`}>{t.passkeyLink}</a>
          </p>
        )}
        <p>
          <a href={pathOf('ForgotPassword')}>{t.forgot}</a>
        </p>
      </section>
      {/* Issue 35 item 1: after a loss, the claims line and a claim without an account, before anything else to read. */}
      <ClaimFrontDoor claimsPhone={claimsPhone} />
      <section className="card login__register" aria-labelledby="register-heading">
        <h2 id="register-heading">{t.registerHeading}</h2>
        <p>{t.registerLine1}</p>
        <p>{t.registerLine2}</p>
        <a className="btn btn--secondary" href={pathOf('FindPolicy')}>
          {t.registerButton}
        </a>
      </section>
      <p className="login__other">
        {t.otherPolicy}
        <a href={`${mainSite}/`}>{t.otherPolicyLink}</a>
      </p>
    </div>
  )
}

/** 'Login Failed.' (or the lock's words) above the form: an alert, as spec 000 shows it, in the page's language. */
function LoginFailed({ message }: { message: string }) {
  return (
    <div className="alert alert--error" role="alert">
      <Said message={message} />
    </div>
  )
}

export const loginPage = definePage('Login')

/**
 * A navigation the user made on this portal or by hand (address bar, bookmark): not a link or form of
 * another site (which must not be able to sign anyone out) and not a speculative prefetch.
 */
function ownNavigation(c: Context<AppEnv>): boolean {
  const site = c.req.header('Sec-Fetch-Site')
  const purpose = c.req.header('Sec-Purpose') ?? c.req.header('Purpose') ?? ''
  return (site === undefined || site === 'same-origin' || site === 'none') && !/prefetch|prerender/i.test(purpose)
}

/**
 * Spec 000 section 2, Login: "Entering it resets all stored data and sets direct-login true": opening
 * the Login page ends the session the browser has (direct or SSO) and drops the saved SSO parameters,
 * so what follows is a direct login from nothing (decision 136).
 */
async function resetStoredData(c: Context<AppEnv>): Promise<void> {
  const session = c.get('session')
  if (session) {
    await endSession(c.env, session.id)
    c.set('session', null)
    clearSessionCookie(c)
  }
  if (getCookie(c, SSO_PARAMS_COOKIE) !== undefined) deleteCookie(c, SSO_PARAMS_COOKIE, { path: '/', secure: false, httpOnly: true, sameSite: 'Lax' })
}

loginPage.get('/', async (c) => {
  if (ownNavigation(c)) await resetStoredData(c)
  c.header('Cache-Control', 'no-store')
  return renderPage(
    c,
    <LoginView
      values={{}}
      errors={{}}
      failed={null}
      mainSite={c.env.MARKETING_HOST_PREFIX}
      passkey={passkeyOffer(c)}
      claimWaiting={claimWaitingForSignIn(c)}
      claimsPhone={c.env.CLAIMS_PHONE}
    />,
  )
})

// Failed sign-ins count per address, successful ones never (a crowd behind one address: decision 185).
loginPage.post('/', pageRateLimit(RATE_RULES.loginFailures), async (c) => {
  const form = await submittedForm(c, loginSchema)
  const view = (errors: FieldErrors, failed: string | null, status: 400 | 401) =>
    renderPage(
      c,
      <LoginView
        values={form.typed}
        errors={errors}
        failed={failed}
        mainSite={c.env.MARKETING_HOST_PREFIX}
        passkey={passkeyOffer(c)}
        claimsPhone={c.env.CLAIMS_PHONE}
      />,
      {
        status,
      },
    )
  if (!form.ok) {
    // 'Login Failed.' is the alert whatever caused it (a user name too long to be one is no field error).
    const { userName, ...rest } = form.errors
    if (userName === MSG.loginFailed) return view(rest, MSG.loginFailed, 400)
    return view(form.errors, null, 400)
  }
  const result = await loginOrIssue(c.env, form.data, await signInMeta(c))
  if (result === 'issue') {
    // Spec 000 section 8 "HTTP 502 on login": the issue message, its button back to Login, and the
    // production-redirect flag that makes the system-message page's button read 'Return to Login'.
    await setFlash(c, { text: MSG.issue502, isError: true, productionRedirect: true })
    return c.redirect(pathOf('SystemMessage'), 303)
  }
  if (!result.ok && result.codeSent) {
    // 2-step sign-in (decision 179): the code page asks for the code this cookie names.
    await writePendingCookie(c, result.codeId)
    return c.redirect(pathOf('SignInCode'), 303)
  }
  if (!result.ok) {
    c.set('countsAgainstLimit', true)
    return view({}, result.errorMessage, 401)
  }
  await finishPageSignIn(c, result.token.accountToken, result.deviceId, result.session.profileId)
  return c.redirect(afterSignInPath(c), 303)
})

/** A page sign-in's last step: the browser's previous session ends, the new one, the device cookie and the profile's language (issue 36) are set. */
export async function finishPageSignIn(c: Context<AppEnv>, accountToken: string, deviceId: string, profileId: string | null): Promise<void> {
  const previous = c.get('session')
  if (previous) await endSession(c.env, previous.id)
  writeSessionCookie(c, accountToken)
  await writeDeviceCookie(c, deviceId)
  if (profileId) await languageAtSignIn(c, profileId)
}
