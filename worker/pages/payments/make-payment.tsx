import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { routeFamilyFor } from '../../../shared/policy/family'
import { makePaymentGate } from '../../../shared/payments/gate'
import { paymentOutcomeTexts } from '../../../shared/payments/texts/outcome'
import { makePaymentMessages, makePaymentTexts } from '../../../shared/payments/texts/make-payment'
import { amountRule } from '../../../shared/payments/amount'
import { requestLocale } from '../../lib/request-locale'
import { useTexts } from '../../render/locale'
import { paymentPageTexts } from './texts'
import { makePaymentPath } from '../../../shared/payments/payload'
import type { MakePaymentProps } from '../../../shared/payments/schemas/payment-props'
import { localDate } from '../../../shared/clock'
import { findProfile } from '../../db/identity/profiles'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { Island } from '../../render/island'
import { AddressLines } from '../policy/parts'
import { NeedsScriptNotice, PaymentScreen } from './payment-screen'
import { telHref } from '../../render/tel-links'
import type { PendingPayment } from '../../../shared/payments/pending'
import { keptPayment } from '../../services/payments/payment-kept'
import { portalNow } from '../../lib/clock'
import { savedMethodsOf } from '../../services/payments/saved-methods'
import { savedMethodProblem } from '../../../shared/payments/saved-methods'
import { definePage } from '../page'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { confirmPath } from '../identity/step-up-target'

/**
 * /make-payment (spec 001 "Make a Payment page"; sections 2, 4 and 6). The gates in the spec's order:
 * excess flood -> contact the agent; flood with online payments switched off and no bypass -> 'We're
 * Sorry' with the support line; nothing due -> 'No payment is due at this time.'; otherwise the
 * payment form (the make-payment island). Whether this policy may pay at all (not cancelled, not
 * previously cancelled) is the route guard's rule, not this page's.
 */
export const makePaymentPage = definePage('MakePayment')

const PATH = pathOf('MakePayment')

function ContactAgentView({ policy: p }: { policy: Policy }) {
  const o = useTexts(paymentOutcomeTexts)
  return (
    <PaymentScreen>
      <p>{o.contactAgent}</p>
      <address className="payment-gate__agent">
        <strong>{p.agentName}</strong>
        <AddressLines address={{ address1: p.agentAddress1, address2: p.agentAddress2, city: p.agentCity, state: p.agentState, zipCode: p.agentZipCode }} />
        <a href={telHref(p.agentPhone)}>{p.agentPhone}</a>
        <a href={`mailto:${p.agentEmail}`}>{p.agentEmail}</a>
      </address>
    </PaymentScreen>
  )
}

function PaymentsNotSupportedView({ supportPhone }: { supportPhone: string }) {
  const o = useTexts(paymentOutcomeTexts)
  const t = useTexts(paymentPageTexts)
  return (
    <PaymentScreen>
      <h2>{o.sorry}</h2>
      <p>{o.notSupported}</p>
      <p>{o.callSupport}</p>
      <p>
        <a className="btn btn--primary payment-gate__call" href={telHref(supportPhone)}>
          {t.call(supportPhone)}
        </a>
      </p>
    </PaymentScreen>
  )
}

function NothingDueView() {
  const o = useTexts(paymentOutcomeTexts)
  return (
    <PaymentScreen>
      <p role="status">{o.nothingDue}</p>
    </PaymentScreen>
  )
}

/**
 * A payment on the policy is still being processed (decision 171): the form stays closed, so it is not
 * paid twice, and says why, with the reference to quote.
 */
function PaymentPendingView({ pending, supportPhone }: { pending: PendingPayment; supportPhone: string }) {
  const o = useTexts(paymentOutcomeTexts)
  const t = useTexts(paymentPageTexts)
  return (
    <PaymentScreen>
      <p role="status" className="payment-gate__pending">
        {o.formClosed(pending)}
      </p>
      <p>
        {t.questionsCall} <a href={telHref(supportPhone)}>{supportPhone}</a>.
      </p>
    </PaymentScreen>
  )
}

