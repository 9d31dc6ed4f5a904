import { describe, expect, it } from 'vitest'
import { homeownersClaimSchema } from '../../shared/claims/schemas/claim-homeowners'
import { floodClaimSchema, parseLossDateTime } from '../../shared/claims/schemas/claim-flood'
import { claimFieldErrors } from '../../shared/claims/schemas/claim-fields'
import {
  buildFloodSubmission,
  buildHomeownersSubmission,
  emptyInsured,
  emptyLocation,
  emptyRepairs,
  type FloodFormValues,
  type HomeownersFormValues,
} from '../../shared/claims/payload'
import type { ClaimSeedData, ClaimsMatrixRow } from '../../shared/claims/api-shapes'
import { instantOf } from '../support/instant'

/**
 * Spec 001 section 5 "Claim (all forms)", every row, through the one schema per form; and the
 * submissions of section 3 as the builders shape them.
 */

const TODAY = '2026-11-23'
const REPORTED_AT = instantOf(TODAY, '09:20', 'TX') + 17_000
const MATRIX: ClaimsMatrixRow[] = [
  { Id: 101, PerilDescription: 'Water Damage', SubPerilDescription: 'Burst or frozen pipe', WeatherRelated: 1, MitigationRequired: 1 },
]
const SEED: ClaimSeedData = {
  PlanId: 'HO5',
  IsPolicyActive: true,
  Exclusions: [],
  endorsements: ['Endorsement HO 04 16'],
  LocationAddress: '8804 Shoal Creek Boulevard',
  LocationCity: 'Austin',
  LocationState: 'TX',
  LocationZipCode: '78757',
  InsuredFirstName: 'Sam',
  InsuredLastName: 'Okafor',
  fnolFraudLanguage: { Description: 'Fraud is a crime.', FontName: 'Arial', FontSize: '12', FontWeight: 'N' },
  Deductibles: { 'All Other Perils': 100000 },
  ShellClaim: false,
  mitigationType: 0,
  ErrorMessages: [],
}

function homeowners(over: Partial<HomeownersFormValues> = {}): HomeownersFormValues {
  return {
    lossDate: '2026-11-21',
    weather: 'no',
    cause: 'Water Damage',
    detailedCause: '101',
    mitigationRequested: [1],
    description: 'A pipe burst in the kitchen.',
    insured: emptyInsured({
      firstName: 'Sam',
      lastName: 'Okafor',
      homePhone: '512-555-0176',
      preferredContact: '1',
      email: 'sam.single@example.com',
      confirmEmail: 'sam.single@example.com',
    }),
    reporter: { name: 'Sam Okafor', relationship: 'Self', phone: '512-555-0176' },
    location: { sameAsInsured: true, address: '8804 Shoal Creek Boulevard', city: 'Austin', state: 'TX', zipCode: '78757' },
    repairs: { ...emptyRepairs(), assignVendor: 'no' },
    ...over,
  }
}

function flood(over: Partial<FloodFormValues> = {}): FloodFormValues {
  return {
    lossDate: '2026-11-22',
    lossTime: '14:05',
    description: 'Water came in under the doors.',
    insured: emptyInsured({ firstName: 'Erin', lastName: 'Castellano', homePhone: '919-555-0164', email: 'erin.edge@example.com' }),
    reporter: { name: 'Erin Castellano', relationship: '', phone: '919-555-0164' },
    location: emptyLocation({ address: '118 Harbor Drive', city: 'Key Largo', state: 'FL', zipCode: '33037' }),
    repairs: { ...emptyRepairs(), assignVendor: 'no' },
    ...over,
  }
}

const hoCtx = { policyId: 'HOM4020001', state: 'TX', reportedAt: REPORTED_AT, matrix: MATRIX, seed: SEED, policyStatus: 'Active' }
const floodCtx = { policyId: 'FLD4040005', state: 'TX', reportedAt: REPORTED_AT }

function hoErrors(values: HomeownersFormValues, today = TODAY) {
  const r = homeownersClaimSchema({ today }).safeParse(buildHomeownersSubmission(values, hoCtx))
  return r.success ? {} : claimFieldErrors(r.error)
}

function floodErrors(values: FloodFormValues, now = { date: TODAY, time: '15:00' }) {
  const r = floodClaimSchema({ now }).safeParse(buildFloodSubmission(values, floodCtx))
  return r.success ? {} : claimFieldErrors(r.error)
}

