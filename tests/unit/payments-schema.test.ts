import { describe, it, expect } from 'vitest'
import {
  paymentSchema,
  paymentFieldErrors,
  paymentFieldOrder,
  firstPaymentError,
  type PaymentContext,
  type PaymentFormValues,
} from '../../shared/payments/schemas/payment'
import { paymentPayloadSchema, valuesFromPayload } from '../../shared/payments/schemas/payment-payload'
import { buildPaymentPayload, makePaymentPath, paymentRequestFingerprint } from '../../shared/payments/payload'
import { BANK_AUTHORIZATION_VERSION } from '../../shared/payments/authorization'
import { makePaymentPropsSchema } from '../../shared/payments/schemas/payment-props'

/** Spec 001 section 5 "Payment", "Check" and "Card": every message, through THE schema. */
const homeowners: PaymentContext = {
  isFlood: false,
  totalDueCents: 72000,
  pastDueCents: 12000,
  emailOnFile: true,
  supportPhone: '1-800-555-0134',
  today: '2026-11-15',
}
const flood: PaymentContext = { isFlood: true, totalDueCents: 142300, pastDueCents: 0, emailOnFile: true, supportPhone: '1-800-555-0134', today: '2026-11-15' }

const card: PaymentFormValues = {
  type: 'creditCard',
  amount: '240.00',
  billingName: 'Casey Whitfield',
  billingAddress: '3400 Habersham Road NW',
  billingCity: 'Atlanta',
  billingState: 'GA',
  billingZip: '30305',
  email: '',
  cardNumber: '4111 1111 1111 1111',
  expMonth: '07',
  expYear: '2029',
  cvv: '123',
  routingNumber: '',
  checkNumber: '',
  accountNumber: '',
  authorizeDebit: false,
}
const check: PaymentFormValues = {
  ...card,
  type: 'check',
  cardNumber: '',
  expMonth: '',
  expYear: '',
  cvv: '',
  routingNumber: '021000021',
  checkNumber: '1001',
  accountNumber: '000123456789',
  authorizeDebit: true,
}

function errors(ctx: PaymentContext, values: PaymentFormValues) {
  const r = paymentSchema(ctx).safeParse(values)
  return r.success ? {} : paymentFieldErrors(r.error)
}

describe('valid payments pass', () => {
  it.each([
    ['a Visa card', homeowners, card],
    ['an Amex card with a 4-digit CVV', homeowners, { ...card, cardNumber: '3782 822463 10005', cvv: '1234' }],
    ['a Mastercard', homeowners, { ...card, cardNumber: '5555 5555 5555 4444' }],
    ['Discover on a flood policy', { ...flood }, { ...card, amount: '1423.00', cardNumber: '6011 1111 1111 1117' }],
    ['a check, spaces ignored', homeowners, { ...check, routingNumber: '021 000 021', accountNumber: '0001 2345 6789' }],
    ['the current month', homeowners, { ...card, expMonth: '11', expYear: '2026' }],
    ['the minimum (past due)', homeowners, { ...card, amount: '120' }],
    ['the maximum (total due)', homeowners, { ...card, amount: '$720.00' }],
    ['a ZIP+4', homeowners, { ...card, billingZip: '30305-1234' }],
    ['DC', homeowners, { ...card, billingState: 'DC' }],
    ['an email when none is on file', { ...homeowners, emailOnFile: false }, { ...card, email: 'maria@example.com' }],
  ])('%s', (_name, ctx, values) => expect(errors(ctx, values)).toEqual({}))
})

