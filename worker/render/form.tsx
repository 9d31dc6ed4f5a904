import type { InputHTMLAttributes, ReactNode } from 'react'
import type { FieldErrors } from '../../shared/schemas/field-errors'

/** Keeps only string fields of a parsed form body (files and arrays are not expected here). */
export function formStrings(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v
  return out
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string
  label: ReactNode
  errors: FieldErrors
  /** The first field in error takes focus when the page loads (spec: focus moves to the first error). */
  firstError: string | undefined
  hint?: ReactNode
}

export function Field({ name, label, errors, firstError, hint, ...input }: FieldProps) {
  const id = `f-${name}`
  const error = errors[name]
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        autoFocus={firstError === name ? true : undefined}
        {...input}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

export function firstErrorOf(errors: FieldErrors, order: readonly string[]): string | undefined {
  return order.find((f) => f in errors)
}
