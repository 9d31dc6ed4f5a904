import { Field } from '../../render/form'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { isBirthDateExempt } from '../../../shared/policy/family'
import { latestCalendarDate } from '../../../shared/identity/birth-date'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'

/** The policy's last name, with its help popover: the identity checks of Register, Add My Policy and recovery. */
export function LastNameField({ values, errors, first }: { values: Record<string, string>; errors: FieldErrors; first: string | undefined }) {
  const t = useTexts(partsTexts)
  return (
    <Field
      name="lastName"
      label={t.lastName}
      errors={errors}
      firstError={first}
      defaultValue={values.lastName ?? ''}
      autoComplete="family-name"
      maxLength={60}
      required
      help={{ label: t.lastNameHelpLabel, text: t.lastNameHelp }}
    />
  )
}

/**
 * The identity block of Register and Add My Policy: read-only policy number, last name with its help
 * popover, date of birth (a date input whose maximum is today; optional for FLD and EX policies).
 */
export function IdentityFields({
  policyId,
  values,
  errors,
  first,
}: {
  policyId: string
  values: Record<string, string>
  errors: FieldErrors
  first: string | undefined
}) {
  const t = useTexts(partsTexts)
  const exempt = isBirthDateExempt(policyId)
  const birthDate = /^\d{4}-\d{2}-\d{2}$/.test(values.birthDate ?? '') ? values.birthDate : ''
  return (
    <>
      <Field name="policyID" label={t.policyNumber} errors={errors} firstError={first} value={policyId} readOnly />
      <LastNameField values={values} errors={errors} first={first} />
      <Field
        name="birthDate"
        label={exempt ? t.birthDateOptional : t.birthDateRequired}
        type="date"
        errors={errors}
        firstError={first}
        defaultValue={birthDate}
        max={latestCalendarDate(Date.now())}
        autoComplete="bday"
        required={!exempt}
        hint={exempt ? t.birthDateHintExempt : t.birthDateHint}
      />
    </>
  )
}