describe('Payment (common)', () => {
  it.each<[string, PaymentContext, Partial<PaymentFormValues>, Record<string, string>]>([
    ['amount required', homeowners, { amount: '' }, { amount: 'Payment Amount is required' }],
    ['amount blank', homeowners, { amount: '   ' }, { amount: 'Payment Amount is required' }],
    ['non-flood too low: at least the past due', homeowners, { amount: '119.99' }, { amount: 'Payment Amount is too low, must be at least $120.00' }],
    [
      'non-flood too low: at least 1 with nothing past due',
      { ...homeowners, pastDueCents: 0 },
      { amount: '0.99' },
      { amount: 'Payment Amount is too low, must be at least $1.00' },
    ],
    ['non-flood too high: the total due', homeowners, { amount: '720.01' }, { amount: 'Payment Amount is too high, must be less than or equal to $720.00' }],
    [
      'non-flood too high: capped at 15000',
      { ...homeowners, totalDueCents: 2_000_000 },
      { amount: '15000.01' },
      { amount: 'Payment Amount is too high, must be less than or equal to $15,000.00' },
    ],
    [
      'flood too low',
      flood,
      { amount: '1422.99' },
      { amount: 'Payments to flood policies must be made in full. For more information, please call 1-800-555-0134.' },
    ],
    ['flood too high', flood, { amount: '1423.01' }, { amount: 'Payment Amount is too high, must be equal to $1,423.00' }],
    [
      'flood capped at 15000',
      { ...flood, totalDueCents: 1_600_000 },
      { amount: '16000' },
      { amount: 'Payment Amount is too high, must be equal to $15,000.00' },
    ],
    ['amount not in dollars', homeowners, { amount: '12.345' }, { amount: 'Please enter a valid Payment Amount' }],
    ['name required', homeowners, { billingName: ' ' }, { billingName: 'Name on Account is required' }],
    ['address required', homeowners, { billingAddress: '' }, { billingAddress: 'Billing Address is required' }],
    ['city required', homeowners, { billingCity: '' }, { billingCity: 'Billing City is required' }],
    ['state required', homeowners, { billingState: '' }, { billingState: 'Billing State is required' }],
    ['state not a US state', homeowners, { billingState: 'ON' }, { billingState: 'Billing State is required' }],
    ['zip required', homeowners, { billingZip: '' }, { billingZip: 'Billing Zip Code is required' }],
    ['zip not a ZIP', homeowners, { billingZip: '3030' }, { billingZip: 'Please enter a valid Billing Zip Code' }],
    ['email required when none is on file', { ...homeowners, emailOnFile: false }, { email: '' }, { email: 'Email is required' }],
    ['email invalid', { ...homeowners, emailOnFile: false }, { email: 'maria@example' }, { email: 'Please enter a valid email' }],
    ['email not asked when one is on file', homeowners, { email: 'not an email' }, {}],
    ['name too long', homeowners, { billingName: 'x'.repeat(51) }, { billingName: 'The maximum length allowed is 50' }],
  ])('%s', (_name, ctx, change, expected) => expect(errors(ctx, { ...card, ...change })).toEqual(expected))
})

describe('Card', () => {
  it.each<[string, PaymentContext, Partial<PaymentFormValues>, Record<string, string>]>([
    ['number required', homeowners, { cardNumber: '' }, { cardNumber: 'Credit Card Number is required' }],
    ['number too short', homeowners, { cardNumber: '4111 1111 1111' }, { cardNumber: 'Please enter a valid credit card number' }],
    ['number of no known type', homeowners, { cardNumber: '1234 5678 9012 3456' }, { cardNumber: 'Please enter a valid credit card number' }],
    [
      'Discover on a non-flood policy',
      homeowners,
      { cardNumber: '6011 1111 1111 1117' },
      { cardNumber: 'We do not currently support Discover as a payment option.' },
    ],
    ['Troy on a non-flood policy', homeowners, { cardNumber: '9792 0000 0000 0000' }, { cardNumber: 'We do not currently support Troy as a payment option.' }],
    [
      'Troy on a flood policy',
      flood,
      { amount: '1423', cardNumber: '9792 0000 0000 0000' },
      { cardNumber: 'We do not currently support Troy as a payment option.' },
    ],
    ['month and year empty', homeowners, { expMonth: '', expYear: '' }, { expMonth: 'Expiration Date is required' }],
    ['month empty', homeowners, { expMonth: '' }, { expMonth: 'Expiration Month is required' }],
    ['year empty', homeowners, { expYear: '' }, { expYear: 'Expiration Year is required' }],
    [
      'a month already past in the current year',
      homeowners,
      { expMonth: '10', expYear: '2026' },
      { expMonth: 'Please use a credit card that has not expired' },
    ],
    ['CVV required', homeowners, { cvv: '' }, { cvv: 'CVV is required' }],
    ['CVV 3 digits for Visa', homeowners, { cvv: '12' }, { cvv: 'Please enter 3 digits' }],
    ['CVV not 4 for Visa', homeowners, { cvv: '1234' }, { cvv: 'Please enter 3 digits' }],
    ['CVV 4 digits for Amex', homeowners, { cardNumber: '3782 822463 10005', cvv: '123' }, { cvv: 'Please enter 4 digits' }],
    ['CVV digits only', homeowners, { cvv: '12a' }, { cvv: 'Please enter 3 digits' }],
    ['check fields are not asked on the card tab', homeowners, { routingNumber: 'x', accountNumber: 'y' }, {}],
  ])('%s', (_name, ctx, change, expected) => expect(errors(ctx, { ...card, ...change })).toEqual(expected))
})

