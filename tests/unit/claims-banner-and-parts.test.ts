import { describe, expect, it } from 'vitest'
import { mitigationBannerShown, type MitigationBannerFacts } from '../../shared/claims/mitigation'
import { insuredLocation, lossLocationCode, sameAddress } from '../../shared/claims/location'
import { emptyLocation } from '../../shared/claims/payload'
import { hasAnyPhone, keptPreferredContact, preferredContactChoices } from '../../shared/claims/contact'
import { fraudWarningStyle, visibleDeductibles } from '../../shared/claims/seed-display'
import {
  commentAfterTypeChange,
  hasRepairCompany,
  NO_REPAIR_COMPANY,
  SERVICE_OPTIONS,
  SERVICE_TYPES,
  serviceCommentRequired,
  vendorServices,
  vendorTransition,
  type VendorState,
} from '../../shared/claims/emergency-repairs'
import { matrixFiltered, policyActiveOn, streetLine } from '../../shared/claims/policy-facts'
import { US_STATES, isUsState } from '../../shared/us-states'

/** Spec 001 sections 2-4 and 9, rule by rule. */

const shown: MitigationBannerFacts = {
  lossAtInsuredLocation: true,
  planId: 'HO3',
  daysSinceLoss: 5,
  isPolicyActive: true,
  mitigationType: 1,
  exclusions: [],
  endorsements: [],
}

describe("mitigation banner: 'shown only when all hold: loss address equals insured location; plan is not HO4, HOA, DP1, RSC, BR3 or CPP; the date difference is 5 days or less; the policy is active'", () => {
  it.each([
    ['all hold', {}, true],
    ['loss elsewhere', { lossAtInsuredLocation: false }, false],
    ['6 days', { daysSinceLoss: 6 }, false],
    ['0 days', { daysSinceLoss: 0 }, true],
    ['inactive', { isPolicyActive: false }, false],
    ...['HO4', 'HOA', 'DP1', 'RSC', 'BR3', 'CPP', 'ho4'].map((planId) => [`plan ${planId}`, { planId }, false] as const),
    ...['HO5', 'HO6', 'DP3', 'MFH'].map((planId) => [`plan ${planId}`, { planId }, true] as const),
  ] as const)('%s', (_, over, expected) => {
    expect(mitigationBannerShown({ ...shown, ...over })).toBe(expected)
  })

  it.each([
    ["'0 hidden'", 0, [], [], false],
    ["'1 shown'", 1, ['WIND', 'WATER'], [], true],
    ["'2 shown if Exclusions lack WIND'", 2, ['WATER'], [], true],
    ['2 hidden with a WIND exclusion', 2, ['WIND'], [], false],
    ['2 hidden with a wind exclusion in any case', 2, ['Wind/Hail'], [], false],
    ["'3 shown if Exclusions lack WATER'", 3, ['WIND'], [], true],
    ['3 hidden with a WATER exclusion', 3, ['WATER'], [], false],
    ["'4 shown if endorsements exist'", 4, [], ['HO 04 90'], true],
    ['4 hidden without endorsements', 4, [], [], false],
  ] as const)('%s', (_, mitigationType, exclusions, endorsements, expected) => {
    expect(mitigationBannerShown({ ...shown, mitigationType, exclusions, endorsements })).toBe(expected)
  })
})

describe('loss location', () => {
  const seed = { LocationAddress: '2417 Riverbank Drive', LocationCity: 'Sacramento', LocationState: 'CA', LocationZipCode: '95831' }

  it("lossLocation is '2' if the same-address box is checked, else '1'", () => {
    expect([lossLocationCode(true), lossLocationCode(false)]).toEqual(['2', '1'])
  })

  it('ticking copies the seed location; unticking leaves empty fields', () => {
    expect(insuredLocation(seed)).toEqual({ address: '2417 Riverbank Drive', city: 'Sacramento', state: 'CA', zipCode: '95831' })
    expect(emptyLocation()).toEqual({ sameAsInsured: false, address: '', city: '', state: '', zipCode: '' })
  })

  it.each([
    [{ address: '2417 riverbank drive ', city: 'SACRAMENTO', state: 'ca', zipCode: '95831-1234' }, true],
    [{ address: '2417  Riverbank Drive.', city: 'Sacramento', state: 'CA', zipCode: '95831' }, true],
    [{ address: '2419 Riverbank Drive', city: 'Sacramento', state: 'CA', zipCode: '95831' }, false],
    [{ address: '2417 Riverbank Drive', city: 'Sacramento', state: 'CA', zipCode: '95832' }, false],
    [{ address: '', city: '', state: '', zipCode: '' }, false],
  ])('%j equals the insured location: %s', (a, expected) => {
    expect(sameAddress(a, insuredLocation(seed))).toBe(expected)
  })

  it('joins the two street lines of a risk address', () => {
    expect(streetLine('1500 Ocean Drive', 'Unit 1204')).toBe('1500 Ocean Drive Unit 1204')
    expect(streetLine('9 Tradd Street', '')).toBe('9 Tradd Street')
  })
})

