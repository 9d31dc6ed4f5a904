import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest'
import { fieldErrors } from '../../shared/forms/field-errors'
import { findPolicySchema } from '../../shared/identity/schemas/find-policy'
import { registerSchema, registerApiSchema } from '../../shared/identity/schemas/register'
import { addPolicySchema, addPolicyApiSchema } from '../../shared/identity/schemas/add-policy'
import { profileSchema, profileApiSchema, passwordUpdateSchema, passwordUpdateApiSchema } from '../../shared/identity/schemas/manage-profile'
import { forgotPasswordSchema, forgotPasswordApiSchema, resetPasswordSchema } from '../../shared/identity/schemas/password-reset'
import { nicknameSchema, nicknameApiSchema } from '../../shared/identity/schemas/nickname'

/** Every message below is quoted from spec 000 section 5 (or, where marked, ours). */
const RULE = 'Password requires between 7 and 35 characters, at least one uppercase, at least one lowercase, and at least one number or one special character.'

function errorsOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value)
  return r.success ? {} : fieldErrors(r.error!)
}

const validRegistration = {
  policyID: 'HOM4090001',
  lastName: 'Rivera',
  birthDate: '1975-04-12',
  userName: 'new.user',
  emailAddress: 'new@example.com',
  password: 'Fresh#Start1',
  passwordConfirm: 'Fresh#Start1',
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12, 0), toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Find My Policy', () => {
  it.each([[{}], [{ policyId: '' }], [{ policyId: '   ' }]])("%j: 'Policy number field is required.'", (v) =>
    expect(errorsOf(findPolicySchema, v)).toEqual({ policyId: 'Policy number field is required.' }),
  )
  it('normalizes the number', () => expect(findPolicySchema.parse({ policyId: ' fld4090002 ' })).toEqual({ policyId: 'FLD4090002' }))
})

describe('Register (profile block and Register and Add policy)', () => {
  it.each([
    [{ lastName: '' }, 'lastName', 'The Last Name field is required.'],
    [{ birthDate: '2026-11-23' }, 'birthDate', 'A future date cannot be entered.'],
    [{ birthDate: '1975-02-30' }, 'birthDate', 'The Date of Birth is not a valid date.'],
    [{ birthDate: 'April 12' }, 'birthDate', 'The Date of Birth is not a valid date.'],
    [{ birthDate: '' }, 'birthDate', 'The Date of Birth field is required.'], // ours: the spec gives no words
    [{ userName: '' }, 'userName', 'The User Name field is required.'],
    [{ userName: 'u'.repeat(51) }, 'userName', 'The maximum length allowed is 50'],
    [{ emailAddress: '' }, 'emailAddress', 'The Email Address field is required.'],
    [{ emailAddress: 'a@' }, 'emailAddress', 'The Email Address field is invalid.'],
    [{ password: '', passwordConfirm: '' }, 'password', 'The Password field is required.'],
    [{ passwordConfirm: '' }, 'passwordConfirm', 'The Confirm Password field is required.'],
    [{ passwordConfirm: 'Fresh#Start2' }, 'passwordConfirm', 'The Password fields must match.'],
    [{ password: 'fresh#start1', passwordConfirm: 'fresh#start1' }, 'password', RULE],
  ])('%j -> %s: %s', (override, field, message) => {
    const errors = errorsOf(registerSchema, { ...validRegistration, ...override }) as Record<string, string>
    expect(errors[field]).toBe(message)
    // only the fields the override touched are in error
    expect(Object.keys(errors).every((k) => k in override)).toBe(true)
  })

  it.each(['FLD4090002', 'EXF4090004', 'AEX4040004', 'FEX1234'])('date of birth may be blank for %s', (policyID) =>
    expect(registerSchema.parse({ ...validRegistration, policyID, birthDate: '' }).birthDate).toBeNull(),
  )

  it('accepts yyyy/mm/dd and hands the service yyyy-mm-dd, without the confirmation', () => {
    const data = registerSchema.parse({ ...validRegistration, birthDate: '1975/04/12' })
    expect(data.birthDate).toBe('1975-04-12')
    expect(data).not.toHaveProperty('passwordConfirm')
  })

  it('the API body of section 7 ({userName, emailAddress, password, policyID, lastName, birthDate}) needs no confirmation', () => {
    const { passwordConfirm: _c, ...api } = validRegistration
    expect(registerApiSchema.parse(api)).toMatchObject({ policyID: 'HOM4090001', birthDate: '1975-04-12' })
    expect(registerApiSchema.parse({ ...api, policyID: 'FLD4090002', birthDate: null }).birthDate).toBeNull()
  })
})

