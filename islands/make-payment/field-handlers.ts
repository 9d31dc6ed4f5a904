import type { PaymentFieldErrors, PaymentFormValues } from '../../shared/payments/schemas/payment'
import type { TextField } from './store'
import type { Texts } from './texts'

/** What the form's sections get to show and change the fields. */
export interface FieldSectionProps {
  values: Readonly<PaymentFormValues>
  errors: Readonly<PaymentFieldErrors>
  /** A typed field (masked, its caret kept after the same digits). */
  onType: (field: TextField) => (value: string, e?: { target: HTMLInputElement }) => void
  /** A chosen option (a select). */
  onPick: (field: TextField) => (value: string) => void
  t: Texts
}
