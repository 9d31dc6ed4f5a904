import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../shared/forms/field-errors'
import { describeMortgageeChange, MORTGAGEE_TEXT, mortgageeChangeOf, mortgageeChangeSchema, sendsToNewParty } from '../../shared/policy/changes/mortgagee'
import { changesClosedReason } from '../../shared/policy/changes/kinds'

/** The mortgage company form's one schema (decision 214): the action's fields only, clear words for each refusal. */
const schema = mortgageeChangeSchema({ today: '2026-11-28' })
const replace = {
  action: 'replace',
  position: '1',
  type: 'Mortgagee',
  name: ' Harbor Bank ',
  loanId: 'HB-77',
  address1: '1 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  lenderEmail: 'insurance@harbor.example',
  effectiveDate: '2026-12-01',
}

const errorsOf = (input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : fieldErrors(r.error)
}

describe('mortgageeChangeSchema', () => {
  it('takes a replacement, trimmed, and sends the carrier the change without the email', () => {
    const r = schema.parse(replace)
    expect(r).toMatchObject({ action: 'replace', position: 1, name: 'Harbor Bank' })
    expect(mortgageeChangeOf(r)).toEqual({
      action: 'replace',
      position: 1,
      lender: { type: 'Mortgagee', name: 'Harbor Bank', loanId: 'HB-77', address1: '1 Main St', address2: '', city: 'Austin', state: 'TX', zipCode: '78701' },
    })
  })

  it('a removal needs only which one and when', () => {
    expect(schema.parse({ action: 'remove', position: '2', effectiveDate: '2026-11-28' })).toEqual({
      action: 'remove',
      position: 2,
      effectiveDate: '2026-11-28',
    })
  })

  it.each([
    [{ ...replace, action: 'rename' }, 'action', MORTGAGEE_TEXT.actionRequired],
    [{ ...replace, name: '  ' }, 'name', MORTGAGEE_TEXT.nameRequired],
    [{ ...replace, loanId: 'loan #1' }, 'loanId', MORTGAGEE_TEXT.loanIdRequired],
    [{ ...replace, state: 'XX' }, 'state', MORTGAGEE_TEXT.stateRequired],
    [{ ...replace, zipCode: '7870' }, 'zipCode', MORTGAGEE_TEXT.zipRequired],
    [{ ...replace, lenderEmail: 'a@b.example, c@d.example' }, 'lenderEmail', MORTGAGEE_TEXT.lenderEmailInvalid],
    [{ ...replace, lenderEmail: '' }, 'lenderEmail', MORTGAGEE_TEXT.lenderEmailRequired],
    [{ ...replace, effectiveDate: '2026-11-27' }, 'effectiveDate', MORTGAGEE_TEXT.dateInPast],
    [{ ...replace, effectiveDate: '2027-01-28' }, 'effectiveDate', MORTGAGEE_TEXT.dateTooLate],
    [{ ...replace, effectiveDate: '12/01/2026' }, 'effectiveDate', MORTGAGEE_TEXT.dateInvalid],
    [{ ...replace, position: '0' }, 'position', MORTGAGEE_TEXT.positionRequired],
  ])('refuses %o with a clear message', (input, field, message) => {
    expect(errorsOf(input)[field]).toBe(message)
  })

  it('accepts the last day of the window', () => {
    expect(schema.safeParse({ ...replace, effectiveDate: '2027-01-27' }).success).toBe(true)
  })
})

describe('what a change says and asks', () => {
  const list = [
    {
      type: 'Mortgagee' as const,
      name: 'Wells Fargo',
      loanId: 'WF-1',
      address1: 'x',
      address2: '',
      city: 'y',
      state: 'CA',
      zipCode: '95814',
      mortgageeId: 1,
      escrowFlag: '1',
    },
  ]
  it('names the old and the new company and the place', () => {
    const change = mortgageeChangeOf(schema.parse(replace))
    expect(describeMortgageeChange(list, change)).toEqual(['Replace Wells Fargo, loan WF-1 with Harbor Bank, loan HB-77, as the first mortgagee.'])
    expect(describeMortgageeChange(list, { action: 'remove', position: 1 })).toEqual(['Remove Wells Fargo, loan WF-1 from the policy.'])
    expect(sendsToNewParty(change)).toBe(true)
    expect(sendsToNewParty({ action: 'remove', position: 1 })).toBe(false)
  })

  it('a cancelled or flood policy is changed by phone', () => {
    expect(changesClosedReason({ policyStatus: 'Cancelled - Non-Payment', isFlood: false })).toMatch(/not in force/)
    expect(changesClosedReason({ policyStatus: 'Active', isFlood: true })).toMatch(/National Flood Insurance Program/)
    expect(changesClosedReason({ policyStatus: 'Active - Reinstated', isFlood: false })).toBeNull()
  })
})
