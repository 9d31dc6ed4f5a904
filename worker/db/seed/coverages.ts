import type { z } from 'zod'
import type { coveragesSchema, Deductible } from '../../../shared/policy/schemas/coverages'

/**
 * The coverages of every demo policy (issue 24): realistic limits for the form, the property and the
 * state. Written in dollars here, stored in cents. Endorsements come from the policy's documents
 * (buildPolicy adds them), so the coverages and the Documents page always name the same ones.
 */

type Limits = z.input<typeof coveragesSchema>['limits']
const $ = (dollars: number): number => Math.round(dollars * 100)
const aop = (dollars: number): Deductible => ({ peril: 'All Other Perils', amount: $(dollars) })
const pct = (peril: string, percentOfDwelling: number): Deductible => ({ peril, percentOfDwelling })
const fixed = (peril: string, dollars: number): Deductible => ({ peril, amount: $(dollars) })

/** A-F from the dwelling limit: B 10%, C `cShare` of A, D 20% (30% on HO5), E and F as chosen. */
function homeowners(a: number, o: { cShare?: number; d?: number; e?: number; f?: number } = {}): Limits {
  return [
    { code: 'A', limit: $(a) },
    { code: 'B', limit: $(a * 0.1) },
    { code: 'C', limit: $(a * (o.cShare ?? 0.5)) },
    { code: 'D', limit: $(o.d ?? a * 0.2) },
    { code: 'E', limit: $(o.e ?? 300_000) },
    { code: 'F', limit: $(o.f ?? 5_000) },
  ]
}

function flood(building: number, contents: number): Limits {
  return [
    { code: 'BUILDING', limit: $(building) },
    { code: 'CONTENTS', limit: $(contents) },
  ]
}

const floodDeductibles = (building: number, contents: number): Deductible[] => [fixed('Building', building), fixed('Contents', contents)]

type SeedCoverages = Omit<z.input<typeof coveragesSchema>, 'endorsements'>