describe('submissions (spec 001 section 3)', () => {
  it('builds the homeowners claim submission with every field of the spec, and the collected extras', () => {
    const s = buildHomeownersSubmission(homeowners(), hoCtx)
    const SPEC = [
      'claimId',
      'policyId',
      'dateClaimReported',
      'lossDate',
      'perilMappingId',
      'lossDescription',
      'firstName',
      'lastName',
      'homePhone',
      'workPhone',
      'cellPhone',
      'lossLocation',
      'lossAddress',
      'lossCity',
      'lossState',
      'lossZipCode',
      'lossCatCode',
      'lossCatId',
      'emailAddress',
      'claimReportedByName',
      'claimReportedByPhone',
      'shellClaim',
      'isPolicyActive',
      'pdfImage',
      'emergencyRepair',
      'mitigationComment',
      'policyStatusText',
    ]
    const EXTRAS = ['weatherRelated', 'causeOfLoss', 'preferredContact', 'confirmEmailAddress', 'claimReportedByRelationship']
    expect(Object.keys(s).sort()).toEqual([...SPEC, ...EXTRAS].sort())
    expect(s).toMatchObject({
      claimId: '',
      policyId: 'HOM4020001',
      dateClaimReported: '11/23/2026 09:20:17 AM',
      lossDate: '11/21/2026',
      perilMappingId: 101,
      firstName: 'Sam',
      lastName: 'Okafor',
      lossLocation: '2',
      shellClaim: false,
      isPolicyActive: true,
      pdfImage: '',
      mitigationComment: 'Water Mitigation Requested',
      policyStatusText: 'Active',
    })
    expect(Object.keys(s.emergencyRepair).sort()).toEqual(
      [
        'name',
        'phone',
        'email',
        'address',
        'city',
        'state',
        'zipCode',
        'serviceType',
        'serviceTypeOptionalComment',
        'assignNationalVendor',
        'serviceOptions',
      ].sort(),
    )
    expect(homeownersClaimSchema({ today: TODAY }).safeParse(s).success).toBe(true)
  })

  it('builds the flood claim submission with every field of the spec, and carries emergencyRepair', () => {
    const s = buildFloodSubmission(
      flood({ repairs: { ...emptyRepairs(), name: 'Keys Dry-Out', phone: '305-555-0100', assignVendor: 'yes', serviceOptions: [1] } }),
      floodCtx,
    )
    const SPEC = [
      'claimId',
      'policyId',
      'dateClaimReported',
      'lossDate',
      'lossDescription',
      'firstName',
      'lastName',
      'homePhone',
      'workPhone',
      'cellPhone',
      'emailAddress',
      'lossAddress',
      'lossCity',
      'lossState',
      'lossZipCode',
      'claimReportedByName',
      'claimReportedByPhone',
    ]
    expect(Object.keys(s).sort()).toEqual([...SPEC, 'emergencyRepair', 'preferredContact', 'confirmEmailAddress'].sort())
    expect(s.lossDate).toBe('11/22/2026 02:05:00 PM')
    expect(s.emergencyRepair).toMatchObject({ name: 'Keys Dry-Out', phone: '305-555-0100', assignNationalVendor: 'yes', serviceOptions: [1] })
    expect(floodClaimSchema({ now: { date: TODAY, time: '15:00' } }).safeParse(s).success).toBe(true)
  })

  it('sends no service options when the National Vendor answer is not yes', () => {
    const s = buildFloodSubmission(flood({ repairs: { ...emptyRepairs(), assignVendor: 'no', serviceOptions: [2] } }), floodCtx)
    expect(s.emergencyRepair.serviceOptions).toEqual([])
  })

  it('reads a flood date of loss with and without its time', () => {
    expect(parseLossDateTime('11/22/2026 02:05:00 PM')).toEqual({ date: '2026-11-22', time: '14:05' })
    expect(parseLossDateTime('11/22/2026 12:30:00 AM')).toEqual({ date: '2026-11-22', time: '00:30' })
    expect(parseLossDateTime('11/22/2026')).toEqual({ date: '2026-11-22', time: '' })
    expect(parseLossDateTime('2026-11-22')).toBeNull()
  })
})

