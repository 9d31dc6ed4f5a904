import type { FieldSectionProps } from './field-handlers'
import { TextField } from './fields'
import { ACCOUNT_MAX_DIGITS, CHECK_NUMBER_MAX, ROUTING_DIGITS, spacedInputMaxLength } from '../../shared/payments/bank'

/** The check tab: routing, check and account numbers. */
export function CheckFields({ values, errors, onType, t }: Omit<FieldSectionProps, 'onPick'>) {
  return (
    <>
      <TextField
        field="routingNumber"
        label={t.routing}
        value={values.routingNumber}
        error={errors.routingNumber}
        onValue={onType('routingNumber')}
        hint={t.routingHint}
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false, maxLength: spacedInputMaxLength(ROUTING_DIGITS) }}
      />
      <TextField
        field="checkNumber"
        label={t.checkNumber}
        className="payment__short"
        value={values.checkNumber}
        error={errors.checkNumber}
        onValue={onType('checkNumber')}
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false, maxLength: spacedInputMaxLength(CHECK_NUMBER_MAX) }}
      />
      <TextField
        field="accountNumber"
        label={t.account}
        value={values.accountNumber}
        error={errors.accountNumber}
        onValue={onType('accountNumber')}
        hint={t.accountHint}
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false, maxLength: spacedInputMaxLength(ACCOUNT_MAX_DIGITS) }}
      />
    </>
  )
}
