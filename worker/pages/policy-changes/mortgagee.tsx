import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { US_STATES } from '../../../shared/us-states'
import { localDate } from '../../../shared/clock'
import { mortgageeCap, mortgageeWordIn } from '../../../shared/policy/mortgagees'
import { lenderLine, MORTGAGEE_FIELDS, MORTGAGEE_TEXTS, mortgageeChangeSchema } from '../../../shared/policy/changes/mortgagee'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale, useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { CHANGE_PAGE_TEXTS } from './texts'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm, type Typed } from '../../render/form-page'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { changesClosedMessage, quoteMortgageeChange } from '../../services/policy-changes/policy-changes'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { policyAdmin } from '../../integrations/policy-admin'
import { portalNow } from '../../lib/clock'
import { Screen } from '../policy/parts'
import { definePage } from '../page'
import { quoteAnswer } from './quote-answer'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'

/**
 * Change My Mortgage Company (issue 34 item 2, decision 214): a plain form, no script needed. Its one
 * schema checks the action's fields; the policy's own rules (its cap, which entries it has) and the
 * carrier's price follow, then the review (review.tsx) where the person confirms.
 */
const FORM = 'policy-change-mortgagee'

const labelsOf = (T: (typeof MORTGAGEE_TEXTS)['en'], p: (typeof CHANGE_PAGE_TEXTS)['en']): Record<string, string> => ({
  action: T.action,
  position: T.position,
  type: T.type,
  name: T.name,
  loanId: T.loanId,
  address1: T.address1,
  city: T.city,
  state: T.state,
  zipCode: T.zipCode,
  lenderEmail: p.lenderEmailLabel,
  effectiveDate: T.effectiveDate,
})

interface FormState {
  errors: FieldErrors
  typed: Typed
  error: string | null
  token: string
  today: string
}

function Choice({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  const id = `f-${name}-${value}`
  return (
    <div className="choice">
      <input type="radio" id={id} name={name} value={value} defaultChecked={checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

function MortgageeForm({ policy, s }: { policy: Policy; s: FormState }) {
  const locale = useLocale()
  const T = useTexts(MORTGAGEE_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  const v = s.typed
  const first = firstErrorOf(s.errors, MORTGAGEE_FIELDS)
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field name={name} label={label} errors={s.errors} firstError={first} defaultValue={v[name] ?? ''} {...extra} />
  )
  const action = v.action ?? (policy.mortgagees.length > 0 ? 'replace' : 'add')
  const places = Math.min(mortgageeCap(policy), policy.mortgagees.length + 1)
  return (
    <Screen title={T.heading} id="mortgagee-heading">
      <p>{T.intro}</p>
      <h2 id="current-heading">{p.onPolicyNow}</h2>
      {policy.mortgagees.length === 0 ? (
        <p className="empty-text">{T.none}</p>
      ) : (
        <ol aria-labelledby="current-heading">
          {policy.mortgagees.map((m) => (
            <li key={m.mortgageeId}>{`${lenderLine(m, locale)} (${mortgageeWordIn(locale, m.type)})`}</li>
          ))}
        </ol>
      )}
      <ErrorSummary errors={s.errors} order={MORTGAGEE_FIELDS} labels={labelsOf(T, p)} />
      {s.error && (
        <p className="alert alert--error" role="alert">
          {s.error}
        </p>
      )}
      <form method="post" action={pathOf('ChangeMortgagee')} className="form" aria-labelledby="mortgagee-heading" noValidate>
        <input type="hidden" name={FORM_TOKEN_FIELD} value={s.token} />
        <fieldset id="f-action" className={s.errors.action ? 'field field--error' : 'field'}>
          <legend>{T.action}</legend>
          <Choice name="action" value="add" label={T.add} checked={action === 'add'} />
          <Choice name="action" value="replace" label={T.replace} checked={action === 'replace'} />
          <Choice name="action" value="remove" label={T.remove} checked={action === 'remove'} />
          {s.errors.action && <p className="field__error">{messageIn(locale, s.errors.action)}</p>}
        </fieldset>
        <div className={s.errors.position ? 'field field--error' : 'field'}>
          <label htmlFor="f-position">{T.position}</label>
          <p className="field__hint" id="f-position-hint">
            {p.positionHint}
          </p>
          <select
            id="f-position"
            name="position"
            defaultValue={v.position ?? '1'}
            aria-describedby="f-position-hint"
            aria-invalid={s.errors.position ? true : undefined}
          >
            {Array.from({ length: Math.max(places, policy.mortgagees.length) }, (_, i) => {
              const m = policy.mortgagees[i]
              return (
                <option key={i} value={String(i + 1)}>
                  {m ? `${i + 1}: ${m.name}` : p.newPlace(i + 1)}
                </option>
              )
            })}
          </select>
          {s.errors.position && <p className="field__error">{messageIn(locale, s.errors.position)}</p>}
        </div>
        <fieldset>
          <legend>{p.newCompany}</legend>
          <fieldset id="f-type" className={s.errors.type ? 'field field--error' : 'field'}>
            <legend>{T.type}</legend>
            <Choice name="type" value="Mortgagee" label={T.mortgagee} checked={(v.type ?? 'Mortgagee') === 'Mortgagee'} />
            <Choice name="type" value="Lienholder" label={T.lienholder} checked={v.type === 'Lienholder'} />
            {s.errors.type && <p className="field__error">{messageIn(locale, s.errors.type)}</p>}
          </fieldset>
          {field('name', T.name, { autoComplete: 'organization', maxLength: 80 })}
          {field('loanId', T.loanId, { autoComplete: 'off', maxLength: 30 })}
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
          {field('lenderEmail', T.lenderEmail, { type: 'email', autoComplete: 'off', maxLength: 254, hint: T.lenderEmailHint })}
        </fieldset>
        {field('effectiveDate', T.effectiveDate, { type: 'date', min: s.today, hint: T.effectiveDateHint, defaultValue: v.effectiveDate ?? s.today })}
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
  return renderPage(c, <MortgageeForm policy={policy} s={{ ...s, token, today }} />, status ? { status } : {})
}

export const changeMortgageePage = definePage('ChangeMortgagee')

changeMortgageePage.get('/', async (c) => {
  const { policy } = policyContext(c)
  return show(c, { errors: {}, typed: {}, error: changesClosedMessage(c.env, policy, requestLocale(c)) })
})

changeMortgageePage.post('/', async (c) => {
  const { policy, session } = policyContext(c)
  const now = await portalNow(c.env)
  const form = await submittedForm(c, mortgageeChangeSchema({ today: localDate(now, policy.state) }))
  if (!form.ok) return show(c, { errors: form.errors, typed: form.typed, error: null }, 400)
  return consumeFormToken(c, FORM, async () => {
    const outcome = await quoteMortgageeChange(c.env, policyAdmin(c.env), {
      policy,
      owner: claimDraftOwner(session, policy.policyID),
      form: form.data,
      now: Date.now(),
      locale: requestLocale(c),
    })
    return quoteAnswer(c, outcome, (s, status) => show(c, { ...s, typed: form.typed }, status))
  })
})