describe('homeowners validation, every row of spec 001 section 5 that applies', () => {
  const blank = homeowners({
    lossDate: '',
    weather: '',
    cause: '',
    detailedCause: '',
    description: '',
    insured: emptyInsured(),
    reporter: { name: '', relationship: '', phone: '' },
    location: emptyLocation(),
    repairs: emptyRepairs(),
  })

  it('reports every required field of an empty form at once, with the spec messages', () => {
    expect(hoErrors(blank)).toEqual({
      lossDate: 'The Date of Loss field is required.',
      weatherRelated: 'The Weather Related Event field is required.',
      causeOfLoss: 'The Cause of Loss field is required.',
      perilMappingId: 'The Detailed Cause of Loss field is required.',
      lossDescription: 'The Brief description of Loss/Damages field is required.',
      lossAddress: 'The Loss Address field is required.',
      lossCity: 'The City field is required.',
      lossState: 'The State field is required.',
      lossZipCode: 'The Zip Code field is required.',
      emailAddress: 'The Email field is required.',
      confirmEmailAddress: 'The Confirm Email field is required.',
      claimReportedByName: 'The Reported By field is required.',
      claimReportedByRelationship: 'The Relationship to Insured field is required.',
      claimReportedByPhone: 'Phone Number is required',
      'emergencyRepair.assignNationalVendor': 'This field is required.',
      homePhone: 'At least one phone number is required.',
      preferredContact: 'The Preferred Contact Number field is required.',
    })
  })

  it.each([
    ['future date', { lossDate: '2026-11-24' }, 'lossDate', 'A future date cannot be entered.'],
    ['not a date', { lossDate: '2026-02-30' }, 'lossDate', 'The Date of Loss is not a valid date.'],
    ['description over 1900', { description: 'x'.repeat(1901) }, 'lossDescription', 'The maximum length allowed is 1900'],
    ['invalid email', { insured: { ...homeowners().insured, email: 'sam@', confirmEmail: 'sam@' } }, 'emailAddress', 'Please enter a valid email address.'],
    ['email over 100', { insured: { ...homeowners().insured, email: `${'a'.repeat(95)}@example.com` } }, 'emailAddress', 'The maximum length allowed is 100'],
    [
      'invalid confirm email (spec: "valid", no words: the general validator)',
      { insured: { ...homeowners().insured, confirmEmail: 'sam.single' } },
      'confirmEmailAddress',
      'Value is not a valid email address',
    ],
    ['confirm email differs', { insured: { ...homeowners().insured, confirmEmail: 'sam.other@example.com' } }, 'confirmEmailAddress', 'Email does not match.'],
    [
      'preferred contact names a phone not entered',
      { insured: { ...homeowners().insured, preferredContact: '3' } },
      'preferredContact',
      'The Preferred Contact Number field is required.',
    ],
    [
      'reported by over 30',
      { reporter: { name: 'x'.repeat(31), relationship: 'Self', phone: '512-555-0176' } },
      'claimReportedByName',
      'The maximum length allowed is 30',
    ],
    [
      'relationship over 18',
      { reporter: { name: 'Sam', relationship: 'x'.repeat(19), phone: '512-555-0176' } },
      'claimReportedByRelationship',
      'The maximum length allowed is 18',
    ],
    ['loss address over 50', { location: { ...homeowners().location, address: 'x'.repeat(51) } }, 'lossAddress', 'The maximum length allowed is 50'],
    ['city over 40', { location: { ...homeowners().location, city: 'x'.repeat(41) } }, 'lossCity', 'The maximum length allowed is 40'],
    ['a state off the list', { location: { ...homeowners().location, state: 'PR' } }, 'lossState', 'Please choose a state from the list.'],
    ['zip not masked', { location: { ...homeowners().location, zipCode: '7875' } }, 'lossZipCode', 'Please enter a Zip Code as ##### or #####-####.'],
    ['phone not masked', { insured: { ...homeowners().insured, workPhone: '5125550176' } }, 'workPhone', 'Please enter a phone number as ###-###-####.'],
  ] as const)('%s', (_, over, field, message) => {
    expect(hoErrors(homeowners(over as Partial<HomeownersFormValues>))[field]).toBe(message)
  })

  it('accepts a zip with +4 and a confirm email that differs only in case', () => {
    expect(hoErrors(homeowners({ location: { ...homeowners().location, zipCode: '78757-1234' } }))).toEqual({})
    expect(hoErrors(homeowners({ insured: { ...homeowners().insured, confirmEmail: 'Sam.Single@Example.com' } }))).toEqual({})
  })

  const repairs = (over: Partial<ReturnType<typeof emptyRepairs>>) => homeowners({ repairs: { ...emptyRepairs(), assignVendor: 'no', ...over } })

  it.each([
    ["'Service Comment is required.' for Other", { serviceType: 'Other' }, 'emergencyRepair.serviceTypeOptionalComment', 'Service Comment is required.'],
    [
      'service comment over 50',
      { serviceType: 'Other', serviceTypeComment: 'x'.repeat(51) },
      'emergencyRepair.serviceTypeOptionalComment',
      'The maximum length allowed is 50',
    ],
    [
      "'Please select at least one Emergency Service.'",
      { assignVendor: 'yes' },
      'emergencyRepair.serviceOptions',
      'Please select at least one Emergency Service.',
    ],
    ['company name over 50', { name: 'x'.repeat(51) }, 'emergencyRepair.name', 'The maximum length allowed is 50'],
    ['emergency email invalid (the general validator)', { email: 'plumber@' }, 'emergencyRepair.email', 'Value is not a valid email address'],
    ['emergency address over 50', { address: 'x'.repeat(51) }, 'emergencyRepair.address', 'The maximum length allowed is 50'],
    ['emergency city over 40', { city: 'x'.repeat(41) }, 'emergencyRepair.city', 'The maximum length allowed is 40'],
    ['emergency state off the list', { state: 'XX' }, 'emergencyRepair.state', 'Please choose a state from the list.'],
    ['emergency zip not masked', { zipCode: '123' }, 'emergencyRepair.zipCode', 'Please enter a Zip Code as ##### or #####-####.'],
    ['emergency phone not masked', { phone: '555-0100' }, 'emergencyRepair.phone', 'Please enter a phone number as ###-###-####.'],
  ] as const)('%s', (_, over, field, message) => {
    expect(hoErrors(repairs(over))[field]).toBe(message)
  })

  it('accepts an emergency section left empty but for the vendor answer', () => {
    expect(hoErrors(repairs({}))).toEqual({})
    expect(hoErrors(repairs({ assignVendor: 'yes', serviceOptions: [2, 4] }))).toEqual({})
  })
})

