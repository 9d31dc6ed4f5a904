import { errorId, fieldId, FieldError } from './fields'

const AUTHORIZATION_HEADING = 'Bank account authorization'
const AUTHORIZATION_AGREE = 'I agree to this authorization'

/** The NACHA WEB authorization, shown with its checkbox on the check tab (docs/decisions/110). */
export function BankAuthorization({
  text,
  checked,
  error,
  onChange,
}: {
  text: string
  checked: boolean
  error: string | undefined
  onChange: (checked: boolean) => void
}) {
  const id = fieldId('authorizeDebit')
  return (
    <section className={error ? 'payment__authorization field field--error' : 'payment__authorization field'} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{AUTHORIZATION_HEADING}</h3>
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
        <label htmlFor={id}>{AUTHORIZATION_AGREE} *</label>
      </div>
      <FieldError field="authorizeDebit" error={error} />
    </section>
  )
}
