import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { findCardNumber, findCardNumberField, readCardNumber } from '../../shared/payments/pan'
import { withCheckDigit } from '../support/luhn'

/**
 * Issue 31 item 1, as properties: a card number is found however its digits are encoded (NFKC's
 * superscripts, full width, circled and mathematical digits, other scripts' digits, JSON escapes), however
 * they are grouped and whatever runs of non-letters separate the groups, with zeros glued in front or
 * digits appended; and dates, times, phone numbers, amounts and camera file names are never taken for one.
 * The check digits come from tests/support/luhn.ts, not from the rule under test.
 */
/** FUZZ_RUNS raises the runs (tests/perf/fuzz-long.mjs sets it for the fuzz files). */
const RUNS = Number(process.env.FUZZ_RUNS || 500)

/** Prefixes of the networks the rule knows (shared/payments/card.ts), with the lengths they are issued in. */
const card = fc
  .record({
    prefix: fc.constantFrom('4', '51', '55', '2221', '2720', '2200', '34', '37', '36', '6011', '644', '65', '622126', '35', '9792'),
    length: fc.integer({ min: 13, max: 19 }),
    body: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }),
  })
  .map(({ prefix, length, body }) => withCheckDigit((prefix + body.join('')).slice(0, length - 1)))

const SUPERSCRIPT = ['\u2070', '\u00b9', '\u00b2', '\u00b3', '\u2074', '\u2075', '\u2076', '\u2077', '\u2078', '\u2079']
const offset = (base: number) => (d: number) => String.fromCodePoint(base + d)
/** Encodings that keep a digit a digit, written together with its neighbours. */
const INLINE: Record<string, (d: number) => string> = {
  ascii: String,
  fullWidth: offset(0xff10),
  superscript: (d) => SUPERSCRIPT[d]!,
  subscript: offset(0x2080),
  circled: (d) => (d === 0 ? '\u24ea' : String.fromCodePoint(0x245f + d)),
  mathematicalBold: offset(0x1d7ce),
  mathematicalMonospace: offset(0x1d7f6),
  arabicIndic: offset(0x0660),
  devanagari: offset(0x0966),
  thai: offset(0x0e50),
  jsonEscape: (d) => `\\u003${d}`,
}
/** Encodings that write something beside the digit (NFKC's '(4)' and '4.', a keycap's marks). */
const APART: Record<string, (d: number) => string> = {
  parenthesized: (d) => (d === 0 ? '0' : String.fromCodePoint(0x2473 + d)),
  fullStop: (d) => (d === 0 ? '0.' : String.fromCodePoint(0x2487 + d)),
  keycap: (d) => `${d}\ufe0f\u20e3`,
}
const inlineEncoding = fc.constantFrom(...Object.values(INLINE))
/** Each digit its own inline encoding, or every digit written apart the same way. */
const encodings = fc.oneof(
  fc.array(inlineEncoding, { minLength: 1, maxLength: 19 }),
  fc.constantFrom(...Object.values(APART)).map((e) => [e]),
)