/** Whether an email is on file for the policy, or for the session (a direct login's profile). */
async function emailOnFile(c: Context<AppEnv>, policy: Policy): Promise<boolean> {
  if (policy.email.trim()) return true
  const session = c.get('session')
  if (session?.kind !== 'direct' || !session.profileId) return false
  const profile = await findProfile(c.env.DB, session.profileId)
  return Boolean(profile?.email_address.trim())
}

/** The island's props: public display data only (amounts in cents, flags, addresses). */
async function makePaymentProps(c: Context<AppEnv>, p: Policy, amountReadOnly: boolean): Promise<MakePaymentProps> {
  const family = routeFamilyFor(p.policyID, 'MakePayment') ?? 'homeowners'
  // 'Try another card or account' (decision 171); a read-only amount is the server's, never an older one.
  const kept = c.req.query('kept') === '1' ? await keptPayment(c, p.policyID) : undefined
  const today = localDate(await portalNow(c.env), p.state)
  const session = c.get('session')
  const profileId = session?.kind === 'direct' ? session.profileId : null
  // Issue 22: the profile's saved methods that can pay this policy today, first; never a token.
  const read = c.get('sessionReads').savedMethods
  const saved = profileId ? (await savedMethodsOf(c.env, profileId, read)).filter((m) => !savedMethodProblem(m, p.isFlood, today)) : []
  // Saving a method needs a recent sign-in or step-up (decision 202); paying never waits for it.
  const stale = Boolean(profileId && session && stepUpRequired(session))
  const locale = requestLocale(c)
  const facts = {
    rule: amountRule({ isFlood: p.isFlood, totalDueCents: p.totalDue, pastDueCents: p.pastDue }),
    amountReadOnly,
    isFlood: p.isFlood,
    policyId: p.policyID,
    supportPhone: c.env.SUPPORT_PHONE,
    today,
  }
  const messages = makePaymentMessages(locale, facts)
  return {
    ...(saved.length ? { savedMethods: JSON.stringify(saved) } : {}),
    canSave: Boolean(profileId) && !stale,
    ...(stale ? { confirmToSaveUrl: confirmPath('make-payment') } : {}),
    ...(kept ? { kept: JSON.stringify(amountReadOnly ? { ...kept, amount: undefined } : kept) } : {}),
    policyId: p.policyID,
    family,
    isFlood: p.isFlood,
    totalDueCents: p.totalDue,
    pastDueCents: p.pastDue,
    dueCents: p.amountDue + p.pastDue,
    amountReadOnly,
    emailOnFile: await emailOnFile(c, p),
    supportPhone: c.env.SUPPORT_PHONE,
    today,
    postUrl: makePaymentPath(family, p.policyID),
    formAction: PATH,
    cancelUrl: pathOf('PolicyOverview'),
    systemMessageUrl: pathOf('SystemMessage'),
    logUrl: '/v1/common/Log',
    texts: makePaymentTexts(locale, facts),
    ...(messages ? { messages } : {}),
  }
}

makePaymentPage.get('/', async (c) => {
  const { policy } = policyContext(c)
  const gate = makePaymentGate(policy)
  const pending = c.get('pendingPayment') ?? null
  if (pending && gate.kind === 'form') return renderPage(c, <PaymentPendingView pending={pending} supportPhone={c.env.SUPPORT_PHONE} />)
  switch (gate.kind) {
    case 'contact-agent':
      return renderPage(c, <ContactAgentView policy={policy} />)
    case 'payments-not-supported':
      return renderPage(c, <PaymentsNotSupportedView supportPhone={c.env.SUPPORT_PHONE} />)
    case 'nothing-due':
      return renderPage(c, <NothingDueView />)
    case 'form':
      return renderPage(
        c,
        <>
          <NeedsScriptNotice phone={c.env.SUPPORT_PHONE} />
          {/* Without script the form cannot pay: only the notice above shows (issue 35, static/css/no-script.css). */}
          <div className="needs-script">
            <Island name="make-payment" hydrate="load" props={await makePaymentProps(c, policy, gate.amountReadOnly)} />
          </div>
          {c.get('session')?.kind === 'direct' && (
            <p className="payment__autopay-link">
              <a href={pathOf('AutoPay')}>{paymentPageTexts[requestLocale(c)].autopayLink}</a>
            </p>
          )}
        </>,
      )
  }
})