describe('Check', () => {
  it.each<[string, Partial<PaymentFormValues>, Record<string, string>]>([
    ['routing required', { routingNumber: '' }, { routingNumber: 'Routing Number is required' }],
    ['routing 8 digits', { routingNumber: '02100002' }, { routingNumber: 'Please use a valid Routing Number' }],
    ['routing with letters', { routingNumber: '02100002a' }, { routingNumber: 'Please use a valid Routing Number' }],
    ['check number required', { checkNumber: '' }, { checkNumber: 'Check Number is required' }],
    ['check number not digits', { checkNumber: 'ten' }, { checkNumber: 'Please use a valid Check Number' }],
    ['account required', { accountNumber: '' }, { accountNumber: 'Account Number is required' }],
    ['account 3 digits', { accountNumber: '123' }, { accountNumber: 'Please use a valid Account Number' }],
    ['account 18 digits', { accountNumber: '123456789012345678' }, { accountNumber: 'Please use a valid Account Number' }],
    ['the authorization not given', { authorizeDebit: false }, { authorizeDebit: 'Please check the box to authorize this payment from your bank account.' }],
    ['card fields are not asked on the check tab', { cardNumber: 'x', cvv: 'y' }, {}],
  ])('%s', (_name, change, expected) => expect(errors(homeowners, { ...check, ...change })).toEqual(expected))
})

describe('field order and the first error', () => {
  it('follows the screen: amount, the method, billing, email, the authorization', () => {
    expect(paymentFieldOrder('creditCard', false)).toEqual([
      'amount',
      'cardNumber',
      'expMonth',
      'expYear',
      'cvv',
      'billingName',
      'billingAddress',
      'billingCity',
      'billingState',
      'billingZip',
      'email',
    ])
    expect(paymentFieldOrder('check', true)).toEqual([
      'amount',
      'routingNumber',
      'checkNumber',
      'accountNumber',
      'billingName',
      'billingAddress',
      'billingCity',
      'billingState',
      'billingZip',
      'authorizeDebit',
    ])
  })
  it('finds the first field in error in screen order', () => {
    const e = errors(homeowners, { ...card, billingZip: '', cvv: '' })
    expect(firstPaymentError(e, 'creditCard', true)).toBe('cvv')
  })
})

describe('the spec payload (section 3) and its way back', () => {
  it('builds the card payload: dollars, digits without spaces, MM/01/YYYY, no check fields', () => {
    const payload = buildPaymentPayload(
      { ...card, amount: '1,234.5', cardNumber: '4111 1111 1111 1111' },
      { policyId: 'HOM4010001', emailOnFile: true, authorizationText: '' },
    )
    expect(payload).toEqual({
      type: 'creditCard',
      policyId: 'HOM4010001',
      amount: 1234.5,
      description: 'Online Payment - Credit Card',
      billingName: 'Casey Whitfield',
      billingAddress: { address1: '3400 Habersham Road NW', city: 'Atlanta', state: 'GA', zipCode: '30305' },
      routingNumber: '',
      accountNumber: '',
      checkNumber: '',
      creditCardNumber: '4111111111111111',
      cvv: '123',
      expirationDate: '07/01/2029',
      homeownerEmail: '',
    })
    expect(JSON.stringify(payload.amount)).toBe('1234.5')
    expect(paymentPayloadSchema.safeParse(payload).success).toBe(true)
  })

  it('builds the check payload with the authorization shown, and the email when none is on file', () => {
    const payload = buildPaymentPayload(
      { ...check, routingNumber: '021 000 021', email: ' maria@example.com ' },
      { policyId: 'CND4010002', emailOnFile: false, authorizationText: 'I authorize…' },
    )
    expect(payload).toMatchObject({
      type: 'check',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      checkNumber: '1001',
      creditCardNumber: '',
      cvv: '',
      expirationDate: '',
      homeownerEmail: 'maria@example.com',
      description: 'Online Payment - Check',
      bankAuthorization: { accepted: true, version: BANK_AUTHORIZATION_VERSION, text: 'I authorize…' },
    })
  })

  it('the server reads the payload back into the same values and gets the same verdict', () => {
    const ctx = { ...homeowners, emailOnFile: false }
    for (const values of [
      { ...card, email: 'a@b.co' },
      { ...check, email: 'a@b.co' },
    ]) {
      const back = valuesFromPayload(buildPaymentPayload(values, { policyId: 'HOM4010001', emailOnFile: false, authorizationText: 'x' }))
      expect(paymentSchema(ctx).safeParse(back).success).toBe(true)
    }
    const tampered = valuesFromPayload({
      ...buildPaymentPayload(card, { policyId: 'HOM4010001', emailOnFile: true, authorizationText: '' }),
      amount: 9999.99,
      creditCardNumber: '6011111111111117',
      expirationDate: '13/01/2029',
    })
    expect(paymentFieldErrors(paymentSchema(homeowners).safeParse(tampered).error!)).toEqual({
      amount: 'Payment Amount is too high, must be less than or equal to $720.00',
      cardNumber: 'We do not currently support Discover as a payment option.',
      expMonth: 'Expiration Date is required',
    })
  })

  it('refuses a payload of the wrong shape', () => {
    const payload = buildPaymentPayload(card, { policyId: 'HOM4010001', emailOnFile: true, authorizationText: '' })
    expect(paymentPayloadSchema.safeParse({ ...payload, type: 'cash' }).success).toBe(false)
    expect(paymentPayloadSchema.safeParse({ ...payload, policyId: '../x' }).success).toBe(false)
    expect(paymentPayloadSchema.safeParse({ ...payload, billingAddress: undefined }).success).toBe(false)
  })
})