describe('Add policy', () => {
  it('shares the identity rules', () => {
    expect(errorsOf(addPolicySchema, { policyID: 'HOM4090001', lastName: '', birthDate: '' })).toEqual({
      lastName: 'The Last Name field is required.',
      birthDate: 'The Date of Birth field is required.',
    })
    expect(addPolicyApiSchema.parse({ profileId: 'p-x', userName: 'u', emailAddress: 'e', policyID: 'fld1234', lastName: 'N', birthDate: null })).toMatchObject(
      { policyID: 'FLD1234', birthDate: null },
    )
  })
})

describe('Manage Profile', () => {
  it.each([
    [{ userName: '', emailAddress: 'a@b.co' }, { userName: 'User Name Required.' }],
    [{ userName: 'x', emailAddress: '' }, { emailAddress: 'Email Address Required' }],
    [{ userName: 'x', emailAddress: 'nope' }, { emailAddress: 'Email Address Invalid' }],
  ])('%j -> %j', (v, errors) => expect(errorsOf(profileSchema, v)).toEqual(errors))

  it.each([
    [
      { password: '', passwordConfirm: '' },
      {
        currentPassword: 'The Current Password field is required',
        password: 'The Password field is required',
        passwordConfirm: 'The Confirm Password field is required',
      },
    ],
    [
      { currentPassword: 'Old#Pass1', password: 'Valid#Pass1', passwordConfirm: 'Valid#Pass2' },
      { passwordConfirm: 'Password and Confirmation password do not match' },
    ],
    [
      { currentPassword: 'Old#Pass1', password: 'Aa1'.repeat(12), passwordConfirm: 'Aa1'.repeat(12) },
      { password: 'The maximum length allowed is 35', passwordConfirm: 'The maximum length allowed is 35' },
    ],
    [{ currentPassword: 'Old#Pass1', password: 'nocaps12', passwordConfirm: 'nocaps12' }, { password: RULE }],
  ])('password form %j -> %j', (v, errors) => expect(errorsOf(passwordUpdateSchema, v)).toEqual(errors))

  it('the API bodies of section 7 use the same rules', () => {
    expect(errorsOf(profileApiSchema, { UserName: '', EmailAddress: 'x', ProfileId: 'p' })).toEqual({
      UserName: 'User Name Required.',
      EmailAddress: 'Email Address Invalid',
    })
    expect(errorsOf(passwordUpdateApiSchema, { Password: 'weak', ProfileId: 'p', CurrentPassword: 'Old#Pass1' })).toEqual({ Password: RULE })
    // decision 130: the current password, required for a password change, optional (blank) on the profile body
    expect(errorsOf(passwordUpdateApiSchema, { Password: 'Valid#Pass1', ProfileId: 'p' })).toEqual({
      CurrentPassword: 'The Current Password field is required',
    })
    expect(profileApiSchema.parse({ UserName: 'u', EmailAddress: 'u@example.com', ProfileId: 'p' }).CurrentPassword).toBe('')
  })
})

describe('Forgot password and the new password', () => {
  it.each([
    [{ email: '' }, 'Email address is required.'],
    [{}, 'Email address is required.'],
    [{ email: 'nope' }, 'Email Address Invalid.'],
  ])('%j -> %s', (v, message) => expect(errorsOf(forgotPasswordSchema, v)).toEqual({ email: message }))
  it('API {Email}', () => expect(forgotPasswordApiSchema.parse({ Email: ' a@b.co ' })).toEqual({ Email: 'a@b.co' }))
  it('Choose a New Password uses the registration messages and the rule', () => {
    expect(errorsOf(resetPasswordSchema, { password: '', passwordConfirm: '' })).toEqual({
      password: 'The Password field is required.',
      passwordConfirm: 'The Confirm Password field is required.',
    })
    expect(errorsOf(resetPasswordSchema, { password: 'Valid#Pass1', passwordConfirm: 'x' })).toEqual({ passwordConfirm: 'The Password fields must match.' })
  })
})

describe('Nickname ("maximum 20")', () => {
  it('trims, and refuses 21 characters', () => {
    expect(nicknameSchema.parse({ policyId: 'hom1', nickname: '  Cabin  ' })).toEqual({ policyId: 'HOM1', nickname: 'Cabin' })
    expect(errorsOf(nicknameSchema, { policyId: 'HOM1', nickname: 'x'.repeat(21) })).toEqual({ nickname: 'The maximum length allowed is 20' })
    expect(nicknameApiSchema.parse({ ProfileId: 'p', PolicyID: 'hom1', Nickname: 'x'.repeat(20) }).Nickname).toHaveLength(20)
  })
})
