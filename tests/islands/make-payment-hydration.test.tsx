import { describe, expect, it } from 'vitest'
import { act } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { MakePayment } from '../../islands/make-payment/MakePayment'
import { baseProps } from './make-payment-support'

/** What a person types into the server's form before the island hydrates (a slow phone) is kept. */
describe('the payment form hydrating after typing', () => {
  it('takes the billing details and the card typed before hydration into the form: Submit does not call them missing', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<MakePayment {...baseProps} />)
    document.body.appendChild(container)
    const typed: Record<string, string> = {
      'pay-billingName': 'Casey Whitfield',
      'pay-billingAddress': '1 Main St',
      'pay-billingZip': '30305',
      'pay-cardNumber': '4111 1111 1111 1111',
    }
    for (const [id, value] of Object.entries(typed)) (document.getElementById(id) as HTMLInputElement).value = value

    await act(async () => {
      hydrateRoot(container, <MakePayment {...baseProps} />)
    })

    await act(async () => {
      ;(document.getElementById('pay-billingName') as HTMLInputElement).form!.requestSubmit()
    })
    for (const id of ['billingName', 'billingAddress', 'billingZip', 'cardNumber'])
      expect(document.getElementById(`pay-${id}-error`)?.textContent ?? '').toBe('')
    expect((document.getElementById('pay-billingName') as HTMLInputElement).value).toBe('Casey Whitfield')
    expect((document.getElementById('pay-billingAddress') as HTMLInputElement).value).toBe('1 Main St')
    expect((document.getElementById('pay-billingZip') as HTMLInputElement).value).toBe('30305')
    expect((document.getElementById('pay-cardNumber') as HTMLInputElement).value.replace(/\s/g, '')).toBe('4111111111111111')
    container.remove()
  })
})
