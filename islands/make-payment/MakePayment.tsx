import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import type { MakePaymentProps } from '../../shared/schemas/payment-props'
import { firstPaymentError, PAYMENT_FIELD_MAX, type PaymentField, type PaymentType } from '../../shared/schemas/payment'
import { amountRule } from '../../shared/payments/amount'
import { bankAuthorizationText } from '../../shared/payments/authorization'
import { CARD_TYPE_NAMES, cardDigits, cardTypeOf, cvvLength, lastFour } from '../../shared/payments/card'
import { EXPIRY_MONTHS, expiryYears } from '../../shared/payments/expiry'
import { MAKE_PAYMENT_TEXT } from '../../shared/payments/messages'
import { parseDollars } from '../../shared/payments/money'
import { buildPaymentPayload } from '../../shared/payments/payload'
import { US_STATES } from '../../shared/us-states'
import {
  attemptSubmit,
  createPaymentStore,
  forgetCardSecrets,
  paymentContext,
  setAuthorizeDebit,
  setField,
  setType,
  type TextField as TextFieldName,
} from './store'
import { logToServer, submitPayment, UNEXPECTED_RESPONSE } from './submit'
import { goTo } from '../ui/navigate'
import { caretAfter, meaningfulBefore } from './caret'
import { fieldId, SelectField, TextField } from './fields'
import { PaymentTabs } from './PaymentTabs'
import { BankAuthorization } from './BankAuthorization'
import { amountHint, CANCEL_LABEL, cvvHint, networkNotice, PROCESSING, REQUIRED_NOTE, SUBMIT_LABEL, unexpectedNotice } from './texts'

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }))
const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))

/** The text with the support number as a tap-to-call link that does not break across lines. */
function WithPhoneLink({ text, phone }: { text: string; phone: string }) {
  const parts = text.split(phone)
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered
        <span key={i}>
          {part}
          {i < parts.length - 1 && (
            <a className="payment__phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </a>
          )}
        </span>
      ))}
    </>
  )
}

/**
 * Make a Payment (spec 001 "Make a Payment page", sections 4, 5 and 9): the amount, the credit card
 * and check tabs, the billing details and, without an email on file, the email. Validation is lazy
 * (from the first Submit; the focus goes to the first field in error); a bank payment shows the NACHA
 * WEB authorization with its checkbox. Submit sends the spec's payload once per attempt (the same
 * Idempotency-Key for a retry of the same payment) with a spinner; 200 and 202 open the system-message
 * page; a 503 from our store failing shows the server's message and keeps everything typed; anything
 * else keeps what was typed except the card number and CVV and says what happened.
 */