describe('flood validation: no weather, causes or relationship; preferred contact and confirm email optional', () => {
  it('reports the flood messages of an empty form', () => {
    const errors = floodErrors(
      flood({
        lossDate: '',
        lossTime: '',
        description: '',
        insured: emptyInsured(),
        reporter: { name: '', relationship: '', phone: '' },
        location: emptyLocation(),
        repairs: emptyRepairs(),
      }),
    )
    expect(errors).toEqual({
      lossDate: 'The Date of Loss field is required.',
      lossDescription: 'The Brief Description of the Loss / Damages field is required.',
      emailAddress: 'The Email field is required.',
      lossAddress: 'The Loss Address field is required.',
      lossCity: 'The City field is required.',
      lossState: 'The State field is required.',
      lossZipCode: 'The Zip Code field is required.',
      claimReportedByName: 'The Reported By field is required.',
      claimReportedByPhone: 'Phone Number is required',
      'emergencyRepair.assignNationalVendor': 'This field is required.',
      homePhone: 'At least one phone number is required.',
    })
  })

  it('the flood description has the homeowners limit, 1900 (spec 001 gives it for homeowners only; decision 219)', () => {
    expect(floodErrors(flood({ description: 'x'.repeat(1900) })).lossDescription).toBeUndefined()
    expect(floodErrors(flood({ description: 'x'.repeat(1901) })).lossDescription).toBe('The maximum length allowed is 1900')
  })

  it("'flood skips the match check'; confirm email and preferred contact are not required", () => {
    expect(floodErrors(flood({ insured: { ...flood().insured, confirmEmail: 'someone.else@example.com' } }))).toEqual({})
    expect(floodErrors(flood({ insured: { ...flood().insured, confirmEmail: '', preferredContact: '' } }))).toEqual({})
    expect(floodErrors(flood({ insured: { ...flood().insured, confirmEmail: 'not-an-email' } })).confirmEmailAddress).toBe('Value is not a valid email address')
  })

  it('refuses a time later today, and a date without a time (issue 35 item 2)', () => {
    expect(floodErrors(flood({ lossDate: TODAY, lossTime: '15:01' })).lossDate).toBe('A future date cannot be entered.')
    expect(floodErrors(flood({ lossDate: TODAY, lossTime: '15:00' }))).toEqual({})
    expect(floodErrors(flood({ lossDate: TODAY, lossTime: '' })).lossDate).toBe('The Time of Loss field is required.')
    expect(floodErrors(flood({ lossDate: '2026-11-24', lossTime: '' })).lossDate).toBe('A future date cannot be entered.')
  })
})
