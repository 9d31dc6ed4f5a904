import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { localDate } from '../../../shared/clock'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale, useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { CHANGE_PAGE_TEXTS } from './texts'
import {
  BILLING_FIELDS,
  BILLING_PLANS,
  BILLING_TEXTS,
  billingNowOf,
  billingPlanChangeSchema,
  endsBefore,
  FIRST_DUE_DAY,
  installmentLine,
  LAST_DUE_DAY,
  planName,
  PLAN_RULES,
  scheduleOf,
  type BillingNow,
  type BillingPlan,
} from '../../../shared/policy/changes/billing-plan'
import { ErrorSummary } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { quoteBillingPlanChange } from '../../services/policy-changes/billing-plan'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { policyAdmin } from '../../integrations/policy-admin'
import { portalNow } from '../../lib/clock'
import { Screen } from '../policy/parts'
import { changesClosedMessage } from '../../services/policy-changes/policy-changes'
import { definePage } from '../page'
import { quoteAnswer } from './quote-answer'

/**
 * Change My Billing Plan (issue 34 item 5, decision 217): every plan with its dates and amounts for the
 * day of the month shown, before choosing; a plan whose last payment would fall after the policy ends
 * says so instead of being offered. Plain forms, no script: choosing another day asks the page again
 * (GET ?day=), choosing a plan posts to the review.
 */
const FORM = 'policy-change-billing'

interface View {
  policy: Policy
  billing: BillingNow
  day: number
  today: string
  chosen: BillingPlan | null
  errors: FieldErrors
  error: string | null
  token: string
}