describe('island props', () => {
  const props = {
    policyId: 'HOM4010001',
    family: 'homeowners',
    isFlood: false,
    totalDueCents: 184500,
    pastDueCents: 0,
    dueCents: 18450,
    amountReadOnly: false,
    emailOnFile: true,
    supportPhone: '1-800-555-0134',
    today: '2026-11-15',
    postUrl: '/v1/homeowners/MakePayment/HOM4010001',
    formAction: '/make-payment',
    cancelUrl: '/policy-information',
    systemMessageUrl: '/system-message',
    logUrl: '/v1/common/Log',
    // Issue 36: the island's words travel with its props, strings only.
    texts: { heading: 'Make a Payment' },
  }
  it('accepts public display data and refuses other origins and unknown keys', () => {
    expect(makePaymentPropsSchema.safeParse(props).success).toBe(true)
    expect(makePaymentPropsSchema.safeParse({ ...props, postUrl: '//evil.example/pay' }).success).toBe(false)
    expect(makePaymentPropsSchema.safeParse({ ...props, cardNumber: '4111111111111111' }).success).toBe(false)
    expect(makePaymentPropsSchema.safeParse({ ...props, texts: { heading: 1 } }).success).toBe(false)
  })
})

describe('the attempt fingerprint (idempotency without secrets)', () => {
  const facts = { policyId: 'HOM4010001', emailOnFile: true, authorizationText: 'text' }
  it('ignores the CVV and keeps only length and last four of the card and account numbers', () => {
    const a = paymentRequestFingerprint(buildPaymentPayload(card, facts))
    expect(paymentRequestFingerprint(buildPaymentPayload({ ...card, cvv: '999' }, facts))).toBe(a)
    expect(a).not.toContain('4111111111111111')
    expect(a).toContain('16:1111')
    const c = paymentRequestFingerprint(buildPaymentPayload(check, facts))
    expect(c).not.toContain('000123456789')
    expect(c).toContain('12:6789')
  })
  it('changes with anything else that makes it another payment', () => {
    const a = paymentRequestFingerprint(buildPaymentPayload(card, facts))
    for (const change of [{ amount: '241.00' }, { cardNumber: '5555 5555 5555 4444' }, { expYear: '2030' }, { billingZip: '30306' }]) {
      expect(paymentRequestFingerprint(buildPaymentPayload({ ...card, ...change }, facts))).not.toBe(a)
    }
  })
  it("the path is the spec's, per family", () => {
    expect(makePaymentPath('flood', 'FLD4010003')).toBe('/v1/flood/MakePayment/FLD4010003')
    expect(makePaymentPath('homeowners', 'HOM4010001')).toBe('/v1/homeowners/MakePayment/HOM4010001')
  })
})
