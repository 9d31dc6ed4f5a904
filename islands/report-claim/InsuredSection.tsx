import { keptPreferredContact, preferredContactChoices } from '../../shared/claims/contact'
import { maskPhone, PHONE_MASK } from '../../shared/claims/masks'
import { fill } from '../../shared/i18n/catalog'
import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { InsuredValues } from '../../shared/claims/payload'
import { SelectField, TextField } from './fields'
import { PhoneField } from './masked-fields'
import { Section } from './Section'
import type { Errors, Family } from './section-types'
import { useClaimTexts } from './texts'

/** What the policy holds for the insured: offered with one tap while the fields are empty (issue 35). */
interface OnFile {
  homePhone: string
  email: string
}

/** One tap to fill a field with what is on file; the field stays editable. */
function UseOnFile({ label, onUse }: { label: string; onUse(): void }) {
  return (
    <button type="button" className="btn--link claim-on-file" onClick={onUse}>
      {label}
    </button>
  )
}

/**
 * Insured Information: the insured's name (read-only), phones, preferred contact number and email; the
 * phone and email on file are offered while the fields are empty (the homeowners form starts them empty
 * and a new date of loss empties them, spec 001 section 4).
 */
export function InsuredSection({
  v,
  w,
  errors,
  family,
  changed,
  onFile,
}: {
  v: InsuredValues
  w: InsuredValues
  errors: Errors
  family: Family
  changed(): void
  onFile: OnFile
}) {
  const t = useClaimTexts()
  const homeowners = family === 'homeowners'
  const contactChoices = preferredContactChoices(v, { homePhone: t.homePhone, workPhone: t.workPhone, cellPhone: t.mobilePhone })
  const phoneOnFile = maskPhone(onFile.homePhone)
  const offerPhone = PHONE_MASK.test(phoneOnFile) && v.homePhone === '' && v.workPhone === '' && v.cellPhone === ''
  const emailOnFile = onFile.email.trim()
  const offerEmail = emailOnFile !== '' && v.email === '' && v.confirmEmail === ''
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
    <Section id="claim-insured-heading" title={t.insuredInformation}>
      <div className="claim-grid">
        <TextField name="firstName" label={t.firstName} value={v.firstName} readOnly onChange={() => {}} />
        <TextField name="lastName" label={t.lastName} value={v.lastName} readOnly onChange={() => {}} />
        {offerPhone && <UseOnFile label={fill(t.phoneOnFileOffer, { phone: phoneOnFile })} onUse={() => setPhone('homePhone')(phoneOnFile)} />}
        <PhoneField name="homePhone" label={t.homePhone} value={v.homePhone} error={errors.homePhone} set={setPhone('homePhone')} />
        <PhoneField name="workPhone" label={t.workPhone} value={v.workPhone} error={errors.workPhone} set={setPhone('workPhone')} />
        <PhoneField name="cellPhone" label={t.mobilePhone} value={v.cellPhone} error={errors.cellPhone} set={setPhone('cellPhone')} />
        <SelectField
          name="preferredContact"
          label={t.preferredContact}
          required={homeowners}
          value={v.preferredContact}
          options={contactChoices}
          placeholder={contactChoices.length ? t.select : t.enterPhoneFirst}
          error={errors.preferredContact}
          onChange={set('preferredContact')}
        />
        {offerEmail && (
          <UseOnFile
            label={fill(t.emailOnFileOffer, { email: emailOnFile })}
            onUse={() => {
              w.email = emailOnFile
              w.confirmEmail = emailOnFile
              changed()
            }}
          />
        )}
        <TextField
          name="emailAddress"
          label={t.email}
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
          label={t.confirmEmail}
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
