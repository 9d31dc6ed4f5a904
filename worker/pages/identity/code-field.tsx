import type { FieldErrors } from '../../../shared/forms/field-errors'
import { Field } from '../../render/form'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'

/**
 * The 6-digit code field of the 2-step sign-in and of step-up: numeric keyboard, the browser's
 * one-time-code autofill, and paste allowed (a pasted '123 456' is accepted too).
 */
export function CodeField({ errors }: { errors: FieldErrors }) {
  const t = useTexts(partsTexts)
  return (
    <div className="profile-code">
      <Field
        name="code"
        label={t.code}
        errors={errors}
        firstError={errors.code ? 'code' : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        required
      />
    </div>
  )
}