describe("preferred contact: 'built from the phones entered (1 Home Phone, 2 Work Phone, 3 Mobile Phone)'", () => {
  it.each([
    [{ homePhone: '', workPhone: '', cellPhone: '' }, []],
    [{ homePhone: '916-555-0123', workPhone: '', cellPhone: '' }, ['1']],
    [{ homePhone: '', workPhone: '916-555-0124', cellPhone: '916-555-0125' }, ['2', '3']],
    [{ homePhone: '916-555-0123', workPhone: '916-555-0124', cellPhone: '916-555-0125' }, ['1', '2', '3']],
    [{ homePhone: '916-555', workPhone: '', cellPhone: '' }, []],
  ])('%j -> %j', (phones, values) => {
    expect(preferredContactChoices(phones).map((c) => c.value)).toEqual(values)
  })

  it('labels each option with its kind and number', () => {
    expect(preferredContactChoices({ homePhone: '', workPhone: '', cellPhone: '916-555-0125' })).toEqual([{ value: '3', label: 'Mobile Phone (916-555-0125)' }])
  })

  it('keeps a selection while its phone is there and clears it when the phone goes', () => {
    expect(keptPreferredContact('2', { homePhone: '', workPhone: '916-555-0124', cellPhone: '' })).toBe('2')
    expect(keptPreferredContact('2', { homePhone: '916-555-0123', workPhone: '', cellPhone: '' })).toBe('')
  })

  it("'at least one of home, work, mobile'", () => {
    expect(hasAnyPhone({ homePhone: '', workPhone: '', cellPhone: '' })).toBe(false)
    expect(hasAnyPhone({ homePhone: '', workPhone: '', cellPhone: '916-555-0125' })).toBe(true)
  })
})

describe('deductibles box and fraud warning', () => {
  it("'Deductibles (map of name to amount; zero entries hidden)'", () => {
    expect(visibleDeductibles({ 'All Other Perils': 100000, Earthquake: 0, Wildfire: 250000 })).toEqual([
      { name: 'All Other Perils', cents: 100000 },
      { name: 'Wildfire', cents: 250000 },
    ])
    expect(visibleDeductibles({ Hurricane: 0 })).toEqual([])
  })

  it.each([
    [
      { FontName: 'Arial', FontSize: '12', FontWeight: 'N' },
      { fontFamily: 'Arial, sans-serif', fontSize: '12pt', fontWeight: 'normal' },
    ],
    [
      { FontName: 'Arial', FontSize: 14, FontWeight: 'Y' },
      { fontFamily: 'Arial, sans-serif', fontSize: '14pt', fontWeight: 'bold' },
    ],
    [
      { FontName: 'Segoe UI', FontSize: '16px', FontWeight: 'y' },
      { fontFamily: "'Segoe UI', sans-serif", fontSize: '16px', fontWeight: 'bold' },
    ],
    // Issue 35: a serif face (TX's Times New Roman) keeps the page's font; size and weight still apply.
    [
      { FontName: 'Times New Roman', FontSize: '13', FontWeight: 'N' },
      { fontSize: '13pt', fontWeight: 'normal' },
    ],
    [
      { FontName: 'Georgia, serif', FontSize: '12', FontWeight: 'Y' },
      { fontSize: '12pt', fontWeight: 'bold' },
    ],
    [{ FontName: 'x;background:url(//evil)', FontSize: '12pt;color:red', FontWeight: 'bold' }, { fontWeight: 'normal' }],
  ])("'styled from server-given font name, size and weight (weight 'Y' means bold)': %j", (lang, style) => {
    expect(fraudWarningStyle(lang)).toEqual(style)
  })
})

