import { describe, expect, it } from 'vitest'
import { newFileId } from '../../worker/services/claims/claim-upload'
import { findCardNumber } from '../../shared/payments/pan'

/** A claim file's reference travels in the claim's JSON body, which the card guard reads: it must never look like a card. */
describe('claim file references', () => {
  it('are 128 random bits in letters only, so no reference reads as a card number', () => {
    const ids = Array.from({ length: 5000 }, newFileId)
    for (const id of ids) expect(id).toMatch(/^cf_[a-p]{32}$/)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.filter((id) => findCardNumber(id))).toEqual([])
  })
})
