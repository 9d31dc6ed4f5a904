import { errorId, fieldId, FieldError } from './fields'
import type { Texts } from './texts'

/** The NACHA WEB authorization, shown with its checkbox on the check tab (docs/decisions/110). */
export function BankAuthorization({
  text,
  checked,
  error,
  onChange,
  t,
}: {
  text: string
  checked: boolean
  error: string | undefined
  onChange: (checked: boolean) => void
  t: Texts
}) {
  const id = fieldId('authorizeDebit')
  return (
    <section className={error ? 'payment__authorization field field--error' : 'payment__authorization field'} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t.authHeading}</h3>
      <p id={`${id}-text`} className="payment__authorization-text">
        {text}
      </p>
      <div className="payment__checkbox">
        <input
          id={id}
          name="authorizeDebit"
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-text`, error ? errorId('authorizeDebit') : ''].filter(Boolean).join(' ')}
        />
        <label htmlFor={id}>{t.authAgree} *</label>
      </div>
      <FieldError field="authorizeDebit" error={error} />
    </section>
  )
}
