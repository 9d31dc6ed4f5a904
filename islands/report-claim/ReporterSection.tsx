import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { InsuredValues, ReporterValues } from '../../shared/claims/payload'
import type { ReportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'
import { TextField } from './fields'
import { PhoneField } from './masked-fields'
import { Section } from './Section'
import type { Errors, Family } from './section-types'
import { useClaimTexts } from './texts'

/** The insured as the reporter: their name (within the field's length), 'Self' and a phone they typed or have on file. */
function insuredAsReporter(insured: InsuredValues, t: ReportClaimIslandTexts): ReporterValues {
  const name = `${insured.firstName} ${insured.lastName}`.trim().slice(0, CLAIM_MAX.reportedBy).trim()
  return { name, relationship: t.selfRelationship, phone: insured.cellPhone || insured.homePhone || insured.workPhone }
}

/**
 * Reported By: who reports the loss, their relationship to the insured (homeowners) and phone. 'I am the
 * insured' fills them from the Insured section so the insured need not type them again (issue 21, WCAG
 * 3.3.7); it is ticked while the name (and relationship) are the insured's, so the spec's reset of the
 * reporter on a new date of loss clears it as well.
 */
export function ReporterSection({
  v,
  w,
  errors,
  family,
  insured,
  changed,
}: {
  v: ReporterValues
  w: ReporterValues
  errors: Errors
  family: Family
  insured: InsuredValues
  changed(): void
}) {
  const set = (key: keyof ReporterValues) => (value: string) => {
    w[key] = value
    changed()
  }
  const t = useClaimTexts()
  const self = insuredAsReporter(insured, t)
  const isSelf = self.name !== '' && v.name === self.name && (family === 'flood' || v.relationship === self.relationship)
  const toggleSelf = (on: boolean) => {
    w.name = on ? self.name : ''
    if (family === 'homeowners') w.relationship = on ? self.relationship : ''
    if (on && self.phone) w.phone = self.phone
    else if (!on && w.phone === self.phone) w.phone = ''
    changed()
  }
  return (
    <Section id="claim-reporter-heading" title={t.reportedBy}>
      {self.name !== '' && (
        <div className="field claim-check">
          <input type="checkbox" id="claim-reporterIsInsured" checked={isSelf} onChange={(e) => toggleSelf(e.target.checked)} />
          <label htmlFor="claim-reporterIsInsured">{t.reporterIsInsured}</label>
        </div>
      )}
      <div className="claim-grid">
        <TextField
          name="claimReportedByName"
          label={t.reportedBy}
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
            label={t.relationship}
            required
            maxLength={CLAIM_MAX.relationship}
            value={v.relationship}
            error={errors.claimReportedByRelationship}
            onChange={set('relationship')}
          />
        )}
        <PhoneField name="claimReportedByPhone" label={t.phoneNumber} required value={v.phone} error={errors.claimReportedByPhone} set={set('phone')} />
      </div>
    </Section>
  )
}
