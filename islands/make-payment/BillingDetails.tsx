import { PAYMENT_FIELD_MAX } from '../../shared/payments/schemas/payment'
import { US_STATES } from '../../shared/us-states'
import type { FieldSectionProps } from './field-handlers'
import { SelectField, TextField } from './fields'

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }))

/** The billing details card: name, address, city, state, zip and, without an email on file, the email. */
export function BillingDetails({ values, errors, onType, onPick, emailOnFile }: FieldSectionProps & { emailOnFile: boolean }) {
  return (
    <div className="card payment__section">
      <h2 className="payment__subheading">Billing details</h2>
      <TextField
        field="billingName"
        label="Name on Account"
        value={values.billingName}
        error={errors.billingName}
        onValue={onType('billingName')}
        input={{ autoComplete: values.type === 'creditCard' ? 'cc-name' : 'name', maxLength: PAYMENT_FIELD_MAX.billingName }}
      />
      <TextField
        field="billingAddress"
        label="Billing Address"
        value={values.billingAddress}
        error={errors.billingAddress}
        onValue={onType('billingAddress')}
        input={{ autoComplete: 'address-line1', maxLength: PAYMENT_FIELD_MAX.billingAddress }}
      />
      <div className="payment__row">
        <TextField
          field="billingCity"
          label="Billing City"
          value={values.billingCity}
          error={errors.billingCity}
          onValue={onType('billingCity')}
          input={{ autoComplete: 'address-level2', maxLength: PAYMENT_FIELD_MAX.billingCity }}
        />
        <SelectField
          field="billingState"
          label="Billing State"
          value={values.billingState}
          error={errors.billingState}
          onValue={onPick('billingState')}
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
          onValue={onType('billingZip')}
          input={{ inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 }}
        />
      </div>
      {!emailOnFile && (
        <TextField
          field="email"
          label="Email"
          value={values.email}
          error={errors.email}
          onValue={onType('email')}
          hint="We send your receipt here."
          input={{ type: 'email', autoComplete: 'email', maxLength: PAYMENT_FIELD_MAX.email, spellCheck: false }}
        />
      )}
    </div>
  )
}
