import type { Context } from 'hono'
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv, PolicyContext } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { route, routePermits } from '../../../shared/routes'
import { paymentPayloadSchema, type PaymentPayload } from '../../../shared/payments/schemas/payment-payload'
import { answerTextIn, paymentOutcomeTexts, paymentRefusedHtmlIn, paymentSuccessHtmlIn } from '../../../shared/payments/texts/outcome'
import { eftAfterPaymentTextIn } from '../../../shared/payments/texts/payment-due'
import type { Locale } from '../../../shared/i18n/locale'
import { requestLocale } from '../../lib/request-locale'
import { operationLocale } from '../../middleware/session'
import type { SystemMessageInput } from '../../../shared/forms/system-message'
import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { findPolicy } from '../../db/policy/policies'
import { IDEMPOTENCY_HEADER } from '../../middleware/idempotency'
import { RATE_RULES } from '../../middleware/rate-rules'
import { PROBLEM_TYPES } from '../../../shared/api/problem'
import { paymentFingerprintBody } from '../../services/payments/fingerprint'
import { defineOperation, miniJsonBody, register } from '../operation'
import { problem } from '../../render/problem'
import { PolicyIdParam, text } from '../schemas'
import { findProfile } from '../../db/identity/profiles'
import { answerKind, makePayment, paymentDeps, type PaymentAnswer } from '../../services/payments/payment'
import { clientMeta } from '../../services/request/client-meta'
import { background } from '../../lib/background'
import { portalClock } from '../../lib/clock'
import { kickDrain } from '../../services/outbox/outbox'
import { setFlash } from '../../services/request/flash'
import { forgetKeptPayment, keepPayment } from '../../services/payments/payment-kept'
import { savedMethodTexts } from '../../../shared/payments/texts/saved-methods'
import { fill } from '../../../shared/i18n/catalog'
import { storedIdempotencyKey } from '../../services/idempotency/stored-key'
import { servicingKind } from '../../services/identity/session'

/**
 * The payload's fields that may carry card data (the card number, the CVV) or are judged by their own
 * rules and stored masked (the bank fields: a check or account number is never refused for passing
 * Luhn). A card number in any other field (the billing name, say) is refused (issue 20 item 1).
 */
const PAYMENT_CARD_DATA_FIELDS = ['creditCardNumber', 'cvv', 'routingNumber', 'accountNumber', 'checkNumber'] as const

/** The money flow in a request: its clock, and its receipt delivered after the response (at once in development). */
async function requestPaymentDeps(c: Context<AppEnv>) {
  const now = await portalClock(c.env)
  return paymentDeps(c.env, { now, deliverMail: () => kickDrain(c.env, background(c), { channels: ['mail'], now: now() }) })
}

/**
 * The answer's outcome, beside the spec's status (decision 218): a caller reading only the status never
 * takes a pending payment for a paid one (202), and one that reads this header tells pending from refused.
 */
const PAYMENT_OUTCOME_HEADER = 'Payment-Outcome'
const PAYMENT_OUTCOME_HEADERS = z.object({
  [PAYMENT_OUTCOME_HEADER]: z.enum(['paid', 'pending', 'not-made', 'notice']).openapi({
    description:
      'paid (200: charged, the text names the confirmation number); pending (202: the outcome is not known yet, do not pay again: a receipt follows once it is settled); not-made (202: refused, nothing was charged); notice (202: nothing was sent to the processor: nothing due, another payment in flight, payments not offered).',
  }),
})

export const PAYMENT_NOT_ALLOWED = { errorMessage: 'Online payment is not available for this policy.' } as const

/**
 * POST MakePayment/{policyId} on both families (spec 001 section 7; docs/decisions/111, 113). In order:
 * the addressed policy (another person's, a missing one and the wrong family all answer the same
 * 404), the route table's permission (may pay), the payload's shape (400), then the money flow. The
 * idempotency layer answers repeats of an Idempotency-Key (its request hash is the payment's
 * fingerprint, never a hash of the card number); the payments table is the inner safety net.
 * 200: the text is a success; 202: the text is an error, or a payment still pending (decision 218; the
 * Payment-Outcome header says which); a browser caller also finds it on the
 * system-message page (with the receipt link). 400: `{errorMessage, errors}` by field.
 */
const payloadBody = miniJsonBody(paymentPayloadSchema, shapeErrors)

export function paymentOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const pay = defineOperation(
    {
      method: 'post',
      path: `/${family}/MakePayment/{policyId}`,
      operationId: `${family}.MakePayment`,
      tags: [family],
      summary: 'Pay by card or bank account',
      request: { params: PolicyIdParam, body: payloadBody.body },
      middleware: [payloadBody.middleware],
      responses: {
        200: { ...text('Paid: the text says so.'), headers: PAYMENT_OUTCOME_HEADERS },
        202: {
          ...text('Not paid (the reason, in words), or not known yet: still being processed, so not paid as far as anyone knows (Payment-Outcome: pending).'),
          headers: PAYMENT_OUTCOME_HEADERS,
        },
      },
    },
    {
      auth: 'session',
      policy: { family, operation: 'MakePayment', refusal: (p) => (routePermits(route('MakePayment'), p) ? null : PAYMENT_NOT_ALLOWED.errorMessage) },
      cardNumbers: { acceptedIn: PAYMENT_CARD_DATA_FIELDS },
      rate: RATE_RULES.declinedPayments,
      idempotency: { hashBody: paymentFingerprintBody },
    },
  )
  register(api, pay, (c, granted) => postPayment(c, granted, family))
}

