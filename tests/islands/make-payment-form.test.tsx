import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { makePaymentPropsSchema } from '../../shared/payments/schemas/payment-props'
import { baseProps, errorOf, field, fillBilling, fillCard, fillCheck, floodProps, submit, tab, type } from './make-payment-support'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
const { default: MakePayment } = await import('../../islands/make-payment')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response('', { status: 404 }))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('make-payment island: the server render', () => {
  it('has valid props for the schema the worker and the client check', () => {
    expect(makePaymentPropsSchema.safeParse(baseProps).success).toBe(true)
    expect(makePaymentPropsSchema.safeParse(floodProps).success).toBe(true)
  })

  it('renders the form with the credit card tab selected, the check panel hidden, no messages yet', () => {
    const html = renderToString(<MakePayment {...baseProps} />)
    expect(html).toContain('action="/make-payment" method="post"')
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Credit Card<\/button>/)
    expect(html).toMatch(/id="pay-panel-check"[^>]*hidden=""/)
    expect(html).not.toContain('is required')
    expect(html).toContain('value="240.00"')
  })
})

describe('make-payment island: the fields', () => {
  it('starts the amount at the amount due, within the rule, with the range as a hint', () => {
    render(<MakePayment {...baseProps} />)
    expect(field('Payment Amount').value).toBe('240.00')
    expect(screen.getByText('Pay from $120.00 to $720.00.')).toBeTruthy()
  })

  it('flood: the total due; with pH.DisableFloodPIFEdit it is read-only', () => {
    render(<MakePayment {...floodProps} amountReadOnly />)
    const amount = field('Payment Amount')
    expect(amount.value).toBe('1423.00')
    expect(amount.readOnly).toBe(true)
    expect(amount.getAttribute('aria-readonly')).toBe('true')
    expect(screen.getByText('Flood policies are paid in full. The amount is the total due, $1,423.00.')).toBeTruthy()
  })

  it('flood without the flag: the amount can be edited', () => {
    render(<MakePayment {...floodProps} />)
    expect(field('Payment Amount').readOnly).toBe(false)
  })

  it('asks the email only when none is on file', () => {
    const { unmount } = render(<MakePayment {...baseProps} />)
    expect(screen.queryByLabelText('Email *')).toBeNull()
    unmount()
    render(<MakePayment {...baseProps} emailOnFile={false} />)
    expect(field('Email').getAttribute('type')).toBe('email')
  })

  it('offers 12 expiration years from this year (the date given by the server), months 01-12, and the 50 states plus DC', () => {
    render(<MakePayment {...baseProps} />)
    const years = [...field('Expiration Year').options].map((o) => o.value).filter(Boolean)
    expect(years).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035', '2036', '2037'])
    expect([...field('Expiration Month').options].map((o) => o.value).filter(Boolean)).toHaveLength(12)
    expect([...field('Billing State').options].map((o) => o.value).filter(Boolean)).toHaveLength(51)
  })
})

