import { keptPreferredContact, preferredContactChoices } from '../../shared/claims/contact'
import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { InsuredValues } from '../../shared/claims/payload'
import { SelectField, TextField } from './fields'
import { PhoneField } from './masked-fields'
import { Section } from './Section'
import type { Errors, Family } from './section-types'

/** Insured Information: the insured's name (read-only), phones, preferred contact number and email. */
export function InsuredSection({ v, w, errors, family, changed }: { v: InsuredValues; w: InsuredValues; errors: Errors; family: Family; changed(): void }) {
  const homeowners = family === 'homeowners'
  const setPhone = (key: 'homePhone' | 'workPhone' | 'cellPhone') => (value: string) => {
    w[key] = value
    w.preferredContact = keptPreferredContact(w.preferredContact, w)
    changed()
  }
  const set = (key: 'email' | 'confirmEmail' | 'preferredContact') => (value: string) => {
    w[key] = value
    changed()
  }
  return (
    <Section id="claim-insured-heading" title="Insured Information">
      <div className="claim-grid">
        <TextField name="firstName" label="First Name" value={v.firstName} readOnly onChange={() => {}} />
        <TextField name="lastName" label="Last Name" value={v.lastName} readOnly onChange={() => {}} />
        <PhoneField name="homePhone" label="Home Phone" value={v.homePhone} error={errors.homePhone} set={setPhone('homePhone')} />
        <PhoneField name="workPhone" label="Work Phone" value={v.workPhone} error={errors.workPhone} set={setPhone('workPhone')} />
        <PhoneField name="cellPhone" label="Mobile Phone" value={v.cellPhone} error={errors.cellPhone} set={setPhone('cellPhone')} />
        <SelectField
          name="preferredContact"
          label="Preferred Contact Number"
          required={homeowners}
          value={v.preferredContact}
          options={preferredContactChoices(v)}
          placeholder={preferredContactChoices(v).length ? 'Select' : 'Enter a phone number first'}
          error={errors.preferredContact}
          onChange={set('preferredContact')}
        />
        <TextField
          name="emailAddress"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={CLAIM_MAX.email}
          value={v.email}
          error={errors.emailAddress}
          onChange={set('email')}
        />
        <TextField
          name="confirmEmailAddress"
          label="Confirm Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required={homeowners}
          maxLength={CLAIM_MAX.email}
          value={v.confirmEmail}
          error={errors.confirmEmailAddress}
          onChange={set('confirmEmail')}
        />
      </div>
    </Section>
  )
}