/** Any run of characters that are neither letters nor digits, of any length. */
const separator = fc
  .array(
    fc.constantFrom(
      ' ',
      '\u00a0',
      '\u2009',
      '\u200b',
      '\u3000',
      '\t',
      '\n',
      '\r',
      '\0',
      '\u0301',
      '-',
      '.',
      '/',
      '+',
      '~',
      '|',
      '_',
      '*',
      '#',
      ':',
      ';',
      ',',
      '(',
      ')',
      '=',
      '"',
      "'",
      '\\',
      '\u2022',
      '\u00b7',
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((chars) => chars.join(''))
const around = fc.record({
  before: fc.constantFrom('', 'card ', 'My card is: ', 'see\n', '{"note":"', 'IMG_'),
  after: fc.constantFrom('', ' thanks', '"}', '.', ' exp 12/28', '.jpg'),
})

/** The card's digits cut into groups of the given sizes (the last takes the rest). */
function cut(digits: string, sizes: number[]): string[] {
  const groups: string[] = []
  let at = 0
  for (const size of sizes) {
    if (at >= digits.length) break
    groups.push(digits.slice(at, at + size))
    at += size
  }
  if (at < digits.length) groups.push(digits.slice(at))
  return groups
}

const encode = (digits: string, encodings: ((d: number) => string)[]) => Array.from(digits, (d, i) => encodings[i % encodings.length]!(Number(d))).join('')

/**
 * The shapes the rule reads as another kind of number (decision 201), so a card written that way, with
 * more digits after, is not found: a phone number (3-3-4), a day and month before a four-digit group
 * (a date), a group of up to three digits and a comma group of three (an amount), a group and a '.'
 * group of two (an amount with cents).
 */
function writtenAsAnotherNumber(groups: string[], gaps: string[]): boolean {
  const sizes = groups.map((g) => g.length)
  if (sizes[0] === 3 && sizes[1] === 3 && sizes[2] === 4) return true
  if (sizes[0]! <= 2 && sizes[1]! <= 2 && sizes[2] === 4) return true
  if (sizes[0]! <= 3 && sizes[1] === 3 && gaps[0] === ',') return true
  return sizes[1] === 2 && gaps[0] === '.'
}

describe('a card number is found however it is written', () => {
  it('any grouping, any separators between the groups, any encoding of each digit, in any text', () => {
    fc.assert(
      fc.property(
        card,
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 19 }),
        fc.array(separator, { minLength: 18, maxLength: 18 }),
        encodings,
        around,
        (digits, sizes, gaps, encoded, { before, after }) => {
          const groups = cut(digits, sizes)
          fc.pre(!writtenAsAnotherNumber(groups, gaps))
          const written = groups.map((g, i) => (i === 0 ? '' : gaps[i - 1]) + encode(g, encoded)).join('')
          expect(findCardNumber(`${before}${written}${after}`)).toBe(true)
          // A text that is itself JSON ('{"note":"…"}') is named down to its own field.
          expect(findCardNumberField({ claim: { lossDescription: `${before}${written}${after}` } })).toMatch(/^claim\.lossDescription(\.note)?$/)
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('written together with zeros glued in front and digits appended, in any encoding that keeps digits together', () => {
    fc.assert(
      fc.property(
        card,
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 8 }),
        fc.array(inlineEncoding, { minLength: 1, maxLength: 19 }),
        around,
        (digits, zeros, appended, encodings, { before, after }) => {
          const written = encode(`${'0'.repeat(zeros)}${digits}${appended.join('')}`, encodings)
          expect(findCardNumber(`${before}${written}${after}`)).toBe(true)
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('written in fours with digits appended to its last group', () => {
    fc.assert(
      fc.property(
        card,
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }),
        fc.array(separator, { minLength: 4, maxLength: 4 }),
        inlineEncoding,
        (digits, appended, gaps, encoding) => {
          // The last group holds the card's last digits and what was appended, written together.
          const fours = cut(digits, [4, 4, 4, 4, 4])
          const last = `${fours.at(-1)}${appended.join('')}`
          fc.pre(last.length > 4)
          const written = [...fours.slice(0, -1), last].map((g, i) => (i === 0 ? '' : gaps[i - 1]) + encode(g, [encoding])).join('')
          expect(findCardNumber(written)).toBe(true)
        },
      ),
      { numRuns: RUNS },
    )
  })
})

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const year = fc.integer({ min: 1990, max: 2039 })
const month = fc.integer({ min: 1, max: 12 }).map((m) => pad(m, 2))
const day = fc.integer({ min: 1, max: 28 }).map((d) => pad(d, 2))
const hh = fc.integer({ min: 0, max: 23 }).map((h) => pad(h, 2))
const mmss = fc.integer({ min: 0, max: 59 }).map((m) => pad(m, 2))
const millis = fc.integer({ min: 0, max: 999 }).map((m) => pad(m, 3))
/** A short count after a date (a page, an attempt): digits the rule judges on their own. */
const count = fc.integer({ min: 0, max: 999_999 }).map(String)
const phone = fc
  .tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9999 }))
  .chain(([area, exchange, line]) =>
    fc.constantFrom(
      `${area}-${exchange}-${pad(line, 4)}`,
      `(${area}) ${exchange}-${pad(line, 4)}`,
      `${area}.${exchange}.${pad(line, 4)}`,
      `+1 ${area} ${exchange} ${pad(line, 4)}`,
    ),
  )
const amount = fc
  .tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99 }))
  .chain(([thousands, units, cents]) =>
    fc.constantFrom(`${thousands},${pad(units, 3)}.${pad(cents, 2)}`, `$${thousands}${pad(units, 3)}`, `$${thousands},${pad(units, 3)}`),
  )
