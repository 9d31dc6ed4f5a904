import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { BANK_AUTHORIZATION_VERSION } from '../../shared/payments/authorization'
import { SAVE_CONSENT_VERSION, SAVE_NEEDS_STEP_UP, type SavedMethodView } from '../../shared/payments/saved-methods'
import { baseProps, fillBilling, fillCard, submit, tab, type } from './make-payment-support'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
const { default: MakePayment } = await import('../../islands/make-payment')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * Issue 22 item 1 in the island: saved methods offered first (the default chosen), the typed form one
 * choice away with 'Save this card/account for later' and its consent; a saved method's payload names
 * it and carries no card data; a saved bank account still needs the authorization, with its last four.
 */
let fetchMock: Mock<typeof fetch>
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response('Thank you.', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const VISA: SavedMethodView = {
  id: 'pm_abcdefghijklmnopqrstuvwx',
  kind: 'card',
  brand: 'Visa',
  last4: '1111',
  expMonth: 7,
  expYear: 2099,
  nickname: 'Everyday',
  isDefault: true,
}
const BANK: SavedMethodView = {
  id: 'pm_bcdefghijklmnopqrstuvwxy',
  kind: 'bank',
  brand: 'JPMorgan Chase',
  last4: '6789',
  expMonth: null,
  expYear: null,
  nickname: 'Checking',
  isDefault: false,
}
const props = { ...baseProps, savedMethods: JSON.stringify([VISA, BANK]), canSave: true }
const bodyOf = (i: number) => JSON.parse(String(fetchMock.mock.calls.filter(([u]) => u === baseProps.postUrl)[i]![1]!.body)) as Record<string, unknown>

describe('make-payment island with saved methods', () => {
  it('offers the saved methods first with the default chosen, and pays with it in one click', async () => {
    render(<MakePayment {...props} />)
    expect((screen.getByLabelText('Everyday: Visa ending in 1111, expires 07/2099') as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('tab', { name: 'Credit Card' })).toBeNull()
    await submit()
    const body = bodyOf(0)
    expect(body).toMatchObject({ type: 'creditCard', savedMethodId: VISA.id, creditCardNumber: '', cvv: '', accountNumber: '', amount: 240 })
    expect(body.saveMethod).toBeUndefined()
  })

  it('asks the authorization for a saved bank account, with its last four, before sending', async () => {
    render(<MakePayment {...props} />)
    fireEvent.click(screen.getByLabelText('Checking: JPMorgan Chase account ending in 6789'))
    await submit()
    expect(fetchMock.mock.calls.filter(([u]) => u === baseProps.postUrl)).toHaveLength(0)
    expect(screen.getByText(/my bank account ending in 6789/)).toBeTruthy()
    fireEvent.click(screen.getByLabelText('I agree to this authorization *'))
    await submit()
    const body = bodyOf(0)
    expect(body).toMatchObject({ type: 'check', savedMethodId: BANK.id, bankAuthorization: { accepted: true, version: BANK_AUTHORIZATION_VERSION } })
    expect(String((body.bankAuthorization as { text: string }).text)).toContain('ending in 6789')
  })

  it("a saved card refused (decision 222): 'Try another card' opens the typed card form, not the saved method again", async () => {
    fetchMock.mockResolvedValue(
      new Response('Your payment was declined, and no payment was made. Please use another card, or call us at 1-800-555-0134.', { status: 202 }),
    )
    render(<MakePayment {...props} />)
    await submit()
    fireEvent.click(screen.getByRole('button', { name: 'Try another card' }))
    expect((screen.getByLabelText('Use a different card or bank account') as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('tab', { name: 'Credit Card' }).getAttribute('aria-selected')).toBe('true')
  })

  it('a typed card refused beside saved methods comes back on the typed card, with its number', async () => {
    fetchMock.mockResolvedValue(
      new Response('Your payment was declined, and no payment was made. Please use another card, or call us at 1-800-555-0134.', { status: 202 }),
    )
    render(<MakePayment {...props} />)
    fireEvent.click(screen.getByLabelText('Use a different card or bank account'))
    fillBilling()
    fillCard('5555555555554444')
    await submit()
    fireEvent.click(screen.getByRole('button', { name: 'Try another card' }))
    expect((screen.getByLabelText('Use a different card or bank account') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Credit Card Number *') as HTMLInputElement).value).toBe('5555 5555 5555 4444')
  })

  it("keeps the typed form one choice away, with 'Save this card for later' and its consent", async () => {
    render(<MakePayment {...props} />)
    fireEvent.click(screen.getByLabelText('Use a different card or bank account'))
    expect(screen.getByRole('tab', { name: 'Credit Card' })).toBeTruthy()
    const save = screen.getByLabelText('Save this card for later') as HTMLInputElement
    expect(save.getAttribute('aria-describedby')).toBe('save-method-consent')
    expect(screen.getByText(/keep this card with its payment processor/)).toBeTruthy()
    fireEvent.click(save)
    fireEvent.change(screen.getByLabelText('Nickname (optional)'), { target: { value: 'Travel card' } })
    fillBilling()
    fillCard('5555555555554444')
    type('Payment Amount', '250.5')
    await submit()
    const body = bodyOf(0)
    expect(body).toMatchObject({ creditCardNumber: '5555555555554444', saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: 'Travel card' } })
    expect(body.savedMethodId).toBeUndefined()
  })

  it('offers Confirm it is you instead of the box when the session was proved too long ago (decision 202), and pays without saving', async () => {
    const confirmToSaveUrl = '/manage-profile/confirm?next=make-payment'
    render(<MakePayment {...baseProps} confirmToSaveUrl={confirmToSaveUrl} />)
    expect(screen.queryByLabelText('Save this card for later')).toBeNull()
    expect(screen.getByText(SAVE_NEEDS_STEP_UP.before('card'), { exact: false })).toBeTruthy()
    expect(screen.getByRole('link', { name: SAVE_NEEDS_STEP_UP.link }).getAttribute('href')).toBe(confirmToSaveUrl)
    fireEvent.click(tab('Check'))
    expect(screen.getByText(SAVE_NEEDS_STEP_UP.before('bank'), { exact: false })).toBeTruthy()
    fireEvent.click(tab('Credit Card'))
    fillBilling()
    fillCard()
    await submit()
    expect(bodyOf(0).saveMethod).toBeUndefined()
  })

  it('offers no save without a profile login', () => {
    render(<MakePayment {...baseProps} />)
    expect(screen.queryByLabelText('Save this card for later')).toBeNull()
    expect(screen.queryByText('Pay with')).toBeNull()
  })
})