function PlanChoice({ v, plan }: { v: View; plan: BillingPlan }) {
  const locale = useLocale()
  const T = useTexts(BILLING_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  const schedule = scheduleOf(v.billing, { action: plan, dueDay: v.day }, v.today)
  const offered = endsBefore(schedule, v.billing.expiry)
  const total = schedule.reduce((s, i) => s + i.amountCents, 0)
  const id = `f-plan-${plan}`
  return (
    <div className="plan-choice">
      <div className="choice">
        <input type="radio" id={id} name="plan" value={plan} defaultChecked={v.chosen === plan} disabled={!offered} aria-describedby={`${id}-schedule`} />
        <label htmlFor={id}>{planName(plan, locale)}</label>
      </div>
      <div id={`${id}-schedule`}>
        {offered ? (
          <>
            <ol aria-label={p.datesAndAmounts(planName(plan, locale))}>
              {schedule.map((i, n) => (
                <li key={i.dueDate}>{installmentLine(i, n + 1, schedule.length, locale)}</li>
              ))}
            </ol>
            <p className="field__hint">{`${T.total(total, locale)}. ${T.fee(PLAN_RULES[plan].feeCents, locale)}.`}</p>
          </>
        ) : (
          <p className="field__hint">{T.notOffered(v.billing.expiry, locale)}</p>
        )}
      </div>
    </div>
  )
}

function BillingForm({ v }: { v: View }) {
  const locale = useLocale()
  const T = useTexts(BILLING_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  const days = Array.from({ length: LAST_DUE_DAY - FIRST_DUE_DAY + 1 }, (_, i) => FIRST_DUE_DAY + i)
  const first = BILLING_FIELDS.find((f) => v.errors[f])
  return (
    <Screen title={T.heading} id="billing-heading">
      <p>{T.intro}</p>
      <dl className="facts">
        <dt>{T.owed}</dt>
        <dd>{formatUsdIn(locale, v.billing.owedCents)}</dd>
        <dt>{T.current}</dt>
        <dd>{v.billing.plan ? T.planOnDay(planName(v.billing.plan, locale), v.billing.dueDay) : T.currentUnknown}</dd>
        <dt>{p.nextPayment}</dt>
        <dd>{p.amountBy(formatUsdIn(locale, v.policy.amountDue + v.policy.pastDue), formatDateIn(locale, v.policy.dueDate))}</dd>
      </dl>
      <ErrorSummary errors={v.errors} order={BILLING_FIELDS} labels={{ plan: T.plan, dueDay: T.dueDay }} />
      {v.error && (
        <p className="alert alert--error" role="alert">
          {v.error}
        </p>
      )}
      <form method="get" action={pathOf('ChangeBillingPlan')} className="form" aria-label={p.dayOfMonth}>
        <div className={v.errors.dueDay ? 'field field--error' : 'field'}>
          <label htmlFor="f-dueDay">{T.dueDay}</label>
          <p className="field__hint" id="f-dueDay-hint">
            {T.dueDayHint}
          </p>
          <select
            id="f-dueDay"
            name="day"
            defaultValue={String(v.day)}
            aria-describedby="f-dueDay-hint"
            aria-invalid={v.errors.dueDay ? true : undefined}
            autoFocus={first === 'dueDay'}
          >
            {days.map((d) => (
              <option key={d} value={String(d)}>
                {String(d)}
              </option>
            ))}
          </select>
          {v.errors.dueDay && <p className="field__error">{messageIn(locale, v.errors.dueDay)}</p>}
        </div>
        <button type="submit" className="btn btn--secondary">
          {T.showDay}
        </button>
      </form>
      <form method="post" action={pathOf('ChangeBillingPlan')} className="form" aria-labelledby="billing-heading" noValidate>
        <input type="hidden" name={FORM_TOKEN_FIELD} value={v.token} />
        <input type="hidden" name="dueDay" value={String(v.day)} />
        <fieldset id="f-plan" className={v.errors.plan ? 'field field--error' : 'field'}>
          <legend>{p.planOnDay(T.plan, v.day)}</legend>
          {BILLING_PLANS.map((plan) => (
            <PlanChoice key={plan} v={v} plan={plan} />
          ))}
          {v.errors.plan && <p className="field__error">{messageIn(locale, v.errors.plan)}</p>}
        </fieldset>
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

/** The day asked for (?day= or the form's), when it is one of the days offered; otherwise the policy's own. */
function dayOf(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return Number.isInteger(n) && n >= FIRST_DUE_DAY && n <= LAST_DUE_DAY ? n : fallback
}

async function show(
  c: Context<AppEnv>,
  s: { day?: string | undefined; chosen: BillingPlan | null; errors: FieldErrors; error: string | null },
  status?: 400 | 409 | 422 | 429,
) {
  const { policy } = policyContext(c)
  const today = localDate(await portalNow(c.env), policy.state)
  const billing = billingNowOf(policy)
  const token = await issueFormToken(c, FORM)
  const v: View = { policy, billing, today, day: dayOf(s.day, billing.dueDay), chosen: s.chosen, errors: s.errors, error: s.error, token }
  return renderPage(c, <BillingForm v={v} />, status ? { status } : {})
}

export const changeBillingPlanPage = definePage('ChangeBillingPlan')

changeBillingPlanPage.get('/', async (c) => {
  const error = changesClosedMessage(c.env, policyContext(c).policy, requestLocale(c))
  return show(c, { day: c.req.query('day'), chosen: null, errors: {}, error })
})

changeBillingPlanPage.post('/', async (c) => {
  const { policy, session } = policyContext(c)
  const form = await submittedForm(c, billingPlanChangeSchema)
  const typedPlan = BILLING_PLANS.find((p) => p === form.typed.plan) ?? null
  const day = form.typed.dueDay
  if (!form.ok) return show(c, { day, chosen: typedPlan, errors: form.errors, error: null }, 400)
  return consumeFormToken(c, FORM, async () => {
    const outcome = await quoteBillingPlanChange(c.env, policyAdmin(c.env), {
      policy,
      owner: claimDraftOwner(session, policy.policyID),
      form: form.data,
      today: localDate(await portalNow(c.env), policy.state),
      now: Date.now(),
      paymentInFlight: Boolean(c.get('pendingPayment')),
      locale: requestLocale(c),
    })
    return quoteAnswer(c, outcome, (s, status) => show(c, { ...s, day, chosen: typedPlan }, status))
  })
})
