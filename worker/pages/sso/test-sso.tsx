import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { standInsAllowed } from '../../env'
import { pathOf } from '../../../shared/routes'
import { ACTION_CODES } from '../../../shared/sso/landing'
import { SSO_TEXT, testSsoLandingUrl } from '../../../shared/sso/sso'
import { testSsoFormSchema } from '../../../shared/sso/schemas/sso'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { renderPage } from '../../render/render-page'
import { Field, firstErrorOf } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { setFlash } from '../../services/request/flash'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { testSsoTexts } from './texts'

const ORDER = ['actionCd', 'policyId', 'productType', 'SystemOrigin', 'PgrOptOutPref'] as const

type Values = Partial<Record<(typeof ORDER)[number], string>>

function TestSsoView({ values, errors, nonce }: { values: Values; errors: FieldErrors; nonce: string }) {
  const first = firstErrorOf(errors, ORDER)
  const pref = values.PgrOptOutPref === '0' ? '0' : '1'
  const t = useTexts(testSsoTexts)
  return (
    <section className="card narrow test-sso" aria-labelledby="test-sso-heading">
      <h1 id="test-sso-heading">{t.heading}</h1>
      <p>{t.intro}</p>
      <form method="post" action={pathOf('TestSSO')} noValidate>
        <div className={errors.actionCd ? 'field field--error' : 'field'}>
          <label htmlFor="f-actionCd">{t.action}</label>
          <select
            id="f-actionCd"
            name="actionCd"
            defaultValue={values.actionCd ?? ACTION_CODES[0]}
            autoFocus={first === 'actionCd' ? true : undefined}
            aria-invalid={errors.actionCd ? true : undefined}
            aria-describedby={errors.actionCd ? 'f-actionCd-error' : undefined}
          >
            {ACTION_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          {errors.actionCd && (
            <p className="field__error" id="f-actionCd-error">
              {errors.actionCd}
            </p>
          )}
        </div>
        <Field
          name="policyId"
          label={t.policyId}
          errors={errors}
          firstError={first}
          defaultValue={values.policyId ?? ''}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          hint={t.policyIdHint}
        />
        <Field
          name="productType"
          label={t.productType}
          errors={errors}
          firstError={first}
          defaultValue={values.productType ?? ''}
          autoComplete="off"
          maxLength={30}
        />
        <div className={errors.SystemOrigin ? 'field field--error' : 'field'}>
          <label htmlFor="f-SystemOrigin">{t.systemOrigin}</label>
          <select
            id="f-SystemOrigin"
            name="SystemOrigin"
            defaultValue={values.SystemOrigin ?? ''}
            autoFocus={first === 'SystemOrigin' ? true : undefined}
            aria-invalid={errors.SystemOrigin ? true : undefined}
            aria-describedby={errors.SystemOrigin ? 'f-SystemOrigin-error' : undefined}
          >
            <option value="">{t.none}</option>
            <option value="MNA">{t.mobileApp}</option>
          </select>
          {errors.SystemOrigin && (
            <p className="field__error" id="f-SystemOrigin-error">
              {errors.SystemOrigin}
            </p>
          )}
        </div>
        <fieldset
          className={errors.PgrOptOutPref ? 'field test-sso__choice field--error' : 'field test-sso__choice'}
          aria-describedby={errors.PgrOptOutPref ? 'f-PgrOptOutPref-error' : undefined}
        >
          <legend>{t.optOut}</legend>
          <label className="test-sso__radio">
            <input type="radio" name="PgrOptOutPref" value="1" defaultChecked={pref === '1'} />
            {` ${t.optInChoice}`}
          </label>
          <label className="test-sso__radio">
            <input type="radio" name="PgrOptOutPref" value="0" defaultChecked={pref === '0'} />
            {` ${t.optOutChoice}`}
          </label>
          {errors.PgrOptOutPref && (
            <p className="field__error" id="f-PgrOptOutPref-error">
              {errors.PgrOptOutPref}
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn btn--primary">
          {t.click}
        </button>
      </form>
      {/* Spec: session storage is cleared when the page loads. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'try{sessionStorage.clear()}catch(e){}' }} />
    </section>
  )
}

/**
 * In production (and every deployed environment, and for any non-loopback caller: decision 120) Test
 * SSO does not exist for anyone: 'Access to TestSSO page denied.' when a policy is
 * loaded, otherwise on to PolicyOverview (spec 000 section 2).
 */
async function blockedInProduction(c: Context<AppEnv>): Promise<Response> {
  if (c.get('session')?.currentPolicyId) {
    await setFlash(c, { text: SSO_TEXT.testSsoDenied, isError: true })
    return c.redirect(pathOf('Error'), 303)
  }
  return c.redirect(pathOf('PolicyOverview'), 303)
}

export const testSsoPage = definePage('TestSSO')

testSsoPage.get('/', async (c) => {
  if (!standInsAllowed(c.env, c.req.raw)) return blockedInProduction(c)
  return renderPage(c, <TestSsoView values={{}} errors={{}} nonce={c.get('secureHeadersNonce') ?? ''} />)
})

/** Click: validates, trims and uppercases on the server (works without JavaScript), then goes to the landing. */
testSsoPage.post('/', async (c) => {
  if (!standInsAllowed(c.env, c.req.raw)) return blockedInProduction(c)
  const form = await submittedForm(c, testSsoFormSchema)
  if (!form.ok) {
    return renderPage(c, <TestSsoView values={form.typed} errors={form.errors} nonce={c.get('secureHeadersNonce') ?? ''} />, { status: 400 })
  }
  return c.redirect(testSsoLandingUrl(form.data), 303)
})