describe('make-payment island: masks and the card type as the user types', () => {
  it.each([
    ['4', '4', 'Card type: Visa'],
    ['41111111', '4111 1111', 'Card type: Visa'],
    ['4111111111111111', '4111 1111 1111 1111', 'Card type: Visa'],
    ['41111111111111112222', '4111 1111 1111 1111', 'Card type: Visa'],
    ['37', '37', 'Card type: American Express'],
    ['378282246310005', '3782 822463 10005', 'Card type: American Express'],
    ['5555555555554444', '5555 5555 5555 4444', 'Card type: Mastercard'],
    ['6011111111111117', '6011 1111 1111 1117', 'Card type: Discover'],
    ['9792030000000000', '9792 0300 0000 0000', 'Card type: Troy'],
    ['1234', '1234', 'Card type: Visa'],
  ])('%s is shown as %j, %s', (typed, shown, typeText) => {
    render(<MakePayment {...baseProps} />)
    type('Credit Card Number', typed)
    expect(field('Credit Card Number').value).toBe(shown)
    expect(document.getElementById('pay-card-type')?.textContent).toBe(typeText)
    expect(field('Credit Card Number').getAttribute('aria-describedby')).toContain('pay-card-type')
  })

  it('shows no card type before anything is typed', () => {
    render(<MakePayment {...baseProps} />)
    expect(document.getElementById('pay-card-type')?.textContent).toBe('')
  })

  it('the CVV takes 4 digits for Amex, 3 otherwise, digits only', () => {
    render(<MakePayment {...baseProps} />)
    type('CVV', '12a345')
    expect(field('CVV').value).toBe('123')
    type('Credit Card Number', '3782')
    type('CVV', '12345')
    expect(field('CVV').value).toBe('1234')
    expect(field('CVV').maxLength).toBe(4)
    type('Credit Card Number', '4111')
    expect(field('CVV').value).toBe('123')
  })

  it('the amount keeps dollars and at most two decimals', () => {
    render(<MakePayment {...baseProps} />)
    type('Payment Amount', '$1,234.567')
    expect(field('Payment Amount').value).toBe('1234.56')
  })

  it('routing, check and account numbers ignore spaces', () => {
    render(<MakePayment {...baseProps} />)
    fireEvent.click(tab('Check'))
    type('Routing Number', '021 000 021')
    type('Account Number', '0001 2345 6789')
    expect(field('Routing Number').value).toBe('021000021')
    expect(field('Account Number').value).toBe('000123456789')
  })

  it("spec 001's input limits count digits, spaces ignored: 9 for the routing number, 17 for the account number, typed with spaces or without", () => {
    const html = renderToString(<MakePayment {...baseProps} />)
    // Before hydration (and without script) the browser's own limit leaves room for the spaces a person types.
    expect(html).toMatch(/id="pay-routingNumber"[^>]*maxLength="17"/)
    expect(html).toMatch(/id="pay-accountNumber"[^>]*maxLength="33"/)
    render(<MakePayment {...baseProps} />)
    fireEvent.click(tab('Check'))
    type('Routing Number', '021 000 021 7')
    type('Account Number', '1234 5678 9012 3456 7890')
    expect(field('Routing Number').value).toBe('021000021')
    expect(field('Account Number').value).toBe('12345678901234567')
    expect(field('Routing Number').maxLength).toBe(17)
    expect(field('Account Number').maxLength).toBe(33)
    // The limit's room fits every number of the spec typed with a space between every two digits.
    type('Account Number', '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7')
    expect(field('Account Number').value).toBe('12345678901234567')
  })
})

