import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { baseProps, field, fillBilling, fillCard, submit, type } from './make-payment-support'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
const { default: MakePayment } = await import('../../islands/make-payment')
const { goTo } = await import('../../islands/ui/navigate')
const { readDraft } = await import('../../islands/make-payment/draft')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let status = 202
beforeEach(() => {
  sessionStorage.clear()
  location.hash = ''
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response('Your payment was declined, and no payment was made.', { status })),
  )
  vi.mocked(goTo).mockClear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function payOnce() {
  render(<MakePayment {...baseProps} />)
  fillBilling()
  fillCard()
  type('Payment Amount', '250.5')
  await submit()
}

describe("make-payment island: 'Try another card or account' keeps all but the card number and CVV (issue 21 item 3)", () => {
  it('a refused payment keeps the amount, name and address; the form opened again shows them, with the card number and CVV empty', async () => {
    status = 202
    await payOnce()
    expect(goTo).toHaveBeenCalledWith('/system-message')
    const stored = sessionStorage.getItem('ph_payment_draft') ?? ''
    expect(stored).not.toMatch(/4111|"123"|cvv|cardNumber|expMonth|routing|account/i)
    cleanup()

    // The Make a Payment button: the form starts from the amount due.
    render(<MakePayment {...baseProps} />)
    await act(async () => {})
    expect(field('Name on Account').value).toBe('')
    cleanup()

    // 'Try another card or account'
    location.hash = '#try-again'
    render(<MakePayment {...baseProps} />)
    await act(async () => {})
    expect(field('Payment Amount').value).toBe('250.5')
    expect(field('Name on Account').value).toBe('Casey Whitfield')
    expect(field('Billing Address').value).toBe('3400 Habersham Road NW')
    expect(field('Billing City').value).toBe('Atlanta')
    expect(field('Billing State').value).toBe('GA')
    expect(field('Billing Zip Code').value).toBe('30305')
    expect(field('Credit Card Number').value).toBe('')
    expect(field('CVV').value).toBe('')
  })

  it('a payment accepted (paid or being processed) keeps nothing', async () => {
    status = 200
    await payOnce()
    expect(sessionStorage.getItem('ph_payment_draft')).toBeNull()
  })

  it('another policy, or a draft older than 30 minutes, gets nothing', async () => {
    status = 202
    await payOnce()
    expect(readDraft('OTHER0001')).toBeNull()
    expect(readDraft(baseProps.policyId, Date.now() + 31 * 60_000)).toBeNull()
    expect(readDraft(baseProps.policyId)).toMatchObject({ billingName: 'Casey Whitfield' })
  })
})
