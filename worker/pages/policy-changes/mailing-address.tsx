import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { US_STATES } from '../../../shared/us-states'
import { localDate } from '../../../shared/clock'
import { MORTGAGEE_TEXTS } from '../../../shared/policy/changes/mortgagee'
import { MAILING_ADDRESS_FIELDS, MAILING_ADDRESS_TEXTS, mailingAddressChangeSchema } from '../../../shared/policy/changes/mailing-address'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale, useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { CHANGE_PAGE_TEXTS } from './texts'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm, type Typed } from '../../render/form-page'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { changesClosedMessage, quoteMailingAddressChange } from '../../services/policy-changes/policy-changes'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { policyAdmin } from '../../integrations/policy-admin'
import { portalNow } from '../../lib/clock'
import { Screen } from '../policy/parts'
import { definePage } from '../page'
import { quoteAnswer } from './quote-answer'

/**
 * Change My Mailing Address (issue 34 item 3, decision 215): the policy's mailing address, email and
 * phone in one plain form, filled with what the policy has now; reviewed (review.tsx) before it is sent.
 */
const FORM = 'policy-change-mailing-address'

const labelsOf = (T: (typeof MAILING_ADDRESS_TEXTS)['en'], effective: string): Record<string, string> => ({
  address1: T.address1,
  address2: T.address2,
  city: T.city,
  state: T.state,
  zipCode: T.zipCode,
  email: T.email,
  homePhone: T.phone,
  effectiveDate: effective,
})

interface FormState {
  errors: FieldErrors
  typed: Typed
  error: string | null
  token: string
  today: string
}

/** What the form shows first: the policy's own details. */
const currentOf = (p: Policy): Typed => ({
  address1: p.mailingAddress.address1,
  address2: p.mailingAddress.address2,
  city: p.mailingAddress.city,
  state: p.mailingAddress.state,
  zipCode: p.mailingAddress.zipCode,
  email: p.email,
  homePhone: p.homePhone,
})

function MailingAddressForm({ policy, s }: { policy: Policy; s: FormState }) {
  const locale = useLocale()
  const T = useTexts(MAILING_ADDRESS_TEXTS)
  const M = useTexts(MORTGAGEE_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  const v = { ...currentOf(policy), ...s.typed }
  const first = firstErrorOf(s.errors, MAILING_ADDRESS_FIELDS)
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field name={name} label={label} errors={s.errors} firstError={first} defaultValue={v[name] ?? ''} {...extra} />
  )
  return (
    <Screen title={T.heading} id="mailing-heading">
      <p>{T.intro}</p>
      <ErrorSummary errors={s.errors} order={MAILING_ADDRESS_FIELDS} labels={labelsOf(T, M.effectiveDate)} />
      {s.error && (
        <p className="alert alert--error" role="alert">
          {s.error}
        </p>
      )}
      <form method="post" action={pathOf('ChangeMailingAddress')} className="form" aria-labelledby="mailing-heading" noValidate>
        <input type="hidden" name={FORM_TOKEN_FIELD} value={s.token} />
        {field('address1', T.address1, { autoComplete: 'address-line1', maxLength: 100 })}
        {field('address2', T.address2, { autoComplete: 'address-line2', maxLength: 100 })}
        {field('city', T.city, { autoComplete: 'address-level2', maxLength: 60 })}
        <div className={s.errors.state ? 'field field--error' : 'field'}>
          <label htmlFor="f-state">{T.state}</label>
          <select id="f-state" name="state" defaultValue={v.state ?? ''} aria-invalid={s.errors.state ? true : undefined}>
            <option value="">{p.choose}</option>
            {US_STATES.map((st) => (
              <option key={st.code} value={st.code}>
                {st.name}
              </option>
            ))}
          </select>
          {s.errors.state && <p className="field__error">{messageIn(locale, s.errors.state)}</p>}
        </div>
        {field('zipCode', T.zipCode, { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 })}
        {field('email', T.email, { type: 'email', autoComplete: 'email', maxLength: 254, hint: T.emailHint })}
        {field('homePhone', T.phone, { type: 'tel', autoComplete: 'tel-national', maxLength: 20, hint: T.phoneHint })}
        {field('effectiveDate', M.effectiveDate, {
          type: 'date',
          min: s.today,
          hint: M.effectiveDateHint,
          defaultValue: v.effectiveDate ?? s.today,
        })}
        <button type="submit" className="btn btn--primary">
          {T.submit}
        </button>
      </form>
      <p>
        <a href={pathOf('PolicyChanges')}>{p.back}</a>
      </p>
    </Screen>
  )
}

async function show(c: Context<AppEnv>, s: Omit<FormState, 'token' | 'today'>, status?: 400 | 409 | 422 | 429) {
  const { policy } = policyContext(c)
  const today = localDate(await portalNow(c.env), policy.state)
  const token = await issueFormToken(c, FORM)
  return renderPage(c, <MailingAddressForm policy={policy} s={{ ...s, token, today }} />, status ? { status } : {})
}

export const changeMailingAddressPage = definePage('ChangeMailingAddress')

changeMailingAddressPage.get('/', async (c) => {
  const { policy } = policyContext(c)
  return show(c, { errors: {}, typed: {}, error: changesClosedMessage(c.env, policy, requestLocale(c)) })
})

changeMailingAddressPage.post('/', async (c) => {
  const { policy, session } = policyContext(c)
  const now = await portalNow(c.env)
  const form = await submittedForm(c, mailingAddressChangeSchema({ today: localDate(now, policy.state) }))
  if (!form.ok) return show(c, { errors: form.errors, typed: form.typed, error: null }, 400)
  return consumeFormToken(c, FORM, async () => {
    const outcome = await quoteMailingAddressChange(c.env, policyAdmin(c.env), {
      policy,
      owner: claimDraftOwner(session, policy.policyID),
      form: form.data,
      now: Date.now(),
      locale: requestLocale(c),
    })
    return quoteAnswer(c, outcome, (s, status) => show(c, { ...s, typed: form.typed }, status))
  })
})
