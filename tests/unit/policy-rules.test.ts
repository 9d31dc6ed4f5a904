import { describe, it, expect } from 'vitest'
import { planDescription } from '../../shared/policy/plans'
import { PLAN_CODES } from '../support/plans'
import { policyFamily, routeFamilyFor, isBirthDateExempt } from '../../shared/policy/family'
import { mayESign, mayViewESignHistory, mayReportClaim, mayMakePayment } from '../../shared/policy/permissions'
import { landingRoute } from '../../shared/sso/landing'

describe('plan descriptions (spec 000 section 1)', () => {
  it.each([
    ['BR3', 'Contractor'],
    ['CPL', 'Commercial'],
    ['CPO', 'Commercial Office'],
    ['CPP', 'Commercial Package'],
    ['DP1', 'Seasonal/Investment'],
    ['DP3', 'Seasonal/Investment'],
    ['HO3', 'Homeowners'],
    ['HO5', 'Homeowners'],
    ['HO7', 'Homeowners'],
    ['HO8', 'Homeowners'],
    ['HOA', 'Homeowners'],
    ['HOB', 'Homeowners'],
    ['MFH', 'Manufactured Home'],
    ['HO4', 'Renters'],
    ['NH3', 'National Homeowners'],
    ['HO6', 'Condominium'],
    ['NH6', 'National Condominium'],
    ['RSC', 'RISC'],
    ['UMB', 'Umbrella'],
    ['PRP', 'Flood'],
    ['STD', 'Flood'],
    ['MP3', 'Flood'],
    ['EXC', 'Excess Flood'],
    ['XYZ', 'Unknown'],
    ['', 'Unknown'],
  ])('%s is %s', (code, description) => expect(planDescription(code)).toBe(description))

  it.each(PLAN_CODES)('%s has a description', (code) => expect(planDescription(code)).not.toBe('Unknown'))
})

describe('policy family (spec 000 section 1)', () => {
  it.each([
    ['AEX1234', 'flood'],
    ['EXA1234', 'flood'],
    ['FLD1234', 'flood'],
    ['fld1234', 'flood'],
    ['HOA1234', 'homeowners'],
    ['FLA12345', 'homeowners'],
    ['AEA1234', 'homeowners'],
  ])('%s -> %s', (id, family) => expect(policyFamily(id)).toBe(family))

  it.each([
    ['FLD1', 'GetPolicy', 'flood'],
    ['FLD1', 'PostESignatures', 'homeowners'], // no flood route: falls back to homeowners
    ['HOA1', 'GetPolicy', 'homeowners'],
    ['FLD1', 'Teleport', null], // neither: 'NO ROUTE FOR REQUEST'
  ])('%s %s -> %s', (id, op, family) => expect(routeFamilyFor(id, op)).toBe(family))

  it.each([
    ['FLD123', true],
    ['EXA123', true],
    ['AEX123', true],
    ['HEX123', true],
    ['HOEX12', false],
    ['HOA123', false],
  ])('date of birth exempt for %s: %s', (id, exempt) => expect(isBirthDateExempt(id)).toBe(exempt))
})

describe('navigation permissions (spec 000 section 4)', () => {
  const base = { policyStatus: 'Active', previousCancelled: false, isFlood: false, isExcessFlood: false, isUmbrella: false }
  it.each([
    ['active homeowners', base, { esign: true, history: true, claim: true, pay: true }],
    ['cancelled homeowners', { ...base, policyStatus: 'Policy Cancelled' }, { esign: false, history: true, claim: false, pay: false }],
    ['lower-case cancelled', { ...base, policyStatus: 'cancelled' }, { esign: false, history: true, claim: false, pay: false }],
    ['flood', { ...base, isFlood: true }, { esign: false, history: false, claim: true, pay: true }],
    ['excess flood', { ...base, isFlood: true, isExcessFlood: true }, { esign: false, history: false, claim: false, pay: true }],
    ['umbrella', { ...base, isUmbrella: true }, { esign: false, history: false, claim: true, pay: true }],
    ['previously cancelled', { ...base, previousCancelled: true }, { esign: true, history: true, claim: true, pay: false }],
  ])('%s', (_name, facts, expected) => {
    expect({ esign: mayESign(facts), history: mayViewESignHistory(facts), claim: mayReportClaim(facts), pay: mayMakePayment(facts) }).toEqual(expected)
  })
})

describe('landing route (spec 000 "SSO landing")', () => {
  it.each([
    [true, 'POLICYDOCUMENTS', 'ESignature'],
    [false, 'POLICYSUMMARY', 'PolicyOverview'],
    [false, 'POLICYDOCUMENTS', 'PolicyDocs'],
    [false, 'REPORTCLAIM', 'ReportClaim'],
    [false, 'reportclaim', 'ReportClaim'],
    [false, undefined, 'PolicyOverview'],
    [false, 'SOMETHING', 'PolicyOverview'],
  ] as const)('eSignatureRequired=%s action %s -> %s', (required, action, to) => {
    expect(landingRoute({ eSignatureRequired: required }, action)).toBe(to)
  })
})
