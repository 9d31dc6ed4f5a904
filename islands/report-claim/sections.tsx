import type { ReactNode } from 'react'
import { US_STATES } from '../../shared/us-states'
import { CLAIM_TEXT } from '../../shared/claims/messages'
import { maskPhone, maskZip, phoneOnBlur, zipOnBlur, PHONE_INPUT_MAX, ZIP_INPUT_MAX } from '../../shared/claims/masks'
import { keptPreferredContact, preferredContactChoices } from '../../shared/claims/contact'
import { commentAfterTypeChange, serviceCommentRequired, SERVICE_OPTIONS, SERVICE_TYPES } from '../../shared/claims/emergency-repairs'
import { CLAIM_MAX } from '../../shared/schemas/claim-fields'
import type { EmergencyRepairValues, InsuredValues, LossLocationValues, ReporterValues } from '../../shared/claims/payload'
import type { VendorEvent } from '../../shared/claims/emergency-repairs'
import { ErrorText, fieldId, SelectField, TextField, YesNo } from './fields'

/** The sections both claim forms share: insured, reported by, loss location, emergency repairs. */

type Errors = Readonly<Record<string, string>>
type Family = 'flood' | 'homeowners'
/** A valtio snapshot of a section's values (arrays read-only). */
type Snap<T> = { readonly [K in keyof T]: T[K] extends Array<infer U> ? readonly U[] : T[K] }

