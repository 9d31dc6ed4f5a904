/**
 * A homeowners claim submission as the report-claim island sends it (spec 001 section 3), for sam.single's
 * TX policy: shared by the worker tests and the e2e journeys. `lossDate` is MM/dd/yyyy; `over` replaces fields.
 */
export const NO_REPAIRS = {
  name: '',
  phone: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  serviceType: '',
  serviceTypeOptionalComment: '',
  assignNationalVendor: 'no',
  serviceOptions: [],
}

export function homeownersClaimOf(policyId: string, lossDate: string, over: Record<string, unknown> = {}) {
  return {
    claimId: '',
    policyId,
    dateClaimReported: '11/23/2026 09:20:17 AM',
    lossDate,
    weatherRelated: 'no',
    causeOfLoss: 'Water Damage',
    perilMappingId: 101,
    lossDescription: 'A pipe burst in the kitchen.',
    firstName: 'Sam',
    lastName: 'Okafor',
    homePhone: '512-555-0176',
    workPhone: '',
    cellPhone: '',
    preferredContact: '1',
    lossLocation: '2',
    lossAddress: '8804 Shoal Creek Boulevard',
    lossCity: 'Austin',
    lossState: 'TX',
    lossZipCode: '78757',
    lossCatCode: '',
    lossCatId: '',
    emailAddress: 'sam.single@example.com',
    confirmEmailAddress: 'sam.single@example.com',
    claimReportedByName: 'Sam Okafor',
    claimReportedByRelationship: 'Self',
    claimReportedByPhone: '512-555-0176',
    shellClaim: false,
    isPolicyActive: true,
    pdfImage: '',
    emergencyRepair: NO_REPAIRS,
    mitigationComment: '',
    policyStatusText: 'Active',
    ...over,
  }
}

/** MM/dd/yyyy of an ISO date. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`

/** A flood claim as the form sends it (erin's details), for `policyId` with `lossDate` ('MM/DD/YYYY hh:mm AM'). */
export function floodClaimOf(policyId: string, lossDate: string, over: Record<string, unknown> = {}) {
  return {
    claimId: '',
    policyId,
    dateClaimReported: '11/23/2026 09:20:17 AM',
    lossDate,
    lossDescription: 'Water came in under the doors.',
    firstName: 'Erin',
    lastName: 'Castellano',
    homePhone: '919-555-0164',
    workPhone: '',
    cellPhone: '',
    preferredContact: '',
    emailAddress: 'erin.edge@example.com',
    confirmEmailAddress: '',
    lossAddress: '118 Harbor Drive',
    lossCity: 'Key Largo',
    lossState: 'FL',
    lossZipCode: '33037',
    claimReportedByName: 'Erin Castellano',
    claimReportedByPhone: '919-555-0164',
    emergencyRepair: NO_REPAIRS,
    ...over,
  }
}
