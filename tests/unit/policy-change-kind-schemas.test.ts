import { describe, expect, it } from 'vitest'
import {
  MAILING_ADDRESS_TEXT,
  contactOf,
  describeMailingAddressChange,
  mailingAddressChangeOf,
  mailingAddressChangeSchema,
  policyPhoneOf,
} from '../../shared/policy/changes/mailing-address'
import { DEDUCTIBLE_TEXT, deductibleChangeOf, deductibleChangeSchema, describeDeductibleChange } from '../../shared/policy/changes/deductible'

/** The forms of the mailing address (decision 215) and the deductible (decision 216): their refusals in clear words, and the words of what changes. */
const w = { today: '2026-11-28' }
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.error?.issues ?? []).map((i) => i.message)

const policy = {
  mailingAddress: { address1: '2417 Riverbank Drive', address2: '', city: 'Sacramento', state: 'CA', zipCode: '95831' },
  email: 'maria@example.com',
  homePhone: '916-555-0123',
}

describe('the mailing address form', () => {
  const ok = {
    address1: '88 Riverside Blvd',
    address2: '',
    city: 'West Sacramento',
    state: 'CA',
    zipCode: '95691',
    email: 'm@example.com',
    homePhone: '916 555 0199',
    effectiveDate: '2026-11-28',
  }

  it('takes a US phone in any usual writing, as the policy writes it', () => {
    const r = mailingAddressChangeSchema(w).safeParse(ok)
    expect(r.success && r.data.homePhone).toBe('916-555-0199')
    expect(policyPhoneOf('+1 (916) 555-0199')).toBe('916-555-0199')
    expect(policyPhoneOf('555-0199')).toBeNull()
  })

  it('says what to fix, field by field', () => {
    const r = mailingAddressChangeSchema(w).safeParse({ ...ok, address1: ' ', state: 'XX', zipCode: '9', email: 'a@b', homePhone: '12' })
    expect(messages(r)).toEqual([
      MAILING_ADDRESS_TEXT.address1Required,
      MAILING_ADDRESS_TEXT.stateRequired,
      MAILING_ADDRESS_TEXT.zipRequired,
      MAILING_ADDRESS_TEXT.emailInvalid,
      MAILING_ADDRESS_TEXT.phoneInvalid,
    ])
  })

  it('names only what changes', () => {
    const r = mailingAddressChangeSchema(w).parse({ ...ok, ...policy.mailingAddress, email: 'maria@example.com', homePhone: '916.555.0100' })
    expect(describeMailingAddressChange(contactOf(policy), mailingAddressChangeOf(r))).toEqual(['Phone: from (916) 555-0123 to (916) 555-0100.'])
  })
})

describe('the deductible form', () => {
  it('takes only the amounts offered, and a windstorm percentage only where the coverage has one', () => {
    expect(messages(deductibleChangeSchema(w, null).safeParse({ allOtherPerils: '123', effectiveDate: '2026-11-28' }))).toEqual([
      DEDUCTIBLE_TEXT.allOtherPerilsRequired,
    ])
    expect(deductibleChangeSchema(w, null).safeParse({ allOtherPerils: '250000', windstormPercent: '2', effectiveDate: '2026-11-28' }).success).toBe(false)
    expect(
      messages(deductibleChangeSchema(w, 'Hurricane').safeParse({ allOtherPerils: '250000', windstormPercent: '3', effectiveDate: '2026-11-28' })),
    ).toEqual([DEDUCTIBLE_TEXT.windstormRequired])
  })

  it('says each deductible that changes, and that a loss before the change keeps its deductible', () => {
    const deductibles = [
      { peril: 'All Other Perils', amount: 100_000 },
      { peril: 'Hurricane', percentOfDwelling: 2 },
    ]
    const form = deductibleChangeSchema(w, 'Hurricane').parse({ allOtherPerils: '100000', windstormPercent: '5', effectiveDate: '2026-12-01' })
    expect(describeDeductibleChange(deductibles, 41_000_000, deductibleChangeOf(form, deductibles), '2026-12-01')).toEqual([
      'Hurricane deductible: from 2% of the dwelling limit ($8,200) to 5% of the dwelling limit ($20,500).',
      DEDUCTIBLE_TEXT.lossesBefore('2026-12-01'),
    ])
    expect(DEDUCTIBLE_TEXT.lossesBefore('2026-12-01')).toContain('including a claim already open')
  })
})