const STATE_CHOICES = US_STATES.map((s) => ({ value: s.code, label: s.name }))

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card claim-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** A masked phone: dashes as the user types, an incomplete number cleared on blur. */
function PhoneField(p: {
  name: string
  label: string
  value: string
  error?: string | undefined
  required?: boolean
  disabled?: boolean
  set(v: string): void
}) {
  return (
    <TextField
      name={p.name}
      label={p.label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={PHONE_INPUT_MAX}
      placeholder="###-###-####"
      value={p.value}
      error={p.error}
      required={p.required}
      onChange={(v) => p.set(maskPhone(v))}
      onBlur={(v) => p.set(phoneOnBlur(v))}
    />
  )
}

function ZipField(p: { name: string; label: string; value: string; error?: string | undefined; required?: boolean; disabled?: boolean; set(v: string): void }) {
  return (
    <TextField
      name={p.name}
      label={p.label}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={ZIP_INPUT_MAX}
      placeholder="#####"
      value={p.value}
      error={p.error}
      required={p.required}
      disabled={p.disabled}
      onChange={(v) => p.set(maskZip(v))}
      onBlur={(v) => p.set(zipOnBlur(v))}
    />
  )
}

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

export function ReporterSection({ v, w, errors, family, changed }: { v: ReporterValues; w: ReporterValues; errors: Errors; family: Family; changed(): void }) {
  const set = (key: keyof ReporterValues) => (value: string) => {
    w[key] = value
    changed()
  }
  return (
    <Section id="claim-reporter-heading" title="Reported By">
      <div className="claim-grid">
        <TextField
          name="claimReportedByName"
          label="Reported By"
          required
          autoComplete="name"
          maxLength={CLAIM_MAX.reportedBy}
          value={v.name}
          error={errors.claimReportedByName}
          onChange={set('name')}
        />
        {family === 'homeowners' && (
          <TextField
            name="claimReportedByRelationship"
            label="Relationship to Insured"
            required
            maxLength={CLAIM_MAX.relationship}
            value={v.relationship}
            error={errors.claimReportedByRelationship}
            onChange={set('relationship')}
          />
        )}
        <PhoneField name="claimReportedByPhone" label="Phone Number" required value={v.phone} error={errors.claimReportedByPhone} set={set('phone')} />
      </div>
    </Section>
  )
}

export function LossLocationSection({
  v,
  w,
  errors,
  family,
  changed,
  onSameAsInsured,
  sameAsAvailable,
}: {
  v: LossLocationValues
  w: LossLocationValues
  errors: Errors
  family: Family
  changed(): void
  onSameAsInsured?(checked: boolean): void
  /** The seed data (with the insured location) is loaded. */
  sameAsAvailable?: boolean
}) {
  const locked = family === 'homeowners' && v.sameAsInsured
  const set = (key: 'address' | 'city' | 'state' | 'zipCode') => (value: string) => {
    w[key] = value
    changed()
  }
  return (
    <Section id="claim-location-heading" title="Loss Location">
      {family === 'homeowners' && (
        <div className="field claim-check">
          <input
            type="checkbox"
            id="claim-sameAsInsured"
            checked={v.sameAsInsured}
            disabled={!sameAsAvailable}
            onChange={(e) => onSameAsInsured?.(e.target.checked)}
          />
          <label htmlFor="claim-sameAsInsured">{CLAIM_TEXT.sameAsInsured}</label>
        </div>
      )}
      <div className="claim-grid">
        <TextField
          name="lossAddress"
          label="Loss Address"
          required
          autoComplete="street-address"
          maxLength={CLAIM_MAX.address}
          disabled={locked}
          value={v.address}
          error={errors.lossAddress}
          onChange={set('address')}
        />
        <TextField
          name="lossCity"
          label="City"
          required
          autoComplete="address-level2"
          maxLength={CLAIM_MAX.city}
          disabled={locked}
          value={v.city}
          error={errors.lossCity}
          onChange={set('city')}
        />
        <SelectField
          name="lossState"
          label="State"
          required
          disabled={locked}
          value={v.state}
          options={STATE_CHOICES}
          error={errors.lossState}
          onChange={set('state')}
        />
        <ZipField name="lossZipCode" label="Zip Code" required disabled={locked} value={v.zipCode} error={errors.lossZipCode} set={set('zipCode')} />
      </div>
    </Section>
  )
}

const SERVICE_TYPE_CHOICES = SERVICE_TYPES.map((t) => ({ value: t, label: t }))

export function EmergencyRepairsSection({
  v,
  w,
  errors,
  changed,
  vendor,
}: {
  v: Snap<EmergencyRepairValues>
  w: EmergencyRepairValues
  errors: Errors
  changed(): void
  vendor(event: VendorEvent): void
}) {
  const e = (key: string) => errors[`emergencyRepair.${key}`]
  const set = (key: 'name' | 'email' | 'address' | 'city' | 'state' | 'serviceTypeComment' | 'phone' | 'zipCode') => (value: string) => {
    w[key] = value
    changed()
  }
  const optionsId = fieldId('emergencyRepair.serviceOptions')
  return (
    <Section id="claim-repairs-heading" title="Emergency Repairs">
      <div className="claim-grid">
        <TextField
          name="emergencyRepair.name"
          label="Company Name"
          autoComplete="organization"
          maxLength={CLAIM_MAX.companyName}
          value={v.name}
          error={e('name')}
          onChange={set('name')}
        />
        <PhoneField name="emergencyRepair.phone" label="Phone" value={v.phone} error={e('phone')} set={set('phone')} />
        <TextField
          name="emergencyRepair.email"
          label="Email"
          type="email"
          inputMode="email"
          maxLength={CLAIM_MAX.email}
          value={v.email}
          error={e('email')}
          onChange={set('email')}
        />
        <TextField
          name="emergencyRepair.address"
          label="Address"
          maxLength={CLAIM_MAX.address}
          value={v.address}
          error={e('address')}
          onChange={set('address')}
        />
        <TextField name="emergencyRepair.city" label="City" maxLength={CLAIM_MAX.city} value={v.city} error={e('city')} onChange={set('city')} />
        <SelectField name="emergencyRepair.state" label="State" value={v.state} options={STATE_CHOICES} error={e('state')} onChange={set('state')} />
        <ZipField name="emergencyRepair.zipCode" label="Zip Code" value={v.zipCode} error={e('zipCode')} set={set('zipCode')} />
        <SelectField
          name="emergencyRepair.serviceType"
          label="Service Type"
          value={v.serviceType}
          options={SERVICE_TYPE_CHOICES}
          error={e('serviceType')}
          onChange={(value) => {
            w.serviceType = value
            w.serviceTypeComment = commentAfterTypeChange(value, w.serviceTypeComment)
            changed()
          }}
        />
        {serviceCommentRequired(v.serviceType) && (
          <TextField
            name="emergencyRepair.serviceTypeOptionalComment"
            label="Service Comment"
            required
            maxLength={CLAIM_MAX.serviceComment}
            value={v.serviceTypeComment}
            error={e('serviceTypeOptionalComment')}
            onChange={set('serviceTypeComment')}
          />
        )}
      </div>
      <YesNo
        name="emergencyRepair.assignNationalVendor"
        legend={CLAIM_TEXT.vendorQuestion}
        required
        value={v.assignVendor}
        error={e('assignNationalVendor')}
        onChange={(answer) => {
          vendor({ type: 'answer', answer })
          changed()
        }}
      />
      {v.assignVendor === 'yes' && (
        <fieldset
          className={e('serviceOptions') ? 'field field--error choice-group' : 'field choice-group'}
          aria-describedby={e('serviceOptions') ? `${optionsId}-error` : undefined}
        >
          <legend>{CLAIM_TEXT.serviceOptionsLegend} *</legend>
          {SERVICE_OPTIONS.map((o, i) => (
            <label key={o.code} className="choice">
              <input
                type="checkbox"
                id={i === 0 ? optionsId : `${optionsId}-${o.code}`}
                name="emergencyRepair.serviceOptions"
                value={o.code}
                checked={v.serviceOptions.includes(o.code)}
                data-invalid={e('serviceOptions') && i === 0 ? '' : undefined}
                onChange={(ev) => {
                  vendor({ type: 'toggle-option', code: o.code, checked: ev.target.checked })
                  changed()
                }}
              />
              {o.label}
            </label>
          ))}
          <ErrorText id={optionsId} error={e('serviceOptions')} />
        </fieldset>
      )}
    </Section>
  )
}
