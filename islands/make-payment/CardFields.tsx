import { useMemo } from 'react'
import { CARD_TYPE_NAMES, cardDigits, cardTypeOf, cvvLength } from '../../shared/payments/card'
import { EXPIRY_MONTHS, expiryYears } from '../../shared/payments/expiry'
import { fill } from '../../shared/i18n/catalog'
import type { FieldSectionProps } from './field-handlers'
import { SelectField, TextField } from './fields'

const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))

/** The credit card tab: the card number with its type, the expiration month and year, the CVV. */
export function CardFields({ values, errors, onType, onPick, today, t }: FieldSectionProps & { today: string }) {
  const cardType = cardTypeOf(values.cardNumber)
  const cvvDigits = cvvLength(cardType)
  const years = useMemo(() => expiryYears(today).map((y) => ({ value: y, label: y })), [today])
  return (
    <>
      <TextField
        field="cardNumber"
        label={t.cardNumber}
        value={values.cardNumber}
        error={errors.cardNumber}
        onValue={onType('cardNumber')}
        describedByExtra="pay-card-type"
        input={{ inputMode: 'numeric', autoComplete: 'cc-number', spellCheck: false }}
      >
        <p id="pay-card-type" className="payment__card-type" aria-live="polite">
          {cardDigits(values.cardNumber).length > 0 ? fill(t.cardType, { type: CARD_TYPE_NAMES[cardType] }) : ''}
        </p>
      </TextField>
      <fieldset className="payment__expiry">
        <legend>{t.expiryLegend} *</legend>
        <SelectField
          field="expMonth"
          hiddenLabelPrefix={t.expiryPrefix}
          label={t.month}
          value={values.expMonth}
          error={errors.expMonth}
          onValue={onPick('expMonth')}
          placeholder={t.month}
          options={MONTH_OPTIONS}
          autoComplete="cc-exp-month"
        />
        <SelectField
          field="expYear"
          hiddenLabelPrefix={t.expiryPrefix}
          label={t.year}
          value={values.expYear}
          error={errors.expYear}
          onValue={onPick('expYear')}
          placeholder={t.year}
          options={years}
          autoComplete="cc-exp-year"
        />
      </fieldset>
      <TextField
        field="cvv"
        label={t.cvv}
        className="payment__short"
        value={values.cvv}
        error={errors.cvv}
        onValue={onType('cvv')}
        hint={cvvDigits === 4 ? t.cvvHint4 : t.cvvHint3}
        input={{ inputMode: 'numeric', autoComplete: 'cc-csc', spellCheck: false, maxLength: cvvDigits }}
      />
    </>
  )
}
