import { PAYMENT_FIELD_MAX } from '../../shared/payments/schemas/payment'
import { US_STATES } from '../../shared/us-states'
import type { FieldSectionProps } from './field-handlers'
import { SelectField, TextField } from './fields'

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }))

/** The billing details card: name, address, city, state, zip and, without an email on file, the email. */
export function BillingDetails({ values, errors, onType, onPick, emailOnFile, t }: FieldSectionProps & { emailOnFile: boolean }) {
  return (
    <div className="card payment__section">
      <h2 className="payment__subheading">{t.billingHeading}</h2>
      <TextField
        field="billingName"
        label={t.billingName}
        value={values.billingName}
        error={errors.billingName}
        onValue={onType('billingName')}
        input={{ autoComplete: values.type === 'creditCard' ? 'cc-name' : 'name', maxLength: PAYMENT_FIELD_MAX.billingName }}
      />
      <TextField
        field="billingAddress"
        label={t.billingAddress}
        value={values.billingAddress}
        error={errors.billingAddress}
        onValue={onType('billingAddress')}
        input={{ autoComplete: 'address-line1', maxLength: PAYMENT_FIELD_MAX.billingAddress }}
      />
      <div className="payment__row">
        <TextField
          field="billingCity"
          label={t.billingCity}
          value={values.billingCity}
          error={errors.billingCity}
          onValue={onType('billingCity')}
          input={{ autoComplete: 'address-level2', maxLength: PAYMENT_FIELD_MAX.billingCity }}
        />
        <SelectField
          field="billingState"
          label={t.billingState}
          value={values.billingState}
          error={errors.billingState}
          onValue={onPick('billingState')}
          placeholder={t.selectState}
          options={STATE_OPTIONS}
          autoComplete="address-level1"
        />
        <TextField
          field="billingZip"
          label={t.billingZip}
          className="payment__short"
          value={values.billingZip}
          error={errors.billingZip}
          onValue={onType('billingZip')}
          input={{ inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 }}
        />
      </div>
      {!emailOnFile && (
        <TextField
          field="email"
          label={t.email}
          value={values.email}
          error={errors.email}
          onValue={onType('email')}
          hint={t.emailHint}
          input={{ type: 'email', autoComplete: 'email', maxLength: PAYMENT_FIELD_MAX.email, spellCheck: false }}
        />
      )}
    </div>
  )
}
