import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isPlainMailbox } from '../../shared/forms/plain-mailbox'
import { sendProofSchema, SEND_PROOF_TEXT } from '../../shared/policy/send-proof'

/** Issue 31 item 6: the lender's address is one plain mailbox, the rule shared by the form and the service. */
describe('one plain mailbox', () => {
  it.each(['closing@lender.example', 'Loan.Servicing+proof@mail.bank-one.example.com', "o'brien_escrow-1@xn--bcher-kva.example", 'a@b.co'])(
    'takes %j',
    (value) => expect(isPlainMailbox(value)).toBe(true),
  )

  it.each([
    // the probe's three
    ['a list', 'a,b@relay.example'],
    ['an address literal', 'x@[127.0.0.1]'],
    ['a query', 'x@relay.example?subject=hi'],
    // and their relatives
    ['a list with a semicolon', 'a@bank.example;b@relay.example'],
    ['two addresses with a space', 'a@bank.example b@relay.example'],
    ['a display name', '"Bank" <x@bank.example>'],
    ['angle brackets', '<x@bank.example>'],
    ['an IPv6 literal', 'x@[IPv6:::1]'],
    ['a bare IP address', 'x@127.0.0.1'],
    ['a host without a dot', 'x@localhost'],
    ['a percent route', 'x%y@relay.example'],
    ['a bang path', 'relay!x@bank.example'],
    ['a quoted local part', '"x y"@bank.example'],
    ['a comment', 'x(comment)@bank.example'],
    ['a line break and a header', 'x@bank.example\r\nBcc: y@relay.example'],
    ['a NUL', 'x\u0000@bank.example'],
    ['a tab', 'x@bank\t.example'],
    ['a fragment', 'x@bank.example#top'],
    ['a path', 'x@bank.example/y'],
    ['a port', 'x@bank.example:25'],
    ['a trailing dot', 'x@bank.example.'],
    ['a leading dot', '.x@bank.example'],
    ['two dots', 'x..y@bank.example'],
    ['a label starting with a hyphen', 'x@-bank.example'],
    ['a numeric top-level label', 'x@bank.123'],
    ['non-ASCII letters', 'jürgen@bank.example'],
    ['a full-width at sign', 'x＠bank.example'],
    ['two at signs', 'x@y@bank.example'],
    ['no local part', '@bank.example'],
    ['nothing', ''],
    ['a local part over 64', `${'x'.repeat(65)}@bank.example`],
    ['an address over 254', `x@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.example`],
  ])('refuses %s: %j', (_, value) => expect(isPlainMailbox(value)).toBe(false))

  it('never takes a value holding a character that lists, routes, quotes or controls (property)', () => {
    const plain = fc.constantFrom('closing@lender.example', 'a@b.co', 'loan+1@bank.example.com')
    const hostile = fc.constantFrom(...',;<>"()[]\\?#%!:/ \t\r\n\u0000\u007f\u00a0\u2028'.split(''))
    fc.assert(
      fc.property(plain, hostile, fc.nat(), (address, ch, at) => {
        const i = at % (address.length + 1)
        return !isPlainMailbox(address.slice(0, i) + ch + address.slice(i))
      }),
    )
  })
})

describe("'Send to my lender' reads its address with it", () => {
  it("refuses the probe's addresses with the form's message, and takes a plain one (trimmed)", () => {
    for (const email of ['a,b@relay.example', 'x@[127.0.0.1]', 'x@relay.example?subject=hi']) {
      const parsed = sendProofSchema.safeParse({ recipient: 'other', email })
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([SEND_PROOF_TEXT.emailInvalid])
    }
    expect(sendProofSchema.parse({ recipient: 'other', email: '  closing@lender.example ' }).email).toBe('closing@lender.example')
    expect(sendProofSchema.safeParse({ recipient: 'other', email: ' ' }).error?.issues[0]?.message).toBe(SEND_PROOF_TEXT.emailRequired)
  })
})
