import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import type { PaymentField } from '../../shared/payments/schemas/payment'

/** The element id of a field (its key is also the no-script form's input name). */
export function fieldId(field: PaymentField): string {
  return `pay-${field}`
}

export const errorId = (field: PaymentField) => `${fieldId(field)}-error`
const hintId = (field: PaymentField) => `${fieldId(field)}-hint`

function describedBy(field: PaymentField, hasHint: boolean, error: string | undefined, extra?: string): string | undefined {
  const ids = [hasHint ? hintId(field) : '', extra ?? '', error ? errorId(field) : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

export function FieldError({ field, error }: { field: PaymentField; error: string | undefined }) {
  if (!error) return null
  return (
    <p className="field__error" id={errorId(field)}>
      {error}
    </p>
  )
}

interface TextFieldProps {
  field: PaymentField
  label: string
  value: string
  error: string | undefined
  onValue: (value: string, e: ChangeEvent<HTMLInputElement>) => void
  hint?: ReactNode
  /** Another element that describes the input (the card type). */
  describedByExtra?: string
  /** Shown before the input, e.g. '$'. */
  prefix?: string
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>
  inputRef?: (el: HTMLInputElement | null) => void
  className?: string
  children?: ReactNode
}

export function TextField({ field, label, value, error, onValue, hint, describedByExtra, prefix, input, inputRef, className, children }: TextFieldProps) {
  const id = fieldId(field)
  const control = (
    <input
      ref={inputRef}
      id={id}
      name={field}
      type="text"
      value={value}
      onChange={(e) => onValue(e.target.value, e)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(field, hint !== undefined, error, describedByExtra)}
      {...input}
    />
  )
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label} *</label>
      {hint !== undefined && (
        <p className="field__hint" id={hintId(field)}>
          {hint}
        </p>
      )}
      {prefix ? (
        <div className="payment__affixed">
          <span className="payment__prefix" aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {children}
      <FieldError field={field} error={error} />
    </div>
  )
}

interface SelectFieldProps {
  field: PaymentField
  label: string
  value: string
  error: string | undefined
  onValue: (value: string) => void
  placeholder: string
  options: readonly { value: string; label: string }[]
  autoComplete?: string
  className?: string
  /** Read by screen readers before the visible label ('Expiration ' + 'Month'). */
  hiddenLabelPrefix?: string
}

export function SelectField({ field, label, value, error, onValue, placeholder, options, autoComplete, className, hiddenLabelPrefix }: SelectFieldProps) {
  const id = fieldId(field)
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {hiddenLabelPrefix && <span className="visually-hidden">{hiddenLabelPrefix}</span>}
        {label} *
      </label>
      <select
        id={id}
        name={field}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(field) : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} error={error} />
    </div>
  )
}
