import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { CHANGE_TOO_LATE } from '../../../shared/payments/autopay'
import { messageIn } from '../../../shared/i18n/messages'
import { savedMethodLabelIn } from '../../../shared/payments/texts/saved-methods'
import { requestLocale } from '../../lib/request-locale'
import { useLocale } from '../../render/locale'
import { paymentPageTexts } from './texts'
import { SAVED_METHOD_ID, savedMethodProblem, type SavedMethodView } from '../../../shared/payments/saved-methods'
import { localDate } from '../../../shared/clock'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { policyContext } from '../../middleware/guards'
import { pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { paymentProcessor } from '../../integrations/payments'
import { findActiveEnrolment } from '../../db/payments/autopay'
import { portalClock } from '../../lib/clock'
import { savedMethodsOf } from '../../services/payments/saved-methods'
import { autopayStatus, type AutopayStatus } from '../../services/payments/autopay-status'
import { enrolAutopay, stopAutopay, termsFor } from '../../services/payments/autopay'
import { autopayWho } from '../../services/payments/autopay-who'
import { definePage } from '../page'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { confirmPath } from '../identity/step-up-target'
import { Confirmation } from '../../render/confirmation'

const PATH = pathOf('AutoPay')

interface View {
  policy: Policy
  status: AutopayStatus
  methods: SavedMethodView[]
  /** The accepted terms of the active enrolment, to read again or print. */
  acceptedTerms: string | null
  /** Step 2: the terms for the chosen method. */
  offer: { method: SavedMethodView; text: string; version: string } | null
  done: string | null
  problem: string | null
  profileLogin: boolean
}

function Terms({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="payment__authorization" aria-labelledby="autopay-terms-heading">
      <h2 id="autopay-terms-heading">{heading}</h2>
      <p id="autopay-terms-text" className="payment__authorization-text">
        {text}
      </p>
    </section>
  )
}

function ChooseMethod({ methods, label }: { methods: SavedMethodView[]; label: string }) {
  const locale = useLocale()
  return (
    <form method="get" action={PATH} className="autopay__choose">
      <fieldset className="payment__saved">
        <legend>{label}</legend>
        {methods.map((m, i) => (
          <div className="payment__checkbox" key={m.id}>
            <input id={`autopay-${m.id}`} type="radio" name="method" value={m.id} defaultChecked={i === 0} />
            <label htmlFor={`autopay-${m.id}`}>{savedMethodLabelIn(locale, m)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary">
        {paymentPageTexts[locale].continue}
      </button>
    </form>
  )
}

/**
 * Automatic Payments of the loaded policy (issue 22 item 2), without script: on, with its method, the
 * next draft and the terms accepted (to print), a change of method or a stop while allowed; off, a
 * choice among the saved methods, then the terms for that method with their checkbox.
 */
function AutopayView(v: View) {
  const { status } = v
  const locale = useLocale()
  const t = paymentPageTexts[locale]
  return (
    <section className="card payment-gate" aria-labelledby="autopay-heading">
      <h1 id="autopay-heading">{t.autopayTitle}</h1>
      <p className="payment__policy">{t.policy(v.policy.policyID)}</p>
      {v.done && (
        <Confirmation tone="alert profile-alert--ok" block>
          {v.done}
        </Confirmation>
      )}
      {v.problem && (
        <div className="alert alert--error" role="alert" tabIndex={-1}>
          {messageIn(locale, v.problem)}
        </div>
      )}
      {!v.profileLogin ? (
        <p>{t.autopayNeedsProfile}</p>
      ) : v.offer ? (
        <form method="post" action={PATH} noValidate>
          <input type="hidden" name="intent" value="enrol" />
          <input type="hidden" name="methodId" value={v.offer.method.id} />
          <input type="hidden" name="termsVersion" value={v.offer.version} />
          <input type="hidden" name="termsText" value={v.offer.text} />
          <p>{t.payEachFrom(savedMethodLabelIn(locale, v.offer.method))}</p>
          <Terms heading={v.offer.method.kind === 'bank' ? t.bankTermsHeading : t.cardTermsHeading} text={v.offer.text} />
          <div className="payment__checkbox">
            <input id="autopay-accept" name="accepted" type="checkbox" value="yes" aria-describedby="autopay-terms-text" />
            <label htmlFor="autopay-accept">{t.agreeTerms}</label>
          </div>
          <div className="actions">
            <button type="submit" className="btn btn--primary">
              {t.turnOn}
            </button>
            <a className="btn btn--secondary" href={PATH}>
              {t.cancel}
            </a>
          </div>
        </form>
      ) : status.enrolled ? (
        <>
          <p>{t.autopayOn(status.method ?? '')}</p>
          <p>{status.nextDraft}</p>
          {v.acceptedTerms && <Terms heading={t.acceptedTerms} text={v.acceptedTerms} />}
          <p>{t.printCopy}</p>
          {status.mayChange ? (
            <>
              {v.methods.length > 1 && <ChooseMethod methods={v.methods.filter((m) => m.id !== status.methodId)} label={t.payFromAnother} />}
              <form method="post" action={PATH}>
                <input type="hidden" name="intent" value="stop" />
                <button type="submit" className="btn btn--secondary">
                  {t.stopAutopay}
                </button>
              </form>
            </>
          ) : (
            <p role="note">{messageIn(locale, CHANGE_TOO_LATE)}</p>
          )}
        </>
      ) : v.methods.length === 0 ? (
        <p>
          {t.saveOneFirst}
          <a href={pathOf('MakePayment')}>{t.makeAPayment}</a>.
        </p>
      ) : (
        <>
          <p>{t.autopayOffer}</p>
          <ChooseMethod methods={v.methods} label={t.payFrom} />
        </>
      )}
      <p>
        <a href={pathOf('PolicyOverview')}>{t.backToPolicy}</a>
      </p>
    </section>
  )
}

export const autopayPage = definePage('AutoPay')

async function show(c: Context<AppEnv>, extra: Partial<View>, status: 200 | 400 | 409 = 200) {
  const { policy, session } = policyContext(c)
  const now = (await portalClock(c.env))()
  const profileId = session.kind === 'direct' ? session.profileId : null
  const today = localDate(now, policy.state)
  const methods = profileId ? (await savedMethodsOf(c.env, profileId)).filter((m) => !savedMethodProblem(m, policy.isFlood, today)) : []
  const enrolment = await findActiveEnrolment(c.env.DB, policy.policyID)
  const view: View = {
    policy,
    status: await autopayStatus(c.env, policy, now, requestLocale(c)),
    methods,
    acceptedTerms: enrolment?.terms_text ?? null,
    offer: null,
    done: null,
    problem: null,
    profileLogin: Boolean(profileId),
    ...extra,
  }
  return renderPage(c, <AutopayView {...view} />, { status })
}

autopayPage.get('/', async (c) => {
  const { policy, session } = policyContext(c)
  const chosen = c.req.query('method') ?? ''
  const done = c.req.query('done')
  const t = paymentPageTexts[requestLocale(c)]
  const doneText = done === 'on' ? t.autopayDoneOn : done === 'off' ? t.autopayDoneOff : null
  if (session.kind === 'direct' && session.profileId && SAVED_METHOD_ID.test(chosen)) {
    const method = (await savedMethodsOf(c.env, session.profileId)).find((m) => m.id === chosen)
    const terms = method ? await termsFor(c.env, policy, session.profileId, method.id, requestLocale(c)) : null
    if (method && terms) return show(c, { offer: { method, ...terms } })
  }
  return show(c, { done: doneText })
})

autopayPage.post('/', pageRateLimit(RATE_RULES.methodChanges), async (c) => {
  const { policy, session } = policyContext(c)
  if (session.kind !== 'direct' || !session.profileId) return c.redirect(PATH, 303)
  const form = await readForm(c)
  const now = (await portalClock(c.env))()
  const who = await autopayWho(c.env, session, policy)
  if (form.intent === 'stop') {
    const answer = await stopAutopay(c.env, policy, who, now)
    return answer.ok ? c.redirect(`${PATH}?done=off`, 303) : show(c, { problem: answer.message }, 400)
  }
  const choice = { methodId: form.methodId ?? '', accepted: form.accepted === 'yes', termsText: form.termsText ?? '', termsVersion: form.termsVersion ?? '' }
  // Step-up (decision 202): Confirm It Is You first, then back to the terms of the method chosen.
  if (stepUpRequired(session)) return c.redirect(confirmPath('autopay', choice.methodId), 303)
  const answer = await enrolAutopay(c.env, paymentProcessor(c.env), policy, who, choice, now)
  if (answer.ok) return c.redirect(`${PATH}?done=on`, 303)
  const method = (await savedMethodsOf(c.env, session.profileId)).find((m) => m.id === choice.methodId)
  const terms = method ? await termsFor(c.env, policy, session.profileId, method.id, requestLocale(c)) : null
  return show(c, { problem: answer.message, offer: method && terms ? { method, ...terms } : null }, answer.conflict ? 409 : 400)
})
