import { maskPhone, maskZip, phoneOnBlur, zipOnBlur, PHONE_INPUT_MAX, ZIP_INPUT_MAX } from '../../shared/claims/masks'
import { TextField } from './fields'

/** A masked phone: dashes as the user types, an incomplete number cleared on blur. */
export function PhoneField(p: {
  name: string
  label: string
  value: string
  error?: string | undefined
  required?: boolean
  disabled?: boolean
  /** 'off' for someone else's number (the emergency vendor's): not the policyholder's own autofill. */
  autoComplete?: 'off'
  set(v: string): void
}) {
  return (
    <TextField
      name={p.name}
      label={p.label}
      type="tel"
      inputMode="tel"
      autoComplete={p.autoComplete ?? 'tel'}
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

/** A masked zip code: digits and the dash as the user types, an incomplete code cleared on blur. */
export function ZipField(p: {
  name: string
  label: string
  value: string
  error?: string | undefined
  required?: boolean
  disabled?: boolean
  /** 'off' for someone else's number (the emergency vendor's): not the policyholder's own autofill. */
  autoComplete?: 'off'
  set(v: string): void
}) {
  return (
    <TextField
      name={p.name}
      label={p.label}
      inputMode="numeric"
      autoComplete={p.autoComplete ?? 'postal-code'}
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
