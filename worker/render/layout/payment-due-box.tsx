import type { Policy } from '../../../shared/policy/schemas/policy'
import type { PaymentDue } from '../../../shared/payments/payment-due'
import { paymentDueWithDrafts } from '../../../shared/payments/payment-due-drafts'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import { dueTextIn, dueWordsIn, paymentDueTexts } from '../../../shared/payments/texts/payment-due'
import { paymentOutcomeTexts } from '../../../shared/payments/texts/outcome'
import { useLocale } from '../locale'
import { pathOf } from '../../../shared/routes'
import type { ReactNode } from 'react'
import { PhoneLink, WithTelLinks } from '../tel-links'
import { paymentReference, type PendingPayment } from '../../../shared/payments/pending'
import type { AutopayFacts } from '../../../shared/payments/autopay'
import { makePaymentGate } from '../../../shared/payments/gate'

export type Tone = 'brand' | 'success' | 'info' | 'warning' | 'danger'

/**
 * How each state of the box looks (decision 151): an amount due is the page's primary action (brand, or
 * warning when part of it is past due); a billing message or 'contact your agent' is a warning; a
 * cancelled policy is danger; a recent payment or nothing due is success.
 */
export function paymentDueTone(due: PaymentDue, pastDue: number): Tone {
  switch (due.kind) {
    case 'contact':
      return due.text === 'Cancelled Policy' ? 'danger' : 'warning'
    case 'message':
    case 'processing':
      return 'warning'
    case 'paid':
    case 'recent':
      return 'success'
    case 'due':
      return pastDue > 0 ? 'warning' : 'brand'
  }
}

/**
 * Who to call when the box sends the person elsewhere (issue 21 item 1): a cancelled policy says since
 * when and gives the claims line for a loss from before it, then the agent; 'contact your agent' names
 * the agent with their number.
 */
function ContactNextSteps({ due, policy, claimsPhone }: { due: PaymentDue; policy: Policy; claimsPhone: string }): ReactNode {
  const t = paymentDueTexts[useLocale()]
  if (due.kind !== 'contact') return null
  const agent = policy.agentPhone.trim() ? (
    <p className="payment-due__next">
      {t.callAgent(policy.agentName)} <PhoneLink phone={policy.agentPhone.trim()} />
    </p>
  ) : null
  if (due.text !== 'Cancelled Policy') return agent
  return (
    <>
      <p className="payment-due__next">
        {t.cancelledSince(policy.cancellationDate)} {t.cancelledPriorLoss} <PhoneLink phone={claimsPhone} />
      </p>
      {agent}
    </>
  )
}

/**
 * An amount due that cannot be paid online (decision 222: the gate of Make a Payment says so): how to pay
 * it instead, the agent (excess flood) or the support line (online flood payments switched off).
 */
function OfflineNextSteps({ due, policy, supportPhone }: { due: PaymentDue; policy: Policy; supportPhone: string }): ReactNode {
  const locale = useLocale()
  const o = paymentOutcomeTexts[locale]
  if (due.kind !== 'due' || due.canPay) return null
  const gate = makePaymentGate(policy)
  if (gate.kind === 'payments-not-supported') {
    return (
      <p className="payment-due__next">
        {o.notSupported} {o.callSupport} <PhoneLink phone={supportPhone} />
      </p>
    )
  }
  if (gate.kind !== 'contact-agent') return null
  return (
    <p className="payment-due__next">
      {o.contactAgent.replace(/:$/, '.')}
      {policy.agentPhone.trim() && (
        <>
          {' '}
          {paymentDueTexts[locale].callAgent(policy.agentName)} <PhoneLink phone={policy.agentPhone.trim()} />
        </>
      )}
    </p>
  )
}

/**
 * The payment-due box slot; what it says is decided by shared/policy/payment-due.ts. For a policy enrolled
 * in automatic payments (issue 22) the 'Next EFT Draft' line comes from the enrolment, not from the
 * policy's own flag; a declined automatic draft is said, with the way to pay now.
 */
export function PaymentDueBox({
  policy,
  pending,
  claimsPhone,
  supportPhone,
  autopay = null,
}: {
  policy: Policy
  pending: PendingPayment | null
  claimsPhone: string
  supportPhone: string
  autopay?: AutopayFacts | null
}) {
  const locale = useLocale()
  const { due, eftNote, declined } = paymentDueWithDrafts(policy, pending, autopay, dueWordsIn(locale))
  const tone = declined ? 'warning' : paymentDueTone(due, policy.pastDue)
  return (
    <PaymentDueView
      due={due}
      tone={tone}
      eftNote={eftNote}
      pastDue={due.kind === 'due' && policy.pastDue > 0 ? paymentDueTexts[locale].pastDue(formatUsdIn(locale, policy.pastDue)) : null}
      next={
        due.kind === 'due' ? (
          <OfflineNextSteps due={due} policy={policy} supportPhone={supportPhone} />
        ) : (
          <ContactNextSteps due={due} policy={policy} claimsPhone={claimsPhone} />
        )
      }
    />
  )
}

/** `eftNote`: on automatic draft, that nothing needs to be done or, after a payment, whether the draft still runs (decision 171); `next`: who to call instead. */
export function PaymentDueView({
  due,
  tone,
  eftNote = null,
  pastDue = null,
  next = null,
}: {
  due: PaymentDue
  tone: Tone
  eftNote?: string | null
  pastDue?: string | null
  next?: ReactNode
}) {
  const toneClass = tone === 'brand' ? '' : ` tone--${tone}`
  const locale = useLocale()
  const t = paymentDueTexts[locale]
  return (
    <aside className={`payment-due payment-due--${due.kind}${toneClass}`} aria-label={t.boxLabel}>
      {tone !== 'brand' && <span className="status-icon payment-due__icon" aria-hidden="true" />}
      {due.kind === 'due' ? (
        <>
          <div className="payment-due__text">
            <p className="payment-due__label">{t.amountDue}</p>
            <p className="payment-due__amount">{formatUsdIn(locale, due.amount)}</p>
            <p className="payment-due__date">
              {due.dateLabel === 'By:' ? t.by : t.nextDraft} <span className="date">{formatDateIn(locale, due.date)}</span>
            </p>
            {pastDue && <p className="payment-due__past">{pastDue}</p>}
            {eftNote && <p className="payment-due__eft">{eftNote}</p>}
            {next}
          </div>
          {/* On automatic draft paying early is allowed, not asked for: not the page's primary action (decision 222). */}
          {due.canPay && (
            <a className={due.drafts ? 'btn btn--secondary' : 'btn btn--primary'} href={pathOf('MakePayment')}>
              {t.makePayment}
            </a>
          )}
        </>
      ) : due.kind === 'processing' ? (
        <p className="payment-due__text">
          {paymentOutcomeTexts[locale].processing(due.amount)}{' '}
          <span className="payment-due__reference">
            {t.reference} <strong className="reference">{paymentReference(due.paymentId)}</strong>
          </span>
        </p>
      ) : due.kind === 'recent' ? (
        <div className="payment-due__text">
          <p>
            {dueTextIn(locale, due)} <span className="money">{formatUsdIn(locale, due.amount)}</span>
          </p>
          {eftNote && <p className="payment-due__eft">{eftNote}</p>}
        </div>
      ) : (
        <div className="payment-due__text">
          <p>
            <WithTelLinks text={dueTextIn(locale, due)} />
          </p>
          {next}
        </div>
      )}
    </aside>
  )
}
