import { describe, it, expect } from 'vitest'
import { findCardNumber, luhnValid } from '../../shared/payments/pan'
import {
  CONFIRMATION_ALPHABET,
  CONFIRMATION_PATTERN,
  paymentApprovedText,
  isPaymentRefusedText,
  PAYMENT_OUTCOME_TEXT,
  paymentRefusedText,
  paymentSuccessHtml,
  receiptPath,
} from '../../shared/payments/outcome'

describe('findCardNumber: what the card guard refuses outside MakePayment', () => {
  it.each([
    ['a Visa test number', 'card 4111111111111111 please'],
    ['with spaces', 'my card is 4111 1111 1111 1111'],
    ['with dashes', '5555-5555-5555-4444'],
    ['Amex, 15 digits', '{"n":"378282246310005"}'],
    ['Troy', '9792030000000000'],
    ['URL-decoded form text', 'note=4000 0000 0000 0002'],
    // Issue 31 item 1: a number inside a longer run is still a number (four digits appended).
    ['digits inside a longer run', '41111111111111110000'],
  ])('finds %s', (_name, text) => expect(findCardNumber(text)).toBe(true))

  it.each([
    ['epoch milliseconds', '{"at":1763900000000}'],
    ['a policy number', 'HOM4010001'],
    ['a phone number', '1-800-555-0134'],
    ['a 16-digit number failing Luhn', '4111111111111112'],
    ['a bank account number', '000123456789'],
    ['a routing number', '021000021'],
  ])('leaves %s alone', (_name, text) => expect(findCardNumber(text)).toBe(false))

  it('luhn', () => {
    expect(luhnValid('79927398713')).toBe(true)
    expect(luhnValid('79927398710')).toBe(false)
  })
})

describe('payment answers', () => {
  it('approved: amount as dollars, policy, confirmation number, where the receipt went', () => {
    expect(paymentApprovedText({ amountCents: 123456, policyId: 'HOM4010001', confirmationNumber: 'P23456789AB', receiptEmail: 'a@b.example' })).toBe(
      'Thank you. Your payment of $1,234.56 on policy HOM4010001 was approved. Your confirmation number is P23456789AB. A receipt has been emailed to a@b.example.',
    )
    expect(paymentApprovedText({ amountCents: 100, policyId: 'X', confirmationNumber: 'P23456789AB', receiptEmail: null })).not.toContain('emailed')
  })

  it('refusals name the card or the bank account and the support line', () => {
    expect(paymentRefusedText('declined', 'card', '1-800-555-0134')).toBe(
      'Your payment was declined, and no payment was made. Please use another card, or call us at 1-800-555-0134.',
    )
    expect(paymentRefusedText('insufficient_funds', 'bank', '1-800-555-0134')).toContain('another bank account')
    // One outward reason for any refusal by the issuer (issue 20 item 2): insufficient funds reads as a decline.
    expect(paymentRefusedText('insufficient_funds', 'card', '1-800-555-0134')).toBe(paymentRefusedText('declined', 'card', '1-800-555-0134'))
    expect(paymentRefusedText('error', 'card', '1-800-555-0134')).toContain('We could not process your payment')
  })

  it('the success markup escapes the text and links the receipt', () => {
    expect(paymentSuccessHtml('a <b> & c', 'P23456789AB')).toBe(`a &#60;b&#62; &#38; c <a href="${receiptPath('P23456789AB')}">Download your receipt (PDF)</a>`)
    expect(paymentSuccessHtml('x', null)).toBe('x')
  })

  it('confirmation numbers: every character of the alphabet passes the pattern, look-alikes do not', () => {
    for (const ch of CONFIRMATION_ALPHABET) expect(CONFIRMATION_PATTERN.test(`P${ch.repeat(10)}`)).toBe(true)
    for (const ch of ['0', 'O', '1', 'I', 'L']) expect(CONFIRMATION_PATTERN.test(`P${ch.repeat(10)}`)).toBe(false)
  })
})

describe('a refusal told from the other 202s (issue 35, decision 222)', () => {
  it.each([
    ['declined card', paymentRefusedText('declined', 'card', '1-800-555-0134'), true],
    ['insufficient funds, bank', paymentRefusedText('insufficient_funds', 'bank', '1-800-555-0134'), true],
    ['processing error', paymentRefusedText('error', 'card', '1-800-555-0134'), true],
    ['the bank authorization changed', PAYMENT_OUTCOME_TEXT.authorizationChanged, false],
    ['another payment in flight', PAYMENT_OUTCOME_TEXT.inFlight, false],
    ['contact the agent', 'Please contact your agent to make a payment.', false],
    ['paid in full', 'Your policy is paid in full.', false],
  ])('%s', (_name, text, refused) => expect(isPaymentRefusedText(text)).toBe(refused))
})
