import type { InputHTMLAttributes, ReactNode } from 'react'
import type { FieldErrors } from '../../shared/forms/field-errors'
import { HelpPopover } from './help-popover'
import { messageIn } from '../../shared/i18n/messages'
import { useLocale, useTexts } from './locale'
import { errorSummaryTexts } from './texts/pages'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string
  label: ReactNode
  errors: FieldErrors
  /** The first field in error takes focus when the page loads (spec: focus moves to the first error). */
  firstError: string | undefined
  hint?: ReactNode
  /** A help popover beside the label. */
  help?: { label: string; text: ReactNode }
}

export function Field({ name, label, errors, firstError, hint, help, ...input }: FieldProps) {
  const id = `f-${name}`
  const locale = useLocale()
  const error = errors[name] === undefined ? undefined : messageIn(locale, errors[name])
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={error ? 'field field--error' : 'field'}>
      {help ? (
        <div className="field__label-row">
          <label htmlFor={id}>{label}</label>
          <HelpPopover id={`${id}-help`} label={help.label}>
            {help.text}
          </HelpPopover>
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
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

/** How the error summary names a field: its label without the required mark. A form may name one differently. */
const SUMMARY_LABELS = {
  userName: 'User Name',
  emailAddress: 'Email Address',
  email: 'Email Address',
  password: 'Password',
  passwordConfirm: 'Confirm Password',
  currentPassword: 'Current Password',
  currentPasswordForEmail: 'Current Password',
  lastName: 'Last Name',
  birthDate: 'Date of Birth',
  policyId: 'Policy Number',
  policyID: 'Policy Number',
  code: 'Code',
} as const

/** The same names in Spanish (issue 36): every field named above, none missing. */
const SUMMARY_LABELS_ES: Readonly<Record<keyof typeof SUMMARY_LABELS, string>> = {
  userName: 'Nombre de usuario',
  emailAddress: 'Correo electrónico',
  email: 'Correo electrónico',
  password: 'Contraseña',
  passwordConfirm: 'Confirme la contraseña',
  currentPassword: 'Contraseña actual',
  currentPasswordForEmail: 'Contraseña actual',
  lastName: 'Apellido',
  birthDate: 'Fecha de nacimiento',
  policyId: 'Número de póliza',
  policyID: 'Número de póliza',
  code: 'Código',
}

/**
 * A form sent back by the server with errors (the page form's path, with or without script): the errors
 * first, in the form's order, each a link to its field (issue 21 standards finding, WCAG 3.3.1). Focus
 * stays with the first field in error (spec 000: 'focus moves to the first error'), so the summary is
 * the page's overview, not where focus lands (decision 183).
 */
export function ErrorSummary({
  errors,
  order,
  labels = {},
  id = 'error-summary',
}: {
  errors: FieldErrors
  order: readonly string[]
  labels?: Readonly<Record<string, string>>
  /** Two forms on one page name their summaries apart. */
  id?: string
}) {
  const locale = useLocale()
  const t = useTexts(errorSummaryTexts)
  const known: Readonly<Record<string, string>> = locale === 'es' ? SUMMARY_LABELS_ES : SUMMARY_LABELS
  const listed = order.filter((name) => errors[name])
  if (listed.length === 0) return null
  return (
    <section className="alert alert--error error-summary" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 className="error-summary__heading" id={`${id}-heading`}>
          {listed.length === 1 ? t.one : t.many(listed.length)}
        </h2>
        <ul className="error-summary__list">
          {listed.map((name) => (
            <li key={name}>
              <a href={`#f-${name}`}>{`${labels[name] ?? known[name] ?? name}: ${messageIn(locale, errors[name]!)}`}</a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
