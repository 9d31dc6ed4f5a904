import { describe, expect, it } from 'vitest'
import type { ClaimsMatrixRow } from '../../shared/claims/api-shapes'
import {
  autoSelectedDetailedCause,
  causeChoices,
  detailedCauseChoices,
  detailedCauseFacts,
  detailedCauseRows,
  rowsForWeather,
} from '../../shared/claims/matrix'
import { mitigationComment, mitigationCommentLine } from '../../shared/claims/mitigation'

/** Spec 001 section 4 "Homeowners claim flow", steps 3-5, and section 9 (mitigation codes). */

const row = (Id: number, PerilDescription: string, SubPerilDescription: string, WeatherRelated: number, MitigationRequired = 0): ClaimsMatrixRow => ({
  Id,
  PerilDescription,
  SubPerilDescription,
  WeatherRelated,
  MitigationRequired,
})

const MATRIX = [
  row(1, 'Water Damage', 'Burst pipe', 1, 1),
  row(2, 'Water Damage', 'Appliance leak', 0, 1),
  row(3, 'Water Damage', 'Rain through roof', 2, 4),
  row(3, 'Water Damage', 'Rain through roof (duplicate row)', 2, 4),
  row(4, 'Wind/Hail', 'Broken windows', 2, 2),
  row(5, 'Fire', 'Kitchen fire', 0, 3),
  row(6, 'Vandalism', 'Vandalism', 0, 2),
  row(7, 'Lightning', 'Strike', 3, 3),
]

describe("step 3: 'Yes keeps rows with WeatherRelated of 1 or more; No keeps rows with WeatherRelated of 1 or less'", () => {
  it.each([
    ['yes', [1, 3, 3, 4, 7]],
    ['no', [1, 2, 5, 6]],
  ] as const)('weather %s keeps ids %j', (weather, ids) => {
    expect(rowsForWeather(MATRIX, weather).map((r) => r.Id)).toEqual(ids)
  })

  it("'Options are deduplicated by description', in matrix order", () => {
    expect(causeChoices(MATRIX, 'yes').map((c) => c.value)).toEqual(['Water Damage', 'Wind/Hail', 'Lightning'])
    expect(causeChoices(MATRIX, 'no').map((c) => c.label)).toEqual(['Water Damage', 'Fire', 'Vandalism'])
  })
})

describe("step 4: 'Choosing a cause filters the detailed causes from the matrix, deduplicated by id'", () => {
  it.each([
    ['yes', 'Water Damage', ['1', '3']],
    ['no', 'Water Damage', ['1', '2']],
    ['no', 'Vandalism', ['6']],
    ['yes', 'Fire', []],
  ] as const)('weather %s, cause %s -> %j', (weather, cause, ids) => {
    expect(detailedCauseChoices(MATRIX, weather, cause).map((c) => c.value)).toEqual(ids)
  })

  it('labels a detailed cause with its SubPerilDescription (the first of a duplicated id)', () => {
    expect(detailedCauseChoices(MATRIX, 'yes', 'Water Damage').map((c) => c.label)).toEqual(['Burst pipe', 'Rain through roof'])
  })

  it("'If only one detailed option exists it is auto-selected and sets mitigationType from MitigationRequired'", () => {
    const only = autoSelectedDetailedCause(detailedCauseRows(MATRIX, 'no', 'Vandalism'))
    expect(only?.Id).toBe(6)
    expect(detailedCauseFacts(only)).toEqual({ perilMappingId: 6, mitigationType: 2 })
    expect(autoSelectedDetailedCause(detailedCauseRows(MATRIX, 'no', 'Water Damage'))).toBeNull()
    expect(autoSelectedDetailedCause([])).toBeNull()
  })
})

describe('step 5: the detailed cause sets mitigationType; perilMappingId is the row Id', () => {
  it.each([
    [row(9, 'X', 'Y', 0, 0), { perilMappingId: 9, mitigationType: 0 }],
    [row(10, 'X', 'Y', 0, 4), { perilMappingId: 10, mitigationType: 4 }],
    [row(11, 'X', 'Y', 0, 7), { perilMappingId: 11, mitigationType: 0 }],
    [undefined, { perilMappingId: 0, mitigationType: 0 }],
  ])('%j -> %j', (r, facts) => {
    expect(detailedCauseFacts(r)).toEqual(facts)
  })

  it("'Codes: 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping; each requested option adds a line'", () => {
    expect([1, 2, 3, 4, 0].map(mitigationCommentLine)).toEqual([
      'Water Mitigation Requested',
      'Board Up Mitigation Requested',
      'Fire/Smoke Mitigation Requested',
      'Roof Tarping Mitigation Requested',
      '',
    ])
    expect(mitigationComment([4, 1, 1])).toBe('Water Mitigation Requested\nRoof Tarping Mitigation Requested')
    expect(mitigationComment([])).toBe('')
  })
})