describe('make-payment island: the tabs (WAI-ARIA tabs pattern)', () => {
  it('Credit Card is selected first; Check switches the panel', () => {
    render(<MakePayment {...baseProps} />)
    expect(tab('Credit Card').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: 'Credit Card' })).toBeTruthy()
    fireEvent.click(tab('Check'))
    expect(tab('Check').getAttribute('aria-selected')).toBe('true')
    expect(tab('Credit Card').getAttribute('aria-selected')).toBe('false')
    expect(screen.getByRole('tabpanel', { name: 'Check' }).contains(field('Routing Number'))).toBe(true)
    expect(document.getElementById('pay-panel-creditCard')?.hidden).toBe(true)
  })

  it('only the selected tab is in the Tab order; arrows, Home and End move and select, wrapping', () => {
    render(<MakePayment {...baseProps} />)
    expect(tab('Credit Card').tabIndex).toBe(0)
    expect(tab('Check').tabIndex).toBe(-1)
    tab('Credit Card').focus()
    fireEvent.keyDown(tab('Credit Card'), { key: 'ArrowRight' })
    expect(tab('Check').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tab('Check'))
    expect(tab('Check').tabIndex).toBe(0)
    fireEvent.keyDown(tab('Check'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Credit Card'))
    fireEvent.keyDown(tab('Credit Card'), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tab('Check'))
    fireEvent.keyDown(tab('Check'), { key: 'Home' })
    expect(tab('Credit Card').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Credit Card'), { key: 'End' })
    expect(tab('Check').getAttribute('aria-selected')).toBe('true')
  })

  it('each tab controls its own panel, labelled by it', () => {
    render(<MakePayment {...baseProps} />)
    for (const name of ['Credit Card', 'Check'] as const) {
      const panel = document.getElementById(tab(name).getAttribute('aria-controls')!)!
      expect(panel.getAttribute('role')).toBe('tabpanel')
      expect(panel.getAttribute('aria-labelledby')).toBe(tab(name).id)
    }
  })
})

describe('make-payment island: every message of spec 001 section 5, beside its field', () => {
  it('shows nothing until Submit (lazy), then every required message, focus on the first', async () => {
    render(<MakePayment {...baseProps} emailOnFile={false} />)
    type('Payment Amount', '')
    expect(errorOf('Payment Amount')).toBeNull()
    await submit()
    expect(errorOf('Payment Amount')).toBe('Payment Amount is required')
    expect(errorOf('Credit Card Number')).toBe('Credit Card Number is required')
    expect(errorOf('Expiration Month')).toBe('Expiration Date is required')
    expect(errorOf('CVV')).toBe('CVV is required')
    expect(errorOf('Name on Account')).toBe('Name on Account is required')
    expect(errorOf('Billing Address')).toBe('Billing Address is required')
    expect(errorOf('Billing City')).toBe('Billing City is required')
    expect(errorOf('Billing State')).toBe('Billing State is required')
    expect(errorOf('Billing Zip Code')).toBe('Billing Zip Code is required')
    expect(errorOf('Email')).toBe('Email is required')
    expect(field('Payment Amount').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('Payment Amount'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('after Submit, a message follows the entry as it is corrected', async () => {
    render(<MakePayment {...baseProps} />)
    await submit()
    expect(errorOf('Credit Card Number')).toBe('Credit Card Number is required')
    type('Credit Card Number', '4111')
    expect(errorOf('Credit Card Number')).toBe('Please enter a valid credit card number')
    type('Credit Card Number', '4111111111111111')
    expect(errorOf('Credit Card Number')).toBeNull()
    expect(field('Credit Card Number').getAttribute('aria-invalid')).toBeNull()
  })

  it('the focus goes to the first field in error in screen order', async () => {
    render(<MakePayment {...baseProps} />)
    fillBilling()
    type('Credit Card Number', '4111111111111111')
    type('Expiration Month', '07')
    type('Expiration Year', '2029')
    await submit()
    expect(document.activeElement).toBe(field('CVV'))
  })

  type Case = [string, Partial<typeof baseProps>, () => void, string, string]
  it.each<Case>([
    ['too low: at least the past due', {}, () => type('Payment Amount', '119.99'), 'Payment Amount', 'Payment Amount is too low, must be at least $120.00'],
    ['too low: at least $1', { pastDueCents: 0 }, () => type('Payment Amount', '0.5'), 'Payment Amount', 'Payment Amount is too low, must be at least $1.00'],
    [
      'too high: the total due',
      {},
      () => type('Payment Amount', '720.01'),
      'Payment Amount',
      'Payment Amount is too high, must be less than or equal to $720.00',
    ],
    [
      'too high: capped at 15000',
      { totalDueCents: 2_000_000 },
      () => type('Payment Amount', '15000.01'),
      'Payment Amount',
      'Payment Amount is too high, must be less than or equal to $15,000.00',
    ],
    [
      'flood: paid in full',
      floodProps,
      () => type('Payment Amount', '100'),
      'Payment Amount',
      'Payments to flood policies must be made in full. For more information, please call 1-800-555-0134.',
    ],
    ['flood: too high', floodProps, () => type('Payment Amount', '1500'), 'Payment Amount', 'Payment Amount is too high, must be equal to $1,423.00'],
    ['amount not an amount', {}, () => type('Payment Amount', '.'), 'Payment Amount', 'Please enter a valid Payment Amount'],
    ['invalid email', { emailOnFile: false }, () => type('Email', 'casey@example'), 'Email', 'Please enter a valid email'],
    ['zip not a ZIP', {}, () => type('Billing Zip Code', '303'), 'Billing Zip Code', 'Please enter a valid Billing Zip Code'],
    ['card pattern', {}, () => type('Credit Card Number', '1234567890123456'), 'Credit Card Number', 'Please enter a valid credit card number'],
    [
      'Discover, not flood',
      {},
      () => type('Credit Card Number', '6011111111111117'),
      'Credit Card Number',
      'We do not currently support Discover as a payment option.',
    ],
    [
      'Troy, not flood',
      {},
      () => type('Credit Card Number', '9792030000000000'),
      'Credit Card Number',
      'We do not currently support Troy as a payment option.',
    ],
    [
      'Troy, flood',
      floodProps,
      () => type('Credit Card Number', '9792030000000000'),
      'Credit Card Number',
      'We do not currently support Troy as a payment option.',
    ],
    ['month missing', {}, () => type('Expiration Year', '2029'), 'Expiration Month', 'Expiration Month is required'],
    ['year missing', {}, () => type('Expiration Month', '07'), 'Expiration Year', 'Expiration Year is required'],
    [
      'expired this year',
      {},
      () => {
        type('Expiration Month', '10')
        type('Expiration Year', '2026')
      },
      'Expiration Month',
      'Please use a credit card that has not expired',
    ],
    ['CVV 3 digits', {}, () => type('CVV', '12'), 'CVV', 'Please enter 3 digits'],
    [
      'CVV 4 digits for Amex',
      {},
      () => {
        type('Credit Card Number', '378282246310005')
        type('CVV', '123')
      },
      'CVV',
      'Please enter 4 digits',
    ],
  ])('%s', async (_name, props, act_, label, message) => {
    render(<MakePayment {...baseProps} {...props} />)
    act_()
    await submit()
    expect(errorOf(label)).toBe(message)
  })

  it('Discover is accepted on a flood policy', async () => {
    render(<MakePayment {...floodProps} />)
    type('Credit Card Number', '6011111111111117')
    await submit()
    expect(errorOf('Credit Card Number')).toBeNull()
  })

  it.each<[string, () => void, string, string]>([
    ['routing required', () => {}, 'Routing Number', 'Routing Number is required'],
    ['routing 9 digits', () => type('Routing Number', '02100002'), 'Routing Number', 'Please use a valid Routing Number'],
    ['check number required', () => {}, 'Check Number', 'Check Number is required'],
    ['account required', () => {}, 'Account Number', 'Account Number is required'],
    ['account 4 to 17 digits', () => type('Account Number', '123'), 'Account Number', 'Please use a valid Account Number'],
    ['the authorization', () => {}, 'I agree to this authorization', 'Please check the box to authorize this payment from your bank account.'],
  ])('check: %s', async (_name, act_, label, message) => {
    render(<MakePayment {...baseProps} />)
    fireEvent.click(tab('Check'))
    act_()
    await submit()
    expect(errorOf(label)).toBe(message)
  })

  it('a valid check leaves no message and the card fields are not asked', async () => {
    render(<MakePayment {...baseProps} />)
    fillBilling()
    fillCheck()
    await submit()
    expect(document.querySelectorAll('.field__error')).toHaveLength(0)
  })
})

describe('make-payment island: the bank authorization (NACHA WEB)', () => {
  it('is shown on the check tab only, with the amount, the date, the account and how to revoke', () => {
    render(<MakePayment {...baseProps} />)
    expect(screen.queryByText(/I authorize ProgHome Insurance/)).toBeNull()
    fireEvent.click(tab('Check'))
    type('Account Number', '000123456789')
    const text = screen.getByText(/I authorize ProgHome Insurance/).textContent ?? ''
    expect(text).toContain('$240.00 from my bank account ending in 6789 on or after 11/15/2026, as payment on policy BLD4050001.')
    expect(text).toContain('I may revoke it by calling 1-800-555-0134')
    expect(field('I agree to this authorization').getAttribute('aria-describedby')).toContain('pay-authorizeDebit-text')
  })
})

describe('make-payment island: paid in full at submit', () => {
  it("shows 'Your policy is paid in full.' and sends nothing", async () => {
    render(<MakePayment {...baseProps} totalDueCents={0} dueCents={0} />)
    fillBilling()
    fillCard()
    await submit()
    expect(screen.getByRole('alert').textContent).toBe('Your policy is paid in full.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('the notice takes the focus so it is read', async () => {
    render(<MakePayment {...baseProps} totalDueCents={0} />)
    await submit()
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    expect(document.activeElement).toBe(screen.getByRole('alert'))
  })
})
