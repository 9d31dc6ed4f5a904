import type { FieldSectionProps } from './field-handlers'
import { TextField } from './fields'

/** The check tab: routing, check and account numbers. */
export function CheckFields({ values, errors, onType }: Omit<FieldSectionProps, 'onPick'>) {
  return (
    <>
      <TextField
        field="routingNumber"
        label="Routing Number"
        value={values.routingNumber}
        error={errors.routingNumber}
        onValue={onType('routingNumber')}
        hint="The 9 digits at the bottom left of your check."
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      />
      <TextField
        field="checkNumber"
        label="Check Number"
        className="payment__short"
        value={values.checkNumber}
        error={errors.checkNumber}
        onValue={onType('checkNumber')}
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      />
      <TextField
        field="accountNumber"
        label="Account Number"
        value={values.accountNumber}
        error={errors.accountNumber}
        onValue={onType('accountNumber')}
        hint="4 to 17 digits."
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      />
    </>
  )
}
