import { describe, it, expect } from 'vitest'
import { isSafeInteger, isString, recordOf } from '../../shared/forms/record-of'

/** recordOf stands in for z.record(z.string(), value) in the islands' schemas (decision 163). */
describe('recordOf', () => {
  it('takes a JSON object whose values all pass, as it is', () => {
    const errors = { 'initials-0': 'Initials are required', agreeToTerms: 'Please check the box' }
    expect(recordOf(isString).safeParse(errors)).toEqual({ success: true, data: errors })
    expect(recordOf(isSafeInteger).safeParse(JSON.parse('{"Wind":50000,"All Other Perils":100000}')).success).toBe(true)
    expect(recordOf(isString).safeParse({}).success).toBe(true)
  })

  it('refuses a value that fails, and anything that is not a plain object', () => {
    expect(recordOf(isString).safeParse({ a: 'x', b: 1 }).success).toBe(false)
    expect(recordOf(isSafeInteger).safeParse({ Wind: 500.5 }).success).toBe(false)
    expect(recordOf(isSafeInteger).safeParse({ Wind: '500' }).success).toBe(false)
    for (const input of [null, undefined, 'x', 3, ['a'], new Date(0)]) expect(recordOf(isString).safeParse(input).success).toBe(false)
  })
})