export function MakePayment(props: MakePaymentProps) {
  const ctx = useMemo(() => paymentContext(props), [props])
  const [store] = useState(() => createPaymentStore(props))
  const snap = useSnapshot(store, { sync: true })
  const [focusRequest, setFocusRequest] = useState(0)
  const pendingFocus = useRef<PaymentField | null>(null)
  const caret = useRef<{ el: HTMLInputElement; at: number } | null>(null)
  const noticeRef = useRef<HTMLDivElement>(null)

  const rule = amountRule(ctx)
  const values = snap.values
  const errors = snap.errors
  const cardType = cardTypeOf(values.cardNumber)
  const cvvDigits = cvvLength(cardType)
  const years = useMemo(() => expiryYears(props.today).map((y) => ({ value: y, label: y })), [props.today])
  const authorizationText = bankAuthorizationText({
    amountCents: parseDollars(values.amount),
    date: props.today,
    accountLast4: cardDigits(values.accountNumber).length >= 4 ? lastFour(values.accountNumber) : '',
    policyId: props.policyId,
    supportPhone: props.supportPhone,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: focusRequest is the trigger; the field to focus waits in a ref
  useEffect(() => {
    const field = pendingFocus.current
    if (!field) return
    pendingFocus.current = null
    document.getElementById(fieldId(field))?.focus()
  }, [focusRequest])

  // A mask that added or removed spaces puts the caret back after the same digits.
  useLayoutEffect(() => {
    const c = caret.current
    if (!c) return
    caret.current = null
    if (document.activeElement === c.el) c.el.setSelectionRange(c.at, c.at)
  })

  const focusFirst = (field: PaymentField | undefined) => {
    pendingFocus.current = field ?? null
    setFocusRequest((n) => n + 1)
  }

  const type = (field: TextFieldName) => (value: string, e?: { target: HTMLInputElement }) => {
    const el = e?.target
    const before = el && el.selectionStart !== null ? meaningfulBefore(value, el.selectionStart) : null
    setField(store, ctx, field, value)
    if (el && before !== null) caret.current = { el, at: caretAfter(store.values[field], before) }
  }

  const showNotice = (kind: 'info' | 'error', text: string) => {
    store.notice = { kind, text }
    requestAnimationFrame(() => noticeRef.current?.focus())
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (store.submitting) return
    store.notice = null
    if (props.totalDueCents <= 0) return showNotice('info', MAKE_PAYMENT_TEXT.paidInFull)
    const result = attemptSubmit(store, ctx)
    if (!result.ok) return focusFirst(firstPaymentError(result.errors, store.values.type, props.emailOnFile))

    const payload = buildPaymentPayload(result.values, { policyId: props.policyId, emailOnFile: props.emailOnFile, authorizationText })
    const card = payload.type === 'creditCard'
    store.submitting = true
    let leaving = false
    try {
      const answer = await submitPayment(props.postUrl, payload, store)
      switch (answer.kind) {
        case 'success':
        case 'failure':
          // The server put the text on the system-message page (a success for 200, an error for 202).
          leaving = true
          goTo(props.systemMessageUrl)
          break
        case 'invalid':
          store.attempted = true
          store.errors = answer.errors
          focusFirst(firstPaymentError(answer.errors, store.values.type, props.emailOnFile))
          break
        case 'unavailable':
          // Our store failed: everything stays as typed (the card too) for the retry the message asks
          // for, which sends the same Idempotency-Key and so pays at most once.
          console.error(`[make-payment] ${UNEXPECTED_RESPONSE}`, 503)
          void logToServer(props.logUrl, `${UNEXPECTED_RESPONSE} 503`, 'submitPayment')
          showNotice('error', answer.message)
          break
        case 'paused':
          // Too many payments not accepted (issue 20 item 2): nothing was sent to the processor.
          if (card) forgetCardSecrets(store)
          showNotice('error', answer.message)
          break
        case 'unexpected':
          console.error(`[make-payment] ${UNEXPECTED_RESPONSE}`, answer.status)
          void logToServer(props.logUrl, `${UNEXPECTED_RESPONSE} ${answer.status}`, 'submitPayment')
          if (card) forgetCardSecrets(store)
          showNotice('error', unexpectedNotice(props.supportPhone, card))
          break
      }
    } catch (err) {
      // A network error or the 30 s timeout: whether it was paid is unknown; the same key retries it.
      console.error('[make-payment] the payment post failed', err instanceof Error ? err.name : 'error')
      void logToServer(props.logUrl, 'payment post failed', 'submitPayment')
      if (card) forgetCardSecrets(store)
      showNotice('error', networkNotice(props.supportPhone, card))
    } finally {
      if (!leaving) store.submitting = false
    }
  }

  const selectType = (t: PaymentType) => setType(store, ctx, t)
  const hasCardDigits = cardDigits(values.cardNumber).length > 0

  const cardPanel = (
    <>
      <TextField
        field="cardNumber"
        label="Credit Card Number"
        value={values.cardNumber}
        error={errors.cardNumber}
        onValue={type('cardNumber')}
        describedByExtra="pay-card-type"
        input={{ inputMode: 'numeric', autoComplete: 'cc-number', spellCheck: false }}
      >
        <p id="pay-card-type" className="payment__card-type" aria-live="polite">
          {hasCardDigits ? `Card type: ${CARD_TYPE_NAMES[cardType]}` : ''}
        </p>
      </TextField>
      <fieldset className="payment__expiry">
        <legend>Expiration Date *</legend>
        <SelectField
          field="expMonth"
          hiddenLabelPrefix="Expiration "
          label="Month"
          value={values.expMonth}
          error={errors.expMonth}
          onValue={(v) => setField(store, ctx, 'expMonth', v)}
          placeholder="Month"
          options={MONTH_OPTIONS}
          autoComplete="cc-exp-month"
        />
        <SelectField
          field="expYear"
          hiddenLabelPrefix="Expiration "
          label="Year"
          value={values.expYear}
          error={errors.expYear}
          onValue={(v) => setField(store, ctx, 'expYear', v)}
          placeholder="Year"
          options={years}
          autoComplete="cc-exp-year"
        />
      </fieldset>
      <TextField
        field="cvv"
        label="CVV"
        className="payment__short"
        value={values.cvv}
        error={errors.cvv}
        onValue={type('cvv')}
        hint={cvvHint(cvvDigits)}
        input={{ inputMode: 'numeric', autoComplete: 'cc-csc', spellCheck: false, maxLength: cvvDigits }}
      />
    </>
  )

  const checkPanel = (
    <>
      <TextField
        field="routingNumber"
        label="Routing Number"
        value={values.routingNumber}
        error={errors.routingNumber}
        onValue={type('routingNumber')}
        hint="The 9 digits at the bottom left of your check."
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      />
      <TextField
        field="checkNumber"
        label="Check Number"
        className="payment__short"
        value={values.checkNumber}
        error={errors.checkNumber}
        onValue={type('checkNumber')}
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      />
      <TextField
        field="accountNumber"
        label="Account Number"
        value={values.accountNumber}
        error={errors.accountNumber}
        onValue={type('accountNumber')}
        hint="4 to 17 digits."
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      />
    </>
  )

  return (
    <section className="payment" aria-labelledby="payment-heading">
      <h1 id="payment-heading">Make a Payment</h1>
      <p className="payment__policy">Policy {props.policyId}</p>
      <p className="payment__required-note">{REQUIRED_NOTE}</p>
      <form method="post" action={props.formAction} noValidate onSubmit={onSubmit} aria-busy={snap.submitting || undefined}>
        <input type="hidden" name="type" value={values.type} />
        <div className="card payment__section">
          <TextField
            field="amount"
            label="Payment Amount"
            prefix="$"
            className="payment__amount"
            value={values.amount}
            error={errors.amount}
            onValue={type('amount')}
            hint={amountHint(rule, props.amountReadOnly)}
            input={{ inputMode: 'decimal', autoComplete: 'off', readOnly: props.amountReadOnly, 'aria-readonly': props.amountReadOnly || undefined }}
          />
        </div>

        <div className="card payment__section">
          <h2 className="payment__subheading">Payment method</h2>
          <PaymentTabs selected={values.type} onSelect={selectType} panels={{ creditCard: cardPanel, check: checkPanel }} />
        </div>

        <div className="card payment__section">
          <h2 className="payment__subheading">Billing details</h2>
          <TextField
            field="billingName"
            label="Name on Account"
            value={values.billingName}
            error={errors.billingName}
            onValue={type('billingName')}
            input={{ autoComplete: values.type === 'creditCard' ? 'cc-name' : 'name', maxLength: PAYMENT_FIELD_MAX.billingName }}
          />
          <TextField
            field="billingAddress"
            label="Billing Address"
            value={values.billingAddress}
            error={errors.billingAddress}
            onValue={type('billingAddress')}
            input={{ autoComplete: 'address-line1', maxLength: PAYMENT_FIELD_MAX.billingAddress }}
          />
          <div className="payment__row">
            <TextField
              field="billingCity"
              label="Billing City"
              value={values.billingCity}
              error={errors.billingCity}
              onValue={type('billingCity')}
              input={{ autoComplete: 'address-level2', maxLength: PAYMENT_FIELD_MAX.billingCity }}
            />
            <SelectField
              field="billingState"
              label="Billing State"
              value={values.billingState}
              error={errors.billingState}
              onValue={(v) => setField(store, ctx, 'billingState', v)}
              placeholder="Select a state"
              options={STATE_OPTIONS}
              autoComplete="address-level1"
            />
            <TextField
              field="billingZip"
              label="Billing Zip Code"
              className="payment__short"
              value={values.billingZip}
              error={errors.billingZip}
              onValue={type('billingZip')}
              input={{ inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 }}
            />
          </div>
          {!props.emailOnFile && (
            <TextField
              field="email"
              label="Email"
              value={values.email}
              error={errors.email}
              onValue={type('email')}
              hint="We send your receipt here."
              input={{ type: 'email', autoComplete: 'email', maxLength: PAYMENT_FIELD_MAX.email, spellCheck: false }}
            />
          )}
        </div>

        {values.type === 'check' && (
          <BankAuthorization
            text={authorizationText}
            checked={values.authorizeDebit}
            error={errors.authorizeDebit}
            onChange={(checked) => setAuthorizeDebit(store, ctx, checked)}
          />
        )}

        {/* What the last Submit came to, beside the button (focused when it changes). */}
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="alert"
          className={snap.notice ? (snap.notice.kind === 'error' ? 'alert alert--error' : 'alert alert--info') : undefined}
        >
          {snap.notice && (
            <p>
              <WithPhoneLink text={snap.notice.text} phone={props.supportPhone} />
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" aria-disabled={snap.submitting || undefined}>
            {SUBMIT_LABEL}
          </button>
          <a className="btn btn--secondary" href={props.cancelUrl}>
            {CANCEL_LABEL}
          </a>
        </div>
      </form>

      <div className="visually-hidden" role="status" aria-live="polite">
        {snap.submitting ? PROCESSING : ''}
      </div>
      {snap.submitting && (
        <div className="payment-spinner" data-testid="payment-spinner" aria-hidden="true">
          <div className="payment-spinner__wheel" />
        </div>
      )}
    </section>
  )
}
