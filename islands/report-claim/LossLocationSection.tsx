import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { LossLocationValues } from '../../shared/claims/payload'
import { SelectField, TextField } from './fields'
import { ZipField } from './masked-fields'
import { Section } from './Section'
import type { Errors, Family } from './section-types'
import { STATE_CHOICES } from './state-choices'
import { useClaimTexts } from './texts'

/** Loss Location: the address of the loss; on homeowners, 'same as insured location' locks it. */
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
  const t = useClaimTexts()
  const locked = family === 'homeowners' && v.sameAsInsured
  const set = (key: 'address' | 'city' | 'state' | 'zipCode') => (value: string) => {
    w[key] = value
    changed()
  }
  return (
    <Section id="claim-location-heading" title={t.lossLocation}>
      {family === 'homeowners' && (
        <div className="field claim-check">
          <input
            type="checkbox"
            id="claim-sameAsInsured"
            checked={v.sameAsInsured}
            disabled={!sameAsAvailable}
            onChange={(e) => onSameAsInsured?.(e.target.checked)}
          />
          <label htmlFor="claim-sameAsInsured">{t.sameAsInsured}</label>
        </div>
      )}
      <div className="claim-grid">
        <TextField
          name="lossAddress"
          label={t.lossAddress}
          required
          autoComplete="address-line1"
          maxLength={CLAIM_MAX.address}
          disabled={locked}
          value={v.address}
          error={errors.lossAddress}
          onChange={set('address')}
        />
        <TextField
          name="lossCity"
          label={t.city}
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
          label={t.state}
          required
          autoComplete="address-level1"
          disabled={locked}
          value={v.state}
          options={STATE_CHOICES}
          error={errors.lossState}
          onChange={set('state')}
        />
        <ZipField name="lossZipCode" label={t.zipCode} required disabled={locked} value={v.zipCode} error={errors.lossZipCode} set={set('zipCode')} />
      </div>
    </Section>
  )
}
