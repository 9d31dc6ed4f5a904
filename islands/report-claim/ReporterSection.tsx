import { CLAIM_MAX } from '../../shared/schemas/claim-fields'
import type { ReporterValues } from '../../shared/claims/payload'
import { TextField } from './fields'
import { PhoneField } from './masked-fields'
import { Section } from './Section'
import type { Errors, Family } from './section-types'

/** Reported By: who reports the loss, their relationship to the insured (homeowners) and phone. */
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
