import { describe, expect, it } from 'vitest'
import { claimIdentityMatches } from '../../shared/identity/claim-identity'
import { claimIdentitySchema } from '../../shared/identity/schemas/claim-identity'
import { headerLinks } from '../../shared/policy/navigation'
import { returnButton } from '../../shared/forms/system-message'

/** Issue 35 item 1 (decision 220): who reports a claim without signing in, and what the claim session is shown. */
const record = { lastName: "O'Neil  Smith", birthDate: '1970-04-02', zipCodes: ['33037-1234', '33040'] }

describe('claimIdentityMatches', () => {
  it('takes the last name (any case and spacing) with the ZIP code of any address on the policy, or the date of birth', () => {
    expect(claimIdentityMatches({ lastName: " o'neil smith ", zipCode: '33037', birthDate: null }, record)).toBe(true)
    expect(claimIdentityMatches({ lastName: "O'Neil Smith", zipCode: '33040', birthDate: null }, record)).toBe(true)
    expect(claimIdentityMatches({ lastName: "O'Neil Smith", zipCode: '', birthDate: '1970-04-02' }, record)).toBe(true)
    expect(claimIdentityMatches({ lastName: "O'Neil Smith", zipCode: '99999', birthDate: '1970-04-02' }, record)).toBe(true)
  })

  it('refuses a wrong last name whatever else matches, and a wrong ZIP code without the date of birth', () => {
    expect(claimIdentityMatches({ lastName: 'Smith', zipCode: '33037', birthDate: '1970-04-02' }, record)).toBe(false)
    expect(claimIdentityMatches({ lastName: "O'Neil Smith", zipCode: '33038', birthDate: null }, record)).toBe(false)
    expect(claimIdentityMatches({ lastName: "O'Neil Smith", zipCode: '', birthDate: '1970-04-03' }, record)).toBe(false)
    expect(claimIdentityMatches({ lastName: "O'Neil Smith", zipCode: '', birthDate: '1970-04-02' }, { ...record, birthDate: null })).toBe(false)
  })
})

describe('claimIdentitySchema', () => {
  it('needs the ZIP code or the date of birth, and reads a ZIP+4 as its five digits', () => {
    expect(claimIdentitySchema.safeParse({ policyId: 'fld4040005', lastName: 'X', zipCode: '', birthDate: '' }).error?.issues[0]?.message).toBe(
      'Enter the ZIP code of the insured property, or your date of birth.',
    )
    expect(claimIdentitySchema.parse({ policyId: 'fld4040005', lastName: 'X', zipCode: '33037-1234', birthDate: '' })).toEqual({
      policyId: 'FLD4040005',
      lastName: 'X',
      zipCode: '33037',
      birthDate: null,
    })
    expect(claimIdentitySchema.safeParse({ policyId: 'FLD4040005', lastName: 'X', zipCode: '3303', birthDate: '' }).success).toBe(false)
  })
})

describe('what a claim session is shown', () => {
  it('a header with Log Out only, its logo to the claim form', () => {
    expect(headerLinks({ session: { kind: 'claim', systemOrigin: '' }, servicing: false, manageProfileLinkFlag: true, sendToProgressive: false })).toEqual({
      logo: 'ReportClaim',
      accountHome: null,
      showManageProfile: false,
      showLogout: true,
    })
  })

  it("the confirmation's way on is Login", () => {
    expect(returnButton({ productionRedirect: false }, { directLogin: false, hasPolicy: true, claimSession: true })).toEqual({
      label: 'Return to Login',
      to: 'Login',
    })
  })
})
