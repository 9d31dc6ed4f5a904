import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { localDate } from '../../../shared/clock'
import { formatWholeUsd } from '../../../shared/format'
import { deductibleCents, dwellingLimit } from '../../../shared/policy/coverages'
import { MORTGAGEE_TEXTS } from '../../../shared/policy/changes/mortgagee'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale, useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { CHANGE_PAGE_TEXTS } from './texts'
import {
  ALL_OTHER_PERILS_CHOICES,
  DEDUCTIBLE_FIELDS,
  DEDUCTIBLE_TEXTS,
  WINDSTORM_CHOICES,
  deductibleChangeSchema,
  deductibleWords,
  hasAllOtherPerils,
  windstormPerilOf,
} from '../../../shared/policy/changes/deductible'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm, type Typed } from '../../render/form-page'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { changesClosedMessage, quoteDeductibleChange } from '../../services/policy-changes/policy-changes'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { policyAdmin } from '../../integrations/policy-admin'
import { portalNow } from '../../lib/clock'
import { Screen } from '../policy/parts'
import { definePage } from '../page'
import { quoteAnswer } from './quote-answer'

/**
 * Change My Deductible (issue 34 item 4, decision 216): the all-other-perils deductible, and the
 * wind/hail or hurricane percentage where the policy has one, as plain choices; the premium's change
 * comes from the carrier on the review (review.tsx), before anything is sent.
 */
const FORM = 'policy-change-deductible'

interface FormState {
  errors: FieldErrors
  typed: Typed
  error: string | null
  token: string
  today: string
}

function Select({
  name,
  label,
  hint,
  options,
  value,
  error,
}: {
  name: string
  label: string
  hint: string
  options: { value: string; label: string }[]
  value: string
  error: string | undefined
}) {
  const locale = useLocale()
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={`f-${name}`}>{label}</label>
      <p className="field__hint" id={`f-${name}-hint`}>
        {hint}
      </p>
      <select id={`f-${name}`} name={name} defaultValue={value} aria-describedby={`f-${name}-hint`} aria-invalid={error ? true : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && <p className="field__error">{messageIn(locale, error)}</p>}
    </div>
  )
}

function DeductibleForm({ policy, s }: { policy: Policy; s: FormState }) {
  const locale = useLocale()
  const T = useTexts(DEDUCTIBLE_TEXTS)
  const M = useTexts(MORTGAGEE_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  const perilName = (peril: string) => policyWordIn(locale, peril)
  const deductibles = policy.coverages?.deductibles ?? []
  const base = policy.coverages ? dwellingLimit(policy.coverages) : 0
  const aop = deductibles.find((d) => d.peril === 'All Other Perils')
  const windPeril = windstormPerilOf(deductibles)
  const wind = deductibles.find((d) => d.peril === windPeril)
  const first = firstErrorOf(s.errors, DEDUCTIBLE_FIELDS)
  const now = (match: boolean) => (match ? ` (${T.now})` : '')
  const aopValue = s.typed.allOtherPerils ?? (aop && 'amount' in aop ? String(aop.amount) : '')
  const windValue = s.typed.windstormPercent ?? (wind && 'percentOfDwelling' in wind ? String(wind.percentOfDwelling) : '')
  return (
    <Screen title={T.heading} id="deductible-heading">
      <p>{T.intro}</p>
      <h2 id="current-heading">{p.onPolicyNow}</h2>
      {deductibles.length === 0 ? (
        <p className="empty-text">{T.noDeductibles}</p>
      ) : (
        <ul aria-labelledby="current-heading">
          {deductibles.map((d) => (
            <li key={d.peril}>{`${perilName(d.peril)}: ${deductibleWords(d, base, locale)}`}</li>
          ))}
        </ul>
      )}
      <ErrorSummary
        errors={s.errors}
        order={DEDUCTIBLE_FIELDS}
        labels={{
          allOtherPerils: T.allOtherPerils,
          windstormPercent: T.windstorm(locale === 'en' ? (windPeril ?? 'Wind') : perilName(windPeril ?? 'Wind/Hail').toLowerCase()),
          effectiveDate: M.effectiveDate,
        }}
      />
      {s.error && (
        <p className="alert alert--error" role="alert">
          {s.error}
        </p>
      )}
      {hasAllOtherPerils(deductibles) && (
        <form method="post" action={pathOf('ChangeDeductible')} className="form" aria-labelledby="deductible-heading" noValidate>
          <input type="hidden" name={FORM_TOKEN_FIELD} value={s.token} />
          <Select
            name="allOtherPerils"
            label={T.allOtherPerils}
            hint={T.allOtherPerilsHint}
            value={aopValue}
            error={s.errors.allOtherPerils}
            options={ALL_OTHER_PERILS_CHOICES.map((cents) => ({
              value: String(cents),
              label: `${formatWholeUsd(cents)}${now(aop !== undefined && 'amount' in aop && aop.amount === cents)}`,
            }))}
          />
          {windPeril && (
            <Select
              name="windstormPercent"
              label={T.windstorm(locale === 'en' ? windPeril : perilName(windPeril).toLowerCase())}
              hint={T.windstormHint}
              value={windValue}
              error={s.errors.windstormPercent}
              options={WINDSTORM_CHOICES.map((pct) => ({
                value: String(pct),
                label: `${pct}% (${formatWholeUsd(deductibleCents({ peril: windPeril, percentOfDwelling: pct }, base))})${now(wind !== undefined && 'percentOfDwelling' in wind && wind.percentOfDwelling === pct)}`,
              }))}
            />
          )}
          <Field
            name="effectiveDate"
            label={M.effectiveDate}
            errors={s.errors}
            firstError={first}
            type="date"
            min={s.today}
            hint={M.effectiveDateHint}
            defaultValue={s.typed.effectiveDate ?? s.today}
          />
          <button type="submit" className="btn btn--primary">
            {T.submit}
          </button>
        </form>
      )}
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
  return renderPage(c, <DeductibleForm policy={policy} s={{ ...s, token, today }} />, status ? { status } : {})
}

export const changeDeductiblePage = definePage('ChangeDeductible')

changeDeductiblePage.get('/', async (c) => {
  const { policy } = policyContext(c)
  return show(c, { errors: {}, typed: {}, error: changesClosedMessage(c.env, policy, requestLocale(c)) })
})

changeDeductiblePage.post('/', async (c) => {
  const { policy, session } = policyContext(c)
  const now = await portalNow(c.env)
  const windstorm = windstormPerilOf(policy.coverages?.deductibles ?? [])
  const form = await submittedForm(c, deductibleChangeSchema({ today: localDate(now, policy.state) }, windstorm))
  if (!form.ok) return show(c, { errors: form.errors, typed: form.typed, error: null }, 400)
  return consumeFormToken(c, FORM, async () => {
    const outcome = await quoteDeductibleChange(c.env, policyAdmin(c.env), {
      policy,
      owner: claimDraftOwner(session, policy.policyID),
      form: form.data,
      now: Date.now(),
      locale: requestLocale(c),
    })
    return quoteAnswer(c, outcome, (s, status) => show(c, { ...s, typed: form.typed }, status))
  })
})
