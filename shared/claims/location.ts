import type { ClaimSeedData } from './api-shapes'

/** Loss location (spec 001 section 3 "Homeowners claim submission", section 4 "same-as-insured"). */

export interface AddressFields {
  address: string
  city: string
  state: string
  zipCode: string
}

/** lossLocation: '2' when the same-as-insured-location box is ticked, else '1'. */
export function lossLocationCode(sameAsInsured: boolean): '1' | '2' {
  return sameAsInsured ? '2' : '1'
}

/** What ticking the box copies into the (then locked) loss-address fields. */
export function insuredLocation(seed: Pick<ClaimSeedData, 'LocationAddress' | 'LocationCity' | 'LocationState' | 'LocationZipCode'>): AddressFields {
  return { address: seed.LocationAddress, city: seed.LocationCity, state: seed.LocationState, zipCode: seed.LocationZipCode }
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toUpperCase()

/** The loss address equals the insured location (case, spacing and a ZIP+4 suffix do not matter). */
export function sameAddress(a: AddressFields, b: AddressFields): boolean {
  return (
    a.address.trim() !== '' &&
    norm(a.address) === norm(b.address) &&
    norm(a.city) === norm(b.city) &&
    norm(a.state) === norm(b.state) &&
    a.zipCode.trim().slice(0, 5) === b.zipCode.trim().slice(0, 5)
  )
}