export const SEED_COVERAGES: Readonly<Record<string, SeedCoverages>> = {
  // maria: Sacramento HO3 (wildfire deductible), Miami Beach condo (wind excluded), Sacramento NFIP flood
  HOM4010001: { form: 'HO3', limits: homeowners(525_000), deductibles: [aop(1_000), fixed('Wildfire', 2_500)] },
  CND4010002: {
    form: 'HO6',
    limits: [
      { code: 'A', limit: $(60_000) },
      { code: 'C', limit: $(75_000) },
      { code: 'D', limit: $(15_000) },
      { code: 'E', limit: $(300_000) },
      { code: 'F', limit: $(5_000) },
    ],
    deductibles: [aop(500)],
  },
  FLD4010003: { form: 'NFIP', limits: flood(250_000, 100_000), deductibles: floodDeductibles(1_250, 1_250), replacementCost: true, occupancy: 'residential' },
  // sam: Austin HO5 with a 1% wind/hail deductible; a Columbus national HO3
  HOM4020001: { form: 'HO5', limits: homeowners(350_000, { cShare: 0.7, d: 105_000 }), deductibles: [aop(1_000), pct('Wind/Hail', 1)] },
  NHO4030001: { form: 'HO3', limits: homeowners(285_000), deductibles: [aop(1_000)] },
  // erin and the edge cases
  HOM4040001: { form: 'HO5', limits: homeowners(410_000, { cShare: 0.7 }), deductibles: [aop(1_500), pct('Hurricane', 2)] },
  DWL4040002: {
    form: 'DP3',
    limits: [
      { code: 'A', limit: $(640_000) },
      { code: 'B', limit: $(64_000) },
      { code: 'C', limit: $(25_000) },
      { code: 'D', limit: $(64_000) },
    ],
    deductibles: [aop(2_500), pct('Hurricane', 5)],
  },
  HOM4040003: { form: 'HOA', limits: homeowners(240_000, { e: 100_000, f: 1_000 }), deductibles: [pct('All Other Perils', 1), pct('Wind/Hail', 2)] },
  AEX4040004: { form: 'EXCESS_FLOOD', limits: flood(750_000, 150_000), deductibles: floodDeductibles(0, 0), replacementCost: true },
  FLD4040005: { form: 'NFIP', limits: flood(250_000, 100_000), deductibles: floodDeductibles(5_000, 5_000), replacementCost: true, occupancy: 'residential' },
  HOM4040006: {
    form: 'HO5',
    limits: homeowners(780_000, { cShare: 0.7, e: 500_000 }),
    deductibles: [aop(2_500), fixed('Wildfire', 10_000)],
  },
  // casey's catalog: one of every other plan
  BLD4050001: { form: 'BUILDERS_RISK', limits: [{ code: 'COMPLETED_VALUE', limit: $(1_850_000) }], deductibles: [aop(5_000)] },
  COM4050002: {
    form: 'COMMERCIAL_LIABILITY',
    limits: [
      { code: 'EACH_OCCURRENCE', limit: $(1_000_000) },
      { code: 'AGGREGATE', limit: $(2_000_000) },
    ],
    deductibles: [fixed('Property Damage Liability', 1_000)],
  },
  COM4050003: {
    form: 'COMMERCIAL_PROPERTY',
    limits: [
      { code: 'BUILDING', limit: $(85_000) }, // the tenant's improvements to the suite
      { code: 'BUSINESS_PERSONAL_PROPERTY', limit: $(180_000) },
      { code: 'BUSINESS_INCOME', limit: $(120_000) },
      { code: 'EACH_OCCURRENCE', limit: $(1_000_000) },
      { code: 'AGGREGATE', limit: $(2_000_000) },
    ],
    deductibles: [aop(1_000)],
  },
  COM4050004: {
    form: 'COMMERCIAL_PROPERTY',
    limits: [
      { code: 'BUILDING', limit: $(1_250_000) },
      { code: 'BUSINESS_PERSONAL_PROPERTY', limit: $(400_000) },
      { code: 'BUSINESS_INCOME', limit: $(250_000) },
      { code: 'EACH_OCCURRENCE', limit: $(1_000_000) },
      { code: 'AGGREGATE', limit: $(2_000_000) },
    ],
    deductibles: [aop(2_500), pct('Wind/Hail', 2)],
  },
  DWL4050005: {
    form: 'DP1',
    limits: [
      { code: 'A', limit: $(395_000) },
      { code: 'B', limit: $(39_500) },
      { code: 'D', limit: $(39_500) },
    ],
    deductibles: [aop(1_000), pct('Hurricane', 3)],
  },
  MFH4050006: { form: 'MFH', limits: homeowners(92_000, { e: 100_000, f: 1_000 }), deductibles: [aop(500), pct('Wind/Hail', 2)] },
  RNT4050007: {
    form: 'HO4',
    limits: [
      { code: 'C', limit: $(30_000) },
      { code: 'D', limit: $(9_000) },
      { code: 'E', limit: $(100_000) },
      { code: 'F', limit: $(1_000) },
    ],
    deductibles: [aop(500)],
  },
  NCN4050008: {
    form: 'HO6',
    limits: [
      { code: 'A', limit: $(100_000) },
      { code: 'C', limit: $(120_000) },
      { code: 'D', limit: $(36_000) },
      { code: 'E', limit: $(500_000) },
      { code: 'F', limit: $(5_000) },
    ],
    deductibles: [aop(1_000)],
  },
  RSC4050009: { form: 'HO3', limits: homeowners(465_000), deductibles: [aop(2_500), pct('Named Storm', 5)] },
  UMB4050010: {
    form: 'UMBRELLA',
    limits: [
      { code: 'EACH_OCCURRENCE', limit: $(2_000_000) },
      { code: 'AGGREGATE', limit: $(2_000_000) },
    ],
    deductibles: [fixed('Self-Insured Retention', 250)],
  },
  FLD4050011: { form: 'NFIP', limits: flood(250_000, 100_000), deductibles: floodDeductibles(2_000, 2_000), replacementCost: true, occupancy: 'residential' },
  FLD4050012: { form: 'NFIP', limits: flood(185_000, 60_000), deductibles: floodDeductibles(1_000, 1_000), replacementCost: false, occupancy: 'residential' },
  // wren's worst day
  HOM4060001: { form: 'HO3', limits: homeowners(265_000), deductibles: [aop(1_000), pct('Named Storm', 2)] },
  HOM4060002: { form: 'HO3', limits: homeowners(190_000), deductibles: [aop(1_500), pct('Named Storm', 2)] },
  HOM4060003: { form: 'HO3', limits: homeowners(145_000), deductibles: [aop(1_000)] },
  // noor: one Pensacola house, a homeowners and a flood policy (issue 33 item 4)
  HOM4070001: { form: 'HO3', limits: homeowners(340_000), deductibles: [aop(1_000), pct('Hurricane', 2)] },
  FLD4070002: { form: 'NFIP', limits: flood(250_000, 100_000), deductibles: floodDeductibles(1_250, 1_250), replacementCost: true, occupancy: 'residential' },
  // unlinked (registration) policies
  HOM4090001: { form: 'HO8', limits: homeowners(310_000, { cShare: 0.5 }), deductibles: [aop(1_000)] },
  FLD4090002: { form: 'NFIP', limits: flood(225_000, 80_000), deductibles: floodDeductibles(1_250, 1_250), replacementCost: true, occupancy: 'residential' },
  HOM4090003: { form: 'HOB', limits: homeowners(198_000), deductibles: [aop(1_000), pct('Wind/Hail', 1)] },
  EXF4090004: { form: 'EXCESS_FLOOD', limits: flood(500_000, 100_000), deductibles: floodDeductibles(0, 0), replacementCost: false },
}
