import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CARD_NUMBER_MASK, maskCardNumbers, maskCardNumbersIn } from '../../shared/payments/mask-card-numbers'
import { findCardNumber } from '../../shared/payments/pan'

/**
 * Issue 31 item 6: text that must be kept although it holds a card number (the carrier's signed claim
 * events) is kept with each number the shared rule finds replaced, and nothing else changed.
 */
const CARDS = ['4111111111111111', '4700000000000005', '5500000000000004', '378282246310005', '6011111111111117', '4111111111111111110']

describe('masking card numbers', () => {
  it('replaces a number written plainly, grouped, or between words, keeping the words and other figures', () => {
    expect(maskCardNumbers('Refund of $120.00 to card 4700000000000005 on 2026-03-02.')).toBe(`Refund of $120.00 to card ${CARD_NUMBER_MASK} on 2026-03-02.`)
    expect(maskCardNumbers('card 4111 1111 1111 1111, call 512-555-0142')).toBe(`card ${CARD_NUMBER_MASK}, call 512-555-0142`)
    expect(maskCardNumbers('5500-0000-0000-0004/6011111111111117')).not.toMatch(/\d{4}/)
    // Two dates before it: the second is a date, not a time after the first (found by the property below).
    expect(maskCardNumbers('2026-03-02 2026-03-02 4700000000000005')).toBe(`2026-03-02 2026-03-02 ${CARD_NUMBER_MASK}`)
  })

  it('replaces every number of a text, and leaves a text without one as it was (the same string)', () => {
    const two = maskCardNumbers('first 4111111111111111 then 5500 0000 0000 0004 done')
    expect(two).toBe(`first ${CARD_NUMBER_MASK} then ${CARD_NUMBER_MASK} done`)
    const clean = 'Claim HO-2026-000123, check 104233 mailed 2026-03-02, policy HO-1234567'
    expect(maskCardNumbers(clean)).toBe(clean)
  })

  it('keeps an identifier whole beside a number: only the number is replaced (decision 239)', () => {
    expect(maskCardNumbers('event evt_35665a60-5d53-4523-8324-622a0a44ca9a: card 4111111111111111')).toBe(
      `event evt_35665a60-5d53-4523-8324-622a0a44ca9a: card ${CARD_NUMBER_MASK}`,
    )
    expect(maskCardNumbers('4111111111111111 pay_246f2578958729652a3b689211bf8542')).toBe(`${CARD_NUMBER_MASK} pay_246f2578958729652a3b689211bf8542`)
  })

  it('replaces numbers in digits of other scripts', () => {
    const fullWidth = [...'4700000000000005'].map((d) => String.fromCodePoint(0xff10 + Number(d))).join('')
    expect(findCardNumber(`card ${fullWidth}`)).toBe(true)
    expect(maskCardNumbers(`card ${fullWidth}`)).toBe(`card ${CARD_NUMBER_MASK}`)
  })

  it('leaves no number the rule finds, whatever surrounds it (property)', () => {
    const words = fc.array(
      fc.constantFrom(
        'Refund',
        'to',
        'card',
        'ending',
        'paid',
        '$120.00',
        'on',
        '2026-03-02',
        'ref',
        'HO-2026-000123',
        ',',
        '.',
        'evt_35665a60-5d53-4523-8324-622a0a44ca9a',
        'pay_246f2578958729652a3b689211bf8542',
      ),
      {
        maxLength: 8,
      },
    )
    const separator = fc.constantFrom('', ' ', '-', '.', '\u00a0')
    const grouped = fc.tuple(fc.constantFrom(...CARDS), separator).map(([card, sep]) => card.replace(/(\d{4})(?=\d)/g, `$1${sep}`))
    fc.assert(
      fc.property(words, grouped, words, fc.boolean(), (before, card, after, twice) => {
        const text = [...before, card, ...after, ...(twice ? [card] : [])].join(' ')
        const masked = maskCardNumbers(text)
        return !findCardNumber(masked) && masked.includes(CARD_NUMBER_MASK) && masked.startsWith(before.join(' '))
      }),
    )
  })

  it('inside a value: every string, with the paths that held a number; other values and keys untouched', () => {
    const data = {
      adjuster: { name: 'Dana 4111111111111111', phone: '512-555-0142' },
      items: ['photos', 'card 5500000000000004'],
      amountCents: 12000,
      open: true,
    }
    const { value, masked } = maskCardNumbersIn(data)
    expect(value).toEqual({
      adjuster: { name: `Dana ${CARD_NUMBER_MASK}`, phone: '512-555-0142' },
      items: ['photos', `card ${CARD_NUMBER_MASK}`],
      amountCents: 12000,
      open: true,
    })
    expect(masked).toEqual(['adjuster.name', 'items.1'])
    expect(maskCardNumbersIn({ reason: 'Closed: paid in full' })).toEqual({ value: { reason: 'Closed: paid in full' }, masked: [] })
  })
})
