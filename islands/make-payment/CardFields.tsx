import { useMemo } from 'react'
import { CARD_TYPE_NAMES, cardDigits, cardTypeOf, cvvLength } from '../../shared/payments/card'
import { EXPIRY_MONTHS, expiryYears } from '../../shared/payments/expiry'
import type { FieldSectionProps } from './field-handlers'
import { SelectField, TextField } from './fields'
import { cvvHint } from './texts'

const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))

/** The credit card tab: the card number with its type, the expiration month and year, the CVV. */
export function CardFields({ values, errors, onType, onPick, today }: FieldSectionProps & { today: string }) {
  const cardType = cardTypeOf(values.cardNumber)
  const cvvDigits = cvvLength(cardType)
  const years = useMemo(() => expiryYears(today).map((y) => ({ value: y, label: y })), [today])
  return (
    <>
      <TextField
        field="cardNumber"
        label="Credit Card Number"
        value={values.cardNumber}
        error={errors.cardNumber}
        onValue={onType('cardNumber')}
        describedByExtra="pay-card-type"
        input={{ inputMode: 'numeric', autoComplete: 'cc-number', spellCheck: false }}
      >
        <p id="pay-card-type" className="payment__card-type" aria-live="polite">
          {cardDigits(values.cardNumber).length > 0 ? `Card type: ${CARD_TYPE_NAMES[cardType]}` : ''}
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
          onValue={onPick('expMonth')}
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
          onValue={onPick('expYear')}
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
        onValue={onType('cvv')}
        hint={cvvHint(cvvDigits)}
        input={{ inputMode: 'numeric', autoComplete: 'cc-csc', spellCheck: false, maxLength: cvvDigits }}
      />
    </>
  )
}
