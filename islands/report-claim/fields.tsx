import type { ReactNode } from 'react'
import type { Choice } from '../../shared/claims/matrix'
import { useClaimTexts, useMessageIn } from './texts'

/** The element id of a form field: its submission path with dots as dashes ('emergencyRepair.zipCode' -> 'claim-emergencyRepair-zipCode'). */
export const fieldId = (key: string) => `claim-${key.replace(/\./g, '-')}`

interface Common {
  name: string
  label: string
  error?: string | undefined
  required?: boolean
  hint?: string | undefined
}

function described(id: string, error?: string, hint?: string, warning?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : '', warning ? `${id}-warning` : ''].filter(Boolean).join(' ') || undefined
}

function Shell({
  id,
  label,
  error,
  required,
  hint,
  warning,
  children,
}: {
  id: string
  label: string
  error?: string | undefined
  required?: boolean | undefined
  hint?: string | undefined
  warning?: string | undefined
  children: ReactNode
}) {
  const messageIn = useMessageIn()
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      <ErrorText id={id} error={error} />
      {warning && (
        <p className="field__warning" id={`${id}-warning`}>
          {messageIn(warning)}
        </p>
      )}
    </div>
  )
}

/** A field's error (the schemas' English) in the page's language. */
export function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  const messageIn = useMessageIn()
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {messageIn(error)}
    </p>
  ) : null
}

export interface TextFieldProps extends Common {
  value: string
  onChange(value: string): void
  onBlur?(value: string): void
  maxLength?: number
  type?: 'text' | 'email' | 'tel' | 'date' | 'time'
  autoComplete?: string
  inputMode?: 'text' | 'tel' | 'numeric' | 'email'
  disabled?: boolean
  readOnly?: boolean
  max?: string
  placeholder?: string
  /** A non-blocking note under the field (the date of loss outside the policy period). */
  warning?: string | null | undefined
  multiline?: boolean
}

export function TextField(p: TextFieldProps) {
  const id = fieldId(p.name)
  const common = {
    id,
    name: p.name,
    value: p.value,
    maxLength: p.maxLength,
    disabled: p.disabled,
    readOnly: p.readOnly,
    required: p.required,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': described(id, p.error, p.hint, p.warning ?? undefined),
    'data-invalid': p.error ? '' : undefined,
  }
  return (
    <Shell id={id} label={p.label} error={p.error} required={p.required} hint={p.hint} warning={p.warning ?? undefined}>
      {p.multiline ? (
        <textarea {...common} rows={5} onChange={(e) => p.onChange(e.target.value)} onBlur={(e) => p.onBlur?.(e.target.value)} />
      ) : (
        <input
          {...common}
          type={p.type ?? 'text'}
          max={p.max}
          placeholder={p.placeholder}
          autoComplete={p.autoComplete ?? 'off'}
          inputMode={p.inputMode}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={(e) => p.onBlur?.(e.target.value)}
        />
      )}
    </Shell>
  )
}

export interface SelectFieldProps extends Common {
  value: string
  onChange(value: string): void
  options: readonly Choice[]
  placeholder?: string
  disabled?: boolean
  /** A choice the browser can fill from the person's saved address (e.g. 'address-level1' for a state). */
  autoComplete?: string
}

export function SelectField(p: SelectFieldProps) {
  const t = useClaimTexts()
  const id = fieldId(p.name)
  return (
    <Shell id={id} label={p.label} error={p.error} required={p.required} hint={p.hint}>
      <select
        id={id}
        name={p.name}
        value={p.value}
        autoComplete={p.autoComplete}
        disabled={p.disabled}
        required={p.required}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described(id, p.error, p.hint)}
        data-invalid={p.error ? '' : undefined}
        onChange={(e) => p.onChange(e.target.value)}
      >
        <option value="">{p.placeholder ?? t.select}</option>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  )
}

export function YesNo({
  name,
  legend,
  value,
  onChange,
  error,
  required,
}: {
  name: string
  legend: string
  value: string
  onChange(v: 'yes' | 'no'): void
  error?: string | undefined
  required?: boolean
}) {
  const t = useClaimTexts()
  const id = fieldId(name)
  return (
    <fieldset
      className={error ? 'field field--error choice-group' : 'field choice-group'}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a radiogroup carries aria-invalid and aria-required for the pair, which a plain fieldset (group) may not
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {legend}
        {required ? ' *' : ''}
      </legend>
      {(['yes', 'no'] as const).map((v, i) => (
        <label key={v} className="choice">
          <input
            type="radio"
            id={i === 0 ? id : `${id}-${v}`}
            name={name}
            value={v}
            checked={value === v}
            data-invalid={error && i === 0 ? '' : undefined}
            onChange={() => onChange(v)}
          />
          {v === 'yes' ? t.yes : t.no}
        </label>
      ))}
      <ErrorText id={id} error={error} />
    </fieldset>
  )
}
