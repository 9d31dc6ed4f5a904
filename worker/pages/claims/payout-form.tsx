import { pathOf } from '../../../shared/routes'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { US_STATES } from '../../../shared/us-states'
import { payoutChoiceWords, type PayoutChoice } from '../../../shared/claims/payout/payout-choice'
import { payoutTexts } from '../../../shared/claims/texts/payout'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale } from '../../render/locale'
import { Field } from '../../render/form'
import { Confirmation } from '../../render/confirmation'

/**
 * The claim page's 'How you get paid' (issue 33 item 1, decision 210): a plain form that works without
 * script. Both ways are on the page; the radio says which one counts, and only its fields are read. The
 * account number is never written back into the page, even after a refusal.
 */
export interface PayoutFormState {
  errors: FieldErrors
  /** What was typed (never the account number), or the defaults. */
  values: Record<string, string>
  /** A refusal that belongs to no one field (the bank, the limit, the processor). */
  error: string | null
  saved: boolean
}

export const PAYOUT_FORM = 'claim-payout'
export const PAYOUT_FIELDS = ['method', 'routingNumber', 'accountNumber', 'accountHolder', 'payee', 'address1', 'address2', 'city', 'state', 'zipCode'] as const

const payoutAction = (claimNumber: string) => `${pathOf('ClaimPayout')}?claim=${encodeURIComponent(claimNumber)}`

export function PayoutSection({
  claimNumber,
  token,
  current,
  state,
  open,
}: {
  claimNumber: string
  token: string
  current: PayoutChoice | null
  state: PayoutFormState
  /** A closed claim shows the choice, without the form. */
  open: boolean
}) {
  const locale = useLocale()
  const T = payoutTexts[locale]
  const v = state.values
  const method = v.method === 'check' ? 'check' : 'deposit'
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field name={name} label={label} errors={state.errors} firstError={undefined} defaultValue={v[name] ?? ''} {...extra} />
  )
  return (
    <section id="payout" className="claim-page__payout" aria-labelledby="payout-heading">
      <h2 id="payout-heading">{T.heading}</h2>
      {state.saved && <Confirmation>{T.saved}</Confirmation>}
      <p className="claim-page__payout-current">{current ? payoutChoiceWords(current, T) : T.notChosen}</p>
      {state.error && (
        <p className="alert alert--error" role="alert">
          {messageIn(locale, state.error)}
        </p>
      )}
      {open && (
        <form method="post" action={payoutAction(claimNumber)} className="form" aria-labelledby="payout-heading" noValidate>
          <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
          <p>{T.intro}</p>
          <fieldset className={state.errors.method ? 'field field--error' : 'field'}>
            <legend>{T.howPay}</legend>
            <div className="choice">
              <input type="radio" id="f-method-deposit" name="method" value="deposit" defaultChecked={method === 'deposit'} />
              <label htmlFor="f-method-deposit">{T.deposit}</label>
            </div>
            <div className="choice">
              <input type="radio" id="f-method-check" name="method" value="check" defaultChecked={method === 'check'} />
              <label htmlFor="f-method-check">{T.check}</label>
            </div>
            {state.errors.method && <p className="field__error">{messageIn(locale, state.errors.method)}</p>}
          </fieldset>
          <fieldset>
            <legend>{T.deposit}</legend>
            {field('routingNumber', T.routing, { inputMode: 'numeric', autoComplete: 'off', maxLength: 40 })}
            {field('accountNumber', T.account, { inputMode: 'numeric', autoComplete: 'off', maxLength: 40, defaultValue: '' })}
            {field('accountHolder', T.holder, { autoComplete: 'name', maxLength: 80 })}
          </fieldset>
          <fieldset>
            <legend>{T.check}</legend>
            {field('payee', T.payee, { autoComplete: 'name', maxLength: 80 })}
            {field('address1', T.address1, { autoComplete: 'address-line1', maxLength: 100 })}
            {field('address2', T.address2, { autoComplete: 'address-line2', maxLength: 100 })}
            {field('city', T.city, { autoComplete: 'address-level2', maxLength: 60 })}
            <div className={state.errors.state ? 'field field--error' : 'field'}>
              <label htmlFor="f-state">{T.state}</label>
              <select id="f-state" name="state" defaultValue={v.state ?? ''} aria-invalid={state.errors.state ? true : undefined}>
                <option value="">{T.choose}</option>
                {US_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </select>
              {state.errors.state && <p className="field__error">{messageIn(locale, state.errors.state)}</p>}
            </div>
            {field('zipCode', T.zipCode, { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 })}
          </fieldset>
          <button type="submit" className="btn btn--primary">
            {T.submit}
          </button>
        </form>
      )}
    </section>
  )
}
