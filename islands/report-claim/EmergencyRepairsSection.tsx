import { useState } from 'react'
import type { ReportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'
import {
  commentAfterTypeChange,
  hasRepairCompany,
  NO_REPAIR_COMPANY,
  serviceCommentRequired,
  SERVICE_OPTIONS,
  SERVICE_TYPES,
  type VendorEvent,
} from '../../shared/claims/emergency-repairs'
import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { EmergencyRepairValues } from '../../shared/claims/payload'
import { ErrorText, fieldId, SelectField, TextField, YesNo } from './fields'
import { PhoneField, ZipField } from './masked-fields'
import { Section } from './Section'
import type { Errors, Snap } from './section-types'
import { STATE_CHOICES } from './state-choices'
import { useClaimTexts } from './texts'

/** Each service type (its submitted value, spec 001 section 9) and the text that names it on the page. */
const SERVICE_TYPE_TEXTS: Record<(typeof SERVICE_TYPES)[number], keyof ReportClaimIslandTexts> = {
  'Water Mitigation': 'serviceTypeWaterMitigation',
  'Board-Up/Secure Property': 'serviceTypeBoardUp',
  'Roof Tarping': 'serviceTypeRoofTarping',
  Plumber: 'serviceTypePlumber',
  'Fire/Smoke Mitigation': 'serviceTypeFireSmoke',
  Other: 'serviceTypeOther',
}

const serviceTypeChoices = (t: ReportClaimIslandTexts) => SERVICE_TYPES.map((type) => ({ value: type, label: t[SERVICE_TYPE_TEXTS[type]] }))

/** The National Vendor checklist's names by code. */
const serviceOptionLabel = (t: ReportClaimIslandTexts, code: number, fallback: string) =>
  ({ 1: t.serviceOption1, 2: t.serviceOption2, 3: t.serviceOption3, 4: t.serviceOption4 })[code] ?? fallback

type CompanyKey = 'name' | 'email' | 'address' | 'city' | 'state' | 'serviceTypeComment' | 'phone' | 'zipCode'

/**
 * Emergency Repairs: first whether to assign a national vendor (and which services: one the mitigation
 * banner already requested shows as requested, not asked again), then, only when a company already
 * came, that company and its service type (issue 35).
 */
export function EmergencyRepairsSection({
  v,
  w,
  errors,
  changed,
  vendor,
  requestedAbove = [],
}: {
  v: Snap<EmergencyRepairValues>
  w: EmergencyRepairValues
  errors: Errors
  changed(): void
  vendor(event: VendorEvent): void
  /** Mitigation codes the form's banner requested (homeowners). */
  requestedAbove?: readonly number[]
}) {
  const t = useClaimTexts()
  const e = (key: string) => errors[`emergencyRepair.${key}`]
  const set = (key: CompanyKey) => (value: string) => {
    w[key] = value
    changed()
  }
  const optionsId = fieldId('emergencyRepair.serviceOptions')
  const [companyCame, setCompanyCame] = useState(false)
  const companyShown = companyCame || hasRepairCompany(v)
  const companyId = fieldId('emergencyRepair.companyCame')
  return (
    <Section id="claim-repairs-heading" title={t.emergencyRepairs}>
      <YesNo
        name="emergencyRepair.assignNationalVendor"
        legend={t.vendorQuestion}
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
          <legend>{t.serviceOptionsLegend} *</legend>
          {SERVICE_OPTIONS.map((o, i) => {
            const above = requestedAbove.includes(o.code)
            const label = serviceOptionLabel(t, o.code, o.label)
            return (
              <label key={o.code} className="choice">
                <input
                  type="checkbox"
                  id={i === 0 ? optionsId : `${optionsId}-${o.code}`}
                  name="emergencyRepair.serviceOptions"
                  value={o.code}
                  checked={above || v.serviceOptions.includes(o.code)}
                  disabled={above}
                  data-invalid={e('serviceOptions') && i === 0 ? '' : undefined}
                  onChange={(ev) => {
                    vendor({ type: 'toggle-option', code: o.code, checked: ev.target.checked })
                    changed()
                  }}
                />
                {above ? `${label} ${t.requestedAbove}` : label}
              </label>
            )
          })}
          <ErrorText id={optionsId} error={e('serviceOptions')} />
        </fieldset>
      )}
      <div className="field claim-check">
        <input
          type="checkbox"
          id={companyId}
          checked={companyShown}
          aria-expanded={companyShown}
          aria-controls={`${companyId}-fields`}
          onChange={(ev) => {
            setCompanyCame(ev.target.checked)
            // 'No company came' leaves no half-typed company behind.
            if (!ev.target.checked) Object.assign(w, NO_REPAIR_COMPANY)
            changed()
          }}
        />
        <label htmlFor={companyId}>{t.companyCame}</label>
      </div>
      {companyShown && (
        <div className="claim-grid" id={`${companyId}-fields`}>
          <TextField
            name="emergencyRepair.name"
            label={t.companyName}
            autoComplete="off"
            maxLength={CLAIM_MAX.companyName}
            value={v.name}
            error={e('name')}
            onChange={set('name')}
          />
          <PhoneField name="emergencyRepair.phone" label={t.phone} autoComplete="off" value={v.phone} error={e('phone')} set={set('phone')} />
          <TextField
            name="emergencyRepair.email"
            label={t.email}
            type="email"
            inputMode="email"
            maxLength={CLAIM_MAX.email}
            value={v.email}
            error={e('email')}
            onChange={set('email')}
          />
          <TextField
            name="emergencyRepair.address"
            label={t.address}
            maxLength={CLAIM_MAX.address}
            value={v.address}
            error={e('address')}
            onChange={set('address')}
          />
          <TextField name="emergencyRepair.city" label={t.city} maxLength={CLAIM_MAX.city} value={v.city} error={e('city')} onChange={set('city')} />
          <SelectField name="emergencyRepair.state" label={t.state} value={v.state} options={STATE_CHOICES} error={e('state')} onChange={set('state')} />
          <ZipField name="emergencyRepair.zipCode" label={t.zipCode} autoComplete="off" value={v.zipCode} error={e('zipCode')} set={set('zipCode')} />
          <SelectField
            name="emergencyRepair.serviceType"
            label={t.serviceType}
            value={v.serviceType}
            options={serviceTypeChoices(t)}
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
              label={t.serviceComment}
              required
              maxLength={CLAIM_MAX.serviceComment}
              value={v.serviceTypeComment}
              error={e('serviceTypeOptionalComment')}
              onChange={set('serviceTypeComment')}
            />
          )}
        </div>
      )}
    </Section>
  )
}