const list = (item: fc.Arbitrary<string>) =>
  fc.tuple(fc.array(item, { minLength: 2, maxLength: 4 }), fc.constantFrom(', ', ' / ', '; ', ' ', '\n')).map(([items, gap]) => items.join(gap))

describe('other numbers are not taken for card numbers', () => {
  it.each([
    [
      'dates and times from their year, then a count',
      fc.tuple(year, month, day, hh, mmss, mmss, millis, count).map(([y, m, d, h, mi, s, ms, n]) => `${y}-${m}-${d} ${h}:${mi}:${s}.${ms} ${n}`),
    ],
    [
      'US dates and times, then a count',
      fc.tuple(year, month, day, hh, mmss, mmss, count).map(([y, m, d, h, mi, s, n]) => `${m}/${d}/${y} ${h}:${mi}:${s} ${n}`),
    ],
    [
      'European dates and times, then a count',
      fc.tuple(year, month, day, hh, mmss, mmss, count).map(([y, m, d, h, mi, s, n]) => `${d}.${m}.${y} ${h}:${mi}:${s}, ${n}`),
    ],
    [
      "cameras' file names",
      fc
        .tuple(year, month, day, hh, mmss, mmss, millis)
        .chain(([y, m, d, h, mi, s, ms]) =>
          fc.constantFrom(
            `PXL_${y}${m}${d}_${h}${mi}${s}${ms}.jpg`,
            `IMG_${y}${m}${d}_${h}${mi}${s}.jpg`,
            `IMG${y}${m}${d}${h}${mi}${s}.jpg`,
            `Screenshot_${y}-${m}-${d}-${h}-${mi}-${s}-${ms}.png`,
            `VID-${y}${m}${d}-WA0007.mp4`,
          ),
        ),
    ],
    ['phone numbers side by side', list(phone)],
    ['amounts side by side', list(amount)],
    [
      'claim and policy numbers side by side',
      list(
        fc
          .tuple(year, fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 9_999_999 }))
          .chain(([y, n, p]) => fc.constantFrom(`HO-${y}-${pad(n, 6)}`, `FL-${y}-${pad(n, 6)}`, `HOM${pad(p, 7)}`)),
      ),
    ],
    [
      'UUIDs and hex identifiers side by side, as the portal and its outside systems write them (decision 239)',
      list(
        fc
          .tuple(fc.uuid(), fc.stringMatching(/^[0-9a-f]{32}$/), fc.stringMatching(/^[0-9a-f]{64}$/))
          .chain(([uuid, hex32, hex64]) => fc.constantFrom(`pc_${uuid}`, uuid.toUpperCase(), `pay_${hex32}`, hex32, hex64, `change=pc_${uuid}`)),
      ),
    ],
  ])('%s', (_name, texts) => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(findCardNumber(text)).toBe(false)
      }),
      { numRuns: 4 * RUNS },
    )
  })

  it('never fails on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(typeof findCardNumber(text)).toBe('boolean')
      }),
      { numRuns: RUNS },
    )
  })
})

describe('the short way agrees with the full reading (issue 38)', () => {
  it('on ASCII values of digits, letters, separators and card numbers', () => {
    const piece = fc.oneof(
      fc.constantFrom('4111111111111111', '5555 5555 5555 4444', '4222222222222', '3782-822463-10005', '\\u0034'),
      fc.stringMatching(/^[0-9]{1,8}$/),
      fc.stringMatching(/^[a-zA-Z]{1,3}$/),
      fc.constantFrom(' ', '-', '.', '/', '$', ':', '  ', '_', '\u0000'),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const value = pieces.join('')
        expect(findCardNumber(value)).toBe(readCardNumber(value))
      }),
      { numRuns: 3000 },
    )
  })
})
