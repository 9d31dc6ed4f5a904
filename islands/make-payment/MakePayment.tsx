import { useMemo, useState } from 'react'
import { useSnapshot } from 'valtio'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import { completeAuthorization } from '../../shared/payments/authorization'
import { cardDigits, lastFour } from '../../shared/payments/card'
import { parseDollars } from '../../shared/payments/money'
import {
  chosenOf,
  createPaymentStore,
  paymentContext,
  setAuthorizeDebit,
  setChoice,
  setField,
  setType,
  tryAnotherMethod,
  type TextField as TextFieldName,
} from './store'
import { PaymentRefused } from './PaymentRefused'
import { ConfirmToSave, SavedMethodChoice, SaveMethodOption } from './SavedMethods'
import { TextField } from './fields'
import { PaymentTabs } from './PaymentTabs'
import { CardFields } from './CardFields'
import { CheckFields } from './CheckFields'
import { BillingDetails } from './BillingDetails'
import { BankAuthorization } from './BankAuthorization'
import { PaymentNotice } from './PaymentNotice'
import { useFieldFocus } from './use-field-focus'
import { usePaymentSubmit } from './use-payment-submit'
import { useTypedBeforeHydration } from './use-typed-before-hydration'
import { amountHint, messagesIn } from './texts'
import { amountRule } from '../../shared/payments/amount'

/**
 * Make a Payment (spec 001 "Make a Payment page", sections 4, 5 and 9): the amount, the credit card
 * and check tabs, the billing details and, without an email on file, the email. Validation is lazy
 * (from the first Submit; the focus goes to the first field in error); a bank payment shows the NACHA
 * WEB authorization with its checkbox. Submit sends the spec's payload once per attempt (the same
 * Idempotency-Key for a retry of the same payment) with a spinner; 200 and 202 open the system-message
 * page, except a refusal, said here with 'Try another card' and the card typed kept (decision 222); a 503 from our store failing shows the server's message and keeps everything typed; anything
 * else keeps what was typed except the card number and CVV and says what happened.
 */
export function MakePayment(props: MakePaymentProps) {
  const ctx = useMemo(() => paymentContext(props), [props])
  const [store] = useState(() => createPaymentStore(props))
  const snap = useSnapshot(store, { sync: true })
  const { focusFirst, onType } = useFieldFocus(store, ctx)
  useTypedBeforeHydration(store, ctx)

  const t = props.texts
  const values = snap.values
  const errors = messagesIn(snap.errors, props.messages)
  const chosen = chosenOf(snap)
  const typedLast4 = cardDigits(values.accountNumber).length >= 4 ? lastFour(values.accountNumber) : ''
  const authorizationText = completeAuthorization(
    { template: t.authTemplate, amountUnknown: t.authAmountUnknown, account: t.authAccount, accountUnknown: t.authAccountUnknown },
    parseDollars(values.amount),
    chosen ? chosen.last4 : typedLast4,
  )
  const { onSubmit, noticeRef } = usePaymentSubmit({ props, store, ctx, authorizationText, focusFirst })
  const onPick = (field: TextFieldName) => (v: string) => setField(store, ctx, field, v)
  const fieldProps = { values, errors, onType, onPick, t }

  if (snap.refused) {
    const method = snap.refused.method
    const tryAgain = () => {
      tryAnotherMethod(store)
      focusFirst(method === 'card' ? 'cardNumber' : 'routingNumber')
    }
    return <PaymentRefused text={snap.refused.text} method={method} onTryAgain={tryAgain} returnUrl={props.cancelUrl} supportPhone={props.supportPhone} t={t} />
  }

  return (
    <section className="payment" aria-labelledby="payment-heading">
      <h1 id="payment-heading">{t.heading}</h1>
      <p className="payment__policy">{t.policy}</p>
      <p className="payment__required-note">{t.requiredNote}</p>
      <form method="post" action={props.formAction} noValidate onSubmit={onSubmit} aria-busy={snap.submitting || undefined}>
        <input type="hidden" name="type" value={values.type} />
        <div className="card payment__section">
          <TextField
            field="amount"
            label={t.amountLabel}
            prefix="$"
            className="payment__amount"
            value={values.amount}
            error={errors.amount}
            onValue={onType('amount')}
            hint={amountHint(t, amountRule(ctx), props.amountReadOnly)}
            input={{ inputMode: 'decimal', autoComplete: 'off', readOnly: props.amountReadOnly, 'aria-readonly': props.amountReadOnly || undefined }}
          />
        </div>

        <div className="card payment__section">
          <h2 className="payment__subheading">{t.methodHeading}</h2>
          {snap.saved.length > 0 && <SavedMethodChoice methods={snap.saved} choice={snap.choice} onChoose={(id) => setChoice(store, ctx, id)} t={t} />}
          {!chosen && (
            <PaymentTabs
              selected={values.type}
              onSelect={(t) => setType(store, ctx, t)}
              panels={{ creditCard: <CardFields {...fieldProps} today={props.today} />, check: <CheckFields {...fieldProps} /> }}
              t={t}
            />
          )}
        </div>

        {!chosen && <BillingDetails {...fieldProps} emailOnFile={props.emailOnFile} />}

        {!chosen && props.canSave && (
          <SaveMethodOption
            kind={values.type === 'creditCard' ? 'card' : 'bank'}
            t={t}
            save={snap.save}
            nickname={snap.nickname}
            onSave={(v) => {
              store.save = v
            }}
            onNickname={(v) => {
              store.nickname = v
            }}
          />
        )}

        {!chosen && props.confirmToSaveUrl && <ConfirmToSave kind={values.type === 'creditCard' ? 'card' : 'bank'} href={props.confirmToSaveUrl} t={t} />}

        {(chosen ? chosen.kind === 'bank' : values.type === 'check') && (
          <BankAuthorization
            text={authorizationText}
            checked={values.authorizeDebit}
            error={errors.authorizeDebit}
            onChange={(checked) => setAuthorizeDebit(store, ctx, checked)}
            t={t}
          />
        )}

        <PaymentNotice notice={snap.notice} supportPhone={props.supportPhone} noticeRef={noticeRef} />
        <div className="actions">
          <button type="submit" className="btn btn--primary" aria-disabled={snap.submitting || undefined}>
            {t.submit}
          </button>
          <a className="btn btn--secondary" href={props.cancelUrl}>
            {t.cancel}
          </a>
        </div>
      </form>

      <div className="visually-hidden" role="status" aria-live="polite">
        {snap.submitting ? t.processing : ''}
      </div>
      {snap.submitting && (
        <div className="payment-spinner" data-testid="payment-spinner" aria-hidden="true">
          <div className="payment-spinner__wheel" />
        </div>
      )}
    </section>
  )
}
