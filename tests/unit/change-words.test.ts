import { describe, expect, it } from 'vitest'
import type { PolicyContact } from '../../shared/policy/changes/mailing-address'
import { changeLines } from '../../worker/services/policy-changes/change-words'

const home: PolicyContact = {
  address1: '12 Orchard Lane',
  address2: '',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95814',
  email: 'home@example.com',
  homePhone: '9165550100',
}
const moved: PolicyContact = { ...home, address1: '88 Riverside Blvd', city: 'West Sacramento', zipCode: '95691' }

/** A stored change: what was sent, the parts it was priced on, and the summary the person reviewed. */
const row = (summary: string[], asOf: object = { mailingAddress: home }) => ({
  request: JSON.stringify({ kind: 'mailing-address', change: { action: 'update', contact: moved } }),
  as_of: JSON.stringify(asOf),
  effective_date: '2026-11-28',
  summary: JSON.stringify(summary),
})

describe('a policy change in words (decision 235)', () => {
  it('in English, the summary the person reviewed, never rewritten by a later rule', () => {
    expect(changeLines(row(['The words reviewed on the day.']), 'en')).toEqual(['The words reviewed on the day.'])
  })

  it('in Spanish, written from the facts the change keeps; without its parts, the stored English', () => {
    const spanish = changeLines(row(['Mailing address: 12 Orchard Lane …']), 'es')
    expect(spanish).toHaveLength(1)
    expect(spanish[0]).toContain('88 Riverside Blvd')
    expect(spanish[0]).not.toContain('Mailing address')
    expect(changeLines(row(['The stored English.'], {}), 'es')).toEqual(['The stored English.'])
  })
})
