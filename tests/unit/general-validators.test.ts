import { describe, it, expect } from 'vitest'
import { GENERAL_MSG, isEmailAddress, isSameAs } from '../../shared/forms/general-validators'
import { loginSchema } from '../../shared/identity/schemas/login'
import { MSG } from '../../shared/forms/messages'
import { PROFILE_MSG } from '../../shared/identity/schemas/profile-messages'
import { maxLengthMessage } from '../../shared/claims/messages'
import { maxLength as paymentMaxLength } from '../../shared/payments/messages'
import { optionalEmail } from '../../shared/claims/schemas/claim-fields'

/** Spec 000 section 5 "General validators available" (issue 13 spec gap, decision 132). */
describe('the general validators', () => {
  it("carry the spec's words", () => {
    expect(GENERAL_MSG.required).toBe('Value is required')
    expect(GENERAL_MSG.email).toBe('Value is not a valid email address')
    expect(GENERAL_MSG.sameAs).toBe('The value must be equal to the other value')
    expect(GENERAL_MSG.minLength(7)).toBe('This field should be at least 7 characters long')
    expect(GENERAL_MSG.maxLength(35)).toBe('The maximum length allowed is 35')
  })

  it.each([
    ['sam@example.com', true],
    ['Sam.Single+claims@mail.example.co', true],
    ['sam@example', false],
    ['sam@', false],
    ['@example.com', false],
    ['sam single@example.com', false],
    ['sam@@example.com', false],
    ['', false],
  ])('email format %j -> %s', (value, ok) => expect(isEmailAddress(value)).toBe(ok))

  it('same-as', () => {
    expect(isSameAs('Abc#1234', 'Abc#1234')).toBe(true)
    expect(isSameAs('Abc#1234', 'abc#1234')).toBe(false)
    expect(isSameAs('Sam@Example.com', 'sam@example.com', { ignoreCase: true })).toBe(true)
  })

  it('are the ones the forms show: login, the profile and payment length caps, the claim form', () => {
    expect(MSG).toMatchObject({ required: GENERAL_MSG.required, min7: GENERAL_MSG.minLength(7), max35: GENERAL_MSG.maxLength(35) })
    const login = loginSchema.safeParse({ userName: '', password: 'short' })
    expect(login.success).toBe(false)
    expect(login.error?.issues.map((i) => i.message).sort()).toEqual([GENERAL_MSG.required, GENERAL_MSG.minLength(7)].sort())
    for (const n of [20, 50, 100]) {
      expect(PROFILE_MSG.maxLength(n)).toBe(GENERAL_MSG.maxLength(n))
      expect(maxLengthMessage(n)).toBe(GENERAL_MSG.maxLength(n))
      expect(paymentMaxLength(n)).toBe(GENERAL_MSG.maxLength(n))
    }
    // the emergency-repair email: spec 001 says only "valid", so the general validator's words
    expect(optionalEmail.safeParse('plumber@').error?.issues[0]?.message).toBe(GENERAL_MSG.email)
  })
})
