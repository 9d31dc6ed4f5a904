import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { baseProps, field } from './make-payment-support'

const { default: MakePayment } = await import('../../islands/make-payment')

afterEach(() => cleanup())

describe("make-payment island: 'Try another card or account' (issue 21 item 3, decision 171)", () => {
  it('starts from what the server kept: the amount, name and address, with the card number and CVV empty', () => {
    const kept = {
      type: 'creditCard',
      amount: '190.00',
      billingName: 'Casey Whitfield',
      billingAddress: '1 Main St',
      billingCity: 'Atlanta',
      billingState: 'GA',
      billingZip: '30305',
      email: '',
    }
    render(<MakePayment {...baseProps} kept={JSON.stringify(kept)} />)
    expect(field('Payment Amount').value).toBe('190.00')
    expect(field('Name on Account').value).toBe('Casey Whitfield')
    expect(field('Billing Address').value).toBe('1 Main St')
    expect(field('Billing City').value).toBe('Atlanta')
    expect(field('Billing State').value).toBe('GA')
    expect(field('Billing Zip Code').value).toBe('30305')
    expect(field('Credit Card Number').value).toBe('')
    expect(field('CVV').value).toBe('')
  })

  it('without anything kept, starts empty', () => {
    render(<MakePayment {...baseProps} />)
    expect(field('Name on Account').value).toBe('')
  })
})