describe('emergency repairs', () => {
  it('has the service types and National Vendor options of spec 001 section 9', () => {
    expect(SERVICE_TYPES).toEqual(['Water Mitigation', 'Board-Up/Secure Property', 'Roof Tarping', 'Plumber', 'Fire/Smoke Mitigation', 'Other'])
    expect(SERVICE_OPTIONS.map((o) => `${o.code} ${o.label}`)).toEqual(['1 Water Mitigation', '2 Board-Up', '3 Fire/Smoke Mitigation', '4 Roof Tarping'])
  })

  it("'Service type Other shows a required comment field; any other type clears the comment'", () => {
    expect(serviceCommentRequired('Other')).toBe(true)
    expect(serviceCommentRequired('Plumber')).toBe(false)
    expect(commentAfterTypeChange('Other', 'Fence repair')).toBe('Fence repair')
    expect(commentAfterTypeChange('Plumber', 'Fence repair')).toBe('')
  })

  const unanswered: VendorState = { answer: '', modalOpen: false, checklistShown: false, options: [] }
  const yes: VendorState = { answer: 'yes', modalOpen: true, checklistShown: true, options: [] }
  const checked: VendorState = { answer: 'yes', modalOpen: false, checklistShown: true, options: [1, 4] }
  const cleared: VendorState = { answer: 'no', modalOpen: false, checklistShown: false, options: [] }

  it.each([
    ["'Yes opens the assign-repairs modal and shows a service checklist'", unanswered, { type: 'answer', answer: 'yes' }, yes],
    ["'Modal Confirm keeps the checklist'", yes, { type: 'modal-confirm' }, { ...yes, modalOpen: false }],
    ["'modal Cancel ... hides it, sets the answer to no and clears selections'", { ...checked, modalOpen: true }, { type: 'modal-cancel' }, cleared],
    ["'answering No hides it, sets the answer to no and clears selections'", checked, { type: 'answer', answer: 'no' }, cleared],
    ["'closing with X keeps the checklist'", { ...checked, modalOpen: true }, { type: 'modal-close' }, checked],
    ['checking an option adds it in code order', { ...checked, options: [4] }, { type: 'toggle-option', code: 1, checked: true }, checked],
    ['unchecking removes it', checked, { type: 'toggle-option', code: 4, checked: false }, { ...checked, options: [1] }],
  ] as const)('%s', (_, from, event, to) => {
    expect(vendorTransition(from, event)).toEqual(to)
  })

  it('issue 35: a mitigation requested above is one of the vendor services, asked once', () => {
    expect(vendorServices([1], [4])).toEqual([1, 4])
    expect(vendorServices([4, 1], [4])).toEqual([1, 4])
    expect(vendorServices([], [4])).toEqual([4])
    expect(vendorServices([2], [9])).toEqual([2])
  })

  it('issue 35: the company fields count as answered once any holds text', () => {
    expect(hasRepairCompany(NO_REPAIR_COMPANY)).toBe(false)
    expect(hasRepairCompany({ ...NO_REPAIR_COMPANY, city: '  ' })).toBe(false)
    expect(hasRepairCompany({ ...NO_REPAIR_COMPANY, serviceType: 'Plumber' })).toBe(true)
  })
})

describe('policy facts of the claim calls', () => {
  it.each([
    [{ 'pH.UseClaimsMatrixFiltered': true }, {}, true],
    [{ 'pH.UseClaimsMatrixFiltered': false }, { 'pH.UseClaimsMatrixFiltered': true }, false],
    [{}, { 'pH.UseClaimsMatrixFiltered': true }, true],
    [{}, {}, false],
  ])('pH.UseClaimsMatrixFiltered: policy %j, global %j -> %s', (policy, global, expected) => {
    expect(matrixFiltered(policy, global)).toBe(expected)
  })

  const p = { policyStatus: 'Active', effectiveDate: '2026-06-01', renewalDate: '2027-06-01' }
  it.each([
    [p, '2026-06-01', true],
    [p, '2027-06-01', true],
    [p, '2026-05-31', false],
    [{ ...p, policyStatus: 'Active - Reinstated' }, '2026-11-20', true],
    [{ ...p, policyStatus: 'Cancelled - Non-Payment' }, '2026-11-20', false],
    [{ ...p, policyStatus: 'Pending' }, '2026-11-20', false],
  ])('IsPolicyActive of %j on %s: %s', (policy, date, expected) => {
    expect(policyActiveOn(policy, date)).toBe(expected)
  })
})

describe("state list: 'the 50 states plus DC'", () => {
  it('has 51 unique codes including DC', () => {
    expect(US_STATES).toHaveLength(51)
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51)
    expect(isUsState('DC')).toBe(true)
    expect(isUsState('PR')).toBe(false)
  })
})