/** Shape errors name the payload's fields, with the validator's words (never the values). */
function shapeErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(body)'
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

async function postPayment(c: Context<AppEnv>, { session, policy }: PolicyContext, family: PolicyFamily): Promise<Response> {
  const viaBrowser = c.get('authVia') === 'cookie'
  const profile = session.kind === 'direct' && session.profileId ? await findProfile(c.env.DB, session.profileId) : null
  const answer = await makePayment(
    c.env,
    {
      policy,
      family,
      payer: {
        sessionId: session.id,
        sessionKind: servicingKind(session),
        profileId: session.profileId,
        requestId: clientMeta(c).requestId,
        channel: viaBrowser ? 'island' : 'api',
        profileEmail: profile?.email_address ?? '',
        verifiedAt: session.verifiedAt,
        // A person in the browser reads the save's consent and outcome in the page's language; an API caller in English.
        locale: operationLocale(c),
      },
      idempotencyKey: await storedIdempotencyKey(c.env, c.req.header(IDEMPOTENCY_HEADER)),
      payload: c.req.valid('json' as never) as PaymentPayload,
    },
    await requestPaymentDeps(c),
  )
  c.header('Cache-Control', 'no-store')
  if ((answer.status === 200 || answer.status === 202) && !answer.final) c.set('answerNotFinal', true)
  if (answer.status === 202 && answer.notAccepted) c.set('countsAgainstLimit', true)
  if (answer.status === 400) return problem(c, 400, answer.errorMessage, { type: PROBLEM_TYPES.invalidBody, errors: answer.errors })
  if (answer.status === 422) return problem(c, 422, answer.errorMessage, { type: PROBLEM_TYPES.keyReused })
  const kind = answerKind(answer)
  c.header(PAYMENT_OUTCOME_HEADER, kind)
  if (viaBrowser) {
    await setFlash(c, await outcomeMessage(c.env, policy, answer, requestLocale(c)))
    // 'Try another card or account' (decision 171): kept after a payment not made, gone once one is accepted.
    if (kind === 'not-made') await keepPayment(c, c.req.valid('json' as never) as PaymentPayload)
    else if (kind !== 'notice') forgetKeptPayment(c)
  }
  return c.text(answer.text, answer.status)
}

/**
 * The system-message page's message for a 200 or 202 (decision 171): a payment made, with the receipt
 * link and, on automatic draft, whether the next draft still runs (read from the balances the payment
 * left); a payment still being processed, under the spec's error heading with the warning look, that
 * says not to pay again and quotes the reference; a payment not made, with 'nothing was charged' and
 * the way back to the form; the other texts as they are.
 */
async function outcomeMessage(env: Env, policy: Policy, answer: Extract<PaymentAnswer, { status: 200 | 202 }>, locale: Locale): Promise<SystemMessageInput> {
  const t = paymentOutcomeTexts[locale]
  // The answer keeps the API's English; the page says it in the person's language (issue 36).
  const said = answerTextIn(locale, answer.text, env.SUPPORT_PHONE)
  switch (answerKind(answer)) {
    case 'paid': {
      const after = policy.eftFlag ? await findPolicy(env.DB, policy.policyID) : null
      const draft = after ? eftAfterPaymentTextIn(locale, after) : null
      const s = savedMethodTexts[locale]
      const saved = answer.saved ? fill(answer.saved.ok ? s.saved : s.notSaved, { label: answer.saved.label }) : null
      const approved =
        locale === 'en' || !answer.confirmationNumber
          ? said
          : t.approved({
              amountCents: answer.amountCents ?? 0,
              policyId: policy.policyID,
              confirmationNumber: answer.confirmationNumber,
              receiptEmail: answer.receiptEmail,
            })
      const text = [approved, draft, saved].filter(Boolean).join(' ')
      return { text: paymentSuccessHtmlIn(locale, text, answer.confirmationNumber), isError: false }
    }
    case 'pending':
      return {
        text: paymentSuccessHtmlIn(
          locale,
          t.pendingOutcome({ amountCents: answer.amountCents ?? 0, policyId: policy.policyID, paymentId: answer.paymentId ?? '' }),
          null,
        ),
        isError: true,
        pending: true,
      }
    case 'not-made':
      return { text: paymentRefusedHtmlIn(locale, said), isError: true }
    case 'notice':
      return { text: paymentSuccessHtmlIn(locale, said, null), isError: answer.status === 202 }
  }
}
