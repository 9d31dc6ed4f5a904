import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { CHANGE_TOO_LATE } from '../../../shared/payments/autopay'
import { SAVED_METHOD_ID, savedMethodLabel, savedMethodProblem, type SavedMethodView } from '../../../shared/payments/saved-methods'
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
  return (
    <form method="get" action={PATH} className="autopay__choose">
      <fieldset className="payment__saved">
        <legend>{label}</legend>
        {methods.map((m, i) => (
          <div className="payment__checkbox" key={m.id}>
            <input id={`autopay-${m.id}`} type="radio" name="method" value={m.id} defaultChecked={i === 0} />
            <label htmlFor={`autopay-${m.id}`}>{savedMethodLabel(m)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary">
        Continue
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
  return (
    <section className="card payment-gate" aria-labelledby="autopay-heading">
      <h1 id="autopay-heading">Automatic Payments</h1>
      <p className="payment__policy">Policy {v.policy.policyID}</p>
      {v.done && (
        <Confirmation tone="alert profile-alert--ok" block>
          {v.done}
        </Confirmation>
      )}
      {v.problem && (
        <div className="alert alert--error" role="alert" tabIndex={-1}>
          {v.problem}
        </div>
      )}
      {!v.profileLogin ? (
        <p>Automatic payments use a card or bank account saved in your profile: please log in with your profile to set them up.</p>
      ) : v.offer ? (
        <form method="post" action={PATH} noValidate>
          <input type="hidden" name="intent" value="enrol" />
          <input type="hidden" name="methodId" value={v.offer.method.id} />
          <input type="hidden" name="termsVersion" value={v.offer.version} />
          <input type="hidden" name="termsText" value={v.offer.text} />
          <p>{`Pay each amount due automatically from ${savedMethodLabel(v.offer.method)}.`}</p>
          <Terms heading={v.offer.method.kind === 'bank' ? 'Recurring bank debit authorization' : 'Automatic payment terms'} text={v.offer.text} />
          <div className="payment__checkbox">
            <input id="autopay-accept" name="accepted" type="checkbox" value="yes" aria-describedby="autopay-terms-text" />
            <label htmlFor="autopay-accept">I agree to these terms *</label>
          </div>
          <div className="actions">
            <button type="submit" className="btn btn--primary">
              Turn on automatic payments
            </button>
            <a className="btn btn--secondary" href={PATH}>
              Cancel
            </a>
          </div>
        </form>
      ) : status.enrolled ? (
        <>
          <p>{`Automatic payments are on, from your ${status.method}.`}</p>
          <p>{status.nextDraft}</p>
          {v.acceptedTerms && <Terms heading="The terms you accepted" text={v.acceptedTerms} />}
          <p>You can print this page for your records; a copy was also emailed to you.</p>
          {status.mayChange ? (
            <>
              {v.methods.length > 1 && <ChooseMethod methods={v.methods.filter((m) => m.id !== status.methodId)} label="Pay from another saved method" />}
              <form method="post" action={PATH}>
                <input type="hidden" name="intent" value="stop" />
                <button type="submit" className="btn btn--secondary">
                  Stop automatic payments
                </button>
              </form>
            </>
          ) : (
            <p role="note">{CHANGE_TOO_LATE}</p>
          )}
        </>
      ) : v.methods.length === 0 ? (
        <p>
          {"Automatic payments use a saved card or bank account. Save one first: tick 'Save this card for later' or 'Save this account for later' when you "}
          <a href={pathOf('MakePayment')}>make a payment</a>.
        </p>
      ) : (
        <>
          <p>
            Pay each amount due on its due date automatically, from a saved card or bank account. You can stop at any time up to 3 business days before a draft.
          </p>
          <ChooseMethod methods={v.methods} label="Pay from" />
        </>
      )}
      <p>
        <a href={pathOf('PolicyOverview')}>Back to the policy</a>
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
    status: await autopayStatus(c.env, policy, now),
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
  const doneText =
    done === 'on' ? 'Automatic payments are on. A copy of the terms was emailed to you.' : done === 'off' ? 'Automatic payments are stopped.' : null
  if (session.kind === 'direct' && session.profileId && SAVED_METHOD_ID.test(chosen)) {
    const method = (await savedMethodsOf(c.env, session.profileId)).find((m) => m.id === chosen)
    const terms = method ? await termsFor(c.env, policy, session.profileId, method.id) : null
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
  const terms = method ? await termsFor(c.env, policy, session.profileId, method.id) : null
  return show(c, { problem: answer.message, offer: method && terms ? { method, ...terms } : null }, answer.conflict ? 409 : 400)
})
