import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { BANK_AUTHORIZATION_VERSION } from '../../shared/payments/authorization'
import { baseProps, errorOf, field, fillBilling, fillCard, fillCheck, submit, type } from './make-payment-support'
import { MSG } from '../../shared/forms/messages'
import { KEY_REUSED_MESSAGE, PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../../shared/api/problem'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
const { default: MakePayment } = await import('../../islands/make-payment')
const { goTo } = await import('../../islands/ui/navigate')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let fetchMock: Mock<typeof fetch>
let consoleError: Mock

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response('Thank you for your payment.', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {}) as unknown as Mock
  vi.mocked(goTo).mockClear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const paymentCalls = () => fetchMock.mock.calls.filter(([url]) => url === baseProps.postUrl)
const logCalls = () => fetchMock.mock.calls.filter(([url]) => url === baseProps.logUrl)
const headersOf = (i: number) => new Headers(paymentCalls()[i]![1]!.headers)
const bodyOf = (i: number) => JSON.parse(String(paymentCalls()[i]![1]!.body)) as Record<string, unknown>

/** Everything the island wrote to the console or sent to the log endpoint, as text. */
function everythingLogged(): string {
  return JSON.stringify([consoleError.mock.calls.map((args) => args.map(String)), logCalls().map(([, init]) => init?.body)])
}

function validCard() {
  fillBilling()
  fillCard()
}

describe('make-payment island: the post (the submitPayment seam)', () => {
  it("POSTs the spec's payload to /v1/{family}/MakePayment/{policyId} with an Idempotency-Key and the JSON header", async () => {
    render(<MakePayment {...baseProps} />)
    validCard()
    type('Payment Amount', '250.5')
    await submit()
    expect(paymentCalls()).toHaveLength(1)
    const init = paymentCalls()[0]![1]!
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('same-origin')
    expect(headersOf(0).get('X-Requested-With')).toBe('portal')
    expect(headersOf(0).get('Content-Type')).toBe('application/json')
    expect(headersOf(0).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(bodyOf(0)).toEqual({
      type: 'creditCard',
      policyId: 'BLD4050001',
      amount: 250.5,
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
  })

  it('a check payment carries the authorization the payer accepted, exactly as shown', async () => {
    render(<MakePayment {...baseProps} emailOnFile={false} />)
    fillBilling()
    type('Email', 'casey@example.com')
    fillCheck()
    const shown = screen.getByText(/I authorize ProgHome Insurance/).textContent
    await submit()
    expect(bodyOf(0)).toMatchObject({
      type: 'check',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      checkNumber: '1001',
      creditCardNumber: '',
      cvv: '',
      expirationDate: '',
      homeownerEmail: 'casey@example.com',
      bankAuthorization: { accepted: true, version: BANK_AUTHORIZATION_VERSION, text: shown },
    })
  })

  it('shows the spinner while the post is in flight and sends once however often Submit is pressed', async () => {
    let answer!: (r: Response) => void
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(screen.getByTestId('payment-spinner')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Processing your payment. Please wait.')
    await submit()
    await submit()
    expect(paymentCalls()).toHaveLength(1)
    await act(async () => answer(new Response('Thank you.', { status: 200 })))
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it.each([200, 202])('%i: opens the system-message page the server filled (success or error)', async (status) => {
    fetchMock.mockResolvedValue(new Response('The answer text.', { status }))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(goTo).toHaveBeenCalledWith('/system-message')
    expect(screen.getByTestId('payment-spinner')).toBeTruthy() // leaving: the spinner stays until the page goes
  })

  it('400 with the form messages: shown beside the fields, focus on the first', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { errorMessage: 'Payment Amount is required', errors: { amount: 'Payment Amount is too high, must be less than or equal to $720.00' } },
        { status: 400 },
      ),
    )
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(errorOf('Payment Amount')).toBe('Payment Amount is too high, must be less than or equal to $720.00')
    expect(document.activeElement).toBe(field('Payment Amount'))
    expect(goTo).not.toHaveBeenCalled()
  })
})

describe('make-payment island: answers read through the one call helper (issue 18)', () => {
  it('400 as problem details (application/problem+json): the field errors are shown beside the fields', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          type: PROBLEM_TYPES.invalidBody,
          title: 'The request body is not valid.',
          status: 400,
          detail: 'Please correct the entries.',
          errorMessage: 'Please correct the entries.',
          errors: { billingName: 'Name on Account is required' },
        }),
        { status: 400, headers: { 'Content-Type': PROBLEM_MEDIA_TYPE } },
      ),
    )
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(errorOf('Name on Account')).toBe('Name on Account is required')
    expect(document.activeElement).toBe(field('Name on Account'))
    expect(goTo).not.toHaveBeenCalled()
  })

  it('422 "key already used with another request": a fresh attempt with a new key, and the island shows that attempt\'s outcome', async () => {
    const reused = { type: PROBLEM_TYPES.keyReused, title: 'Key reused', status: 422, detail: KEY_REUSED_MESSAGE, errorMessage: KEY_REUSED_MESSAGE }
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify(reused), { status: 422, headers: { 'Content-Type': PROBLEM_MEDIA_TYPE } }))
      .mockResolvedValueOnce(new Response('Thank you for your payment.', { status: 200 }))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(paymentCalls()).toHaveLength(2)
    expect(headersOf(1).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(headersOf(1).get('Idempotency-Key')).not.toBe(headersOf(0).get('Idempotency-Key'))
    expect(paymentCalls()[1]![1]!.body).toBe(paymentCalls()[0]![1]!.body)
    expect(goTo).toHaveBeenCalledWith('/system-message')
    expect(logCalls()).toHaveLength(0)
  })

  it('a fresh attempt that fails shows its own failure, not the 422', async () => {
    fetchMock
      .mockResolvedValueOnce(
        Response.json(
          { type: PROBLEM_TYPES.keyReused, errorMessage: KEY_REUSED_MESSAGE },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      )
      .mockResolvedValueOnce(Response.json({ errorMessage: MSG.storeUnavailable }, { status: 503 }))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(paymentCalls()).toHaveLength(2)
    expect(screen.getByRole('alert').textContent).toBe(MSG.storeUnavailable)
    expect(goTo).not.toHaveBeenCalled()
  })
})

describe('make-payment island: when the payment does not go through', () => {
  const DECLINED = 'Your payment was declined, and no payment was made. Please use another card, or call us at 1-800-555-0134.'

  it("a refusal (decision 222): said on the form's page under the spec's error heading, 'Try another card' first, and the form back with the card typed", async () => {
    fetchMock.mockImplementation(async (url) => (url === baseProps.logUrl ? new Response(null, { status: 204 }) : new Response(DECLINED, { status: 202 })))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(goTo).not.toHaveBeenCalled()
    expect(screen.queryByTestId('payment-spinner')).toBeNull()
    const heading = screen.getByRole('heading', { level: 1, name: 'An unexpected error has occurred.' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByRole('alert').textContent).toBe(`${DECLINED} Nothing was charged.`)
    expect(screen.queryByLabelText('Credit Card Number *')).toBeNull()
    expect(screen.getByRole('link', { name: '1-800-555-0134' }).getAttribute('href')).toBe('tel:18005550134')
    const actions = [...document.querySelectorAll('.actions > *')]
    expect(actions.map((a) => [a.textContent, a.className])).toEqual([
      ['Try another card', 'btn btn--primary'],
      ['Return to Summary', 'btn btn--secondary'],
    ])

    await act(async () => screen.getByRole('button', { name: 'Try another card' }).click())
    expect(field('Credit Card Number').value).toBe('4111 1111 1111 1111')
    expect(field('Expiration Month').value).toBe('07')
    expect(field('Expiration Year').value).toBe('2029')
    expect(field('CVV').value).toBe('123')
    expect(field('Name on Account').value).toBe('Casey Whitfield')
    expect(document.activeElement).toBe(field('Credit Card Number'))
    // Kept in the island's memory only: nothing of the card in the browser's storage or the logs.
    expect(localStorage.length + sessionStorage.length).toBe(0)
    expect(logCalls()).toHaveLength(0)
    expect(everythingLogged()).not.toContain('4111')

    // The refused payment took nothing: another try is a new attempt, with its own key.
    type('Credit Card Number', '5555555555554444')
    await submit()
    expect(paymentCalls()).toHaveLength(2)
    expect(headersOf(1).get('Idempotency-Key')).not.toBe(headersOf(0).get('Idempotency-Key'))
  })

  it("a refused bank payment offers 'Try another account' and brings the check tab back as typed", async () => {
    const text = 'We could not process your payment, and no payment was made. Please check the details and try again, or call us at 1-800-555-0134.'
    fetchMock.mockResolvedValue(new Response(text, { status: 202 }))
    render(<MakePayment {...baseProps} />)
    fillBilling()
    fillCheck()
    await submit()
    await act(async () => screen.getByRole('button', { name: 'Try another account' }).click())
    expect(field('Account Number').value).toBe('000123456789')
    expect(field('Routing Number').value).toBe('021000021')
  })

  it('another status: spinner hidden, a clear message, logged without card data, everything kept but the card number and CVV', async () => {
    fetchMock.mockImplementation(async (url) => (url === baseProps.logUrl ? new Response(null, { status: 204 }) : new Response('Not found', { status: 404 })))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(screen.queryByTestId('payment-spinner')).toBeNull()
    expect(screen.getByRole('alert').textContent).toBe(
      "We're sorry, your payment could not be completed right now. Please try again, or call us at 1-800-555-0134. For your security, please enter your card number and CVV again.",
    )
    expect(screen.getByRole('link', { name: '1-800-555-0134' }).getAttribute('href')).toBe('tel:18005550134')
    expect(field('Credit Card Number').value).toBe('')
    expect(field('CVV').value).toBe('')
    expect(field('Payment Amount').value).toBe('240.00')
    expect(field('Expiration Month').value).toBe('07')
    expect(field('Name on Account').value).toBe('Casey Whitfield')
    expect(field('Billing Zip Code').value).toBe('30305')
    expect(consoleError).toHaveBeenCalledWith('[make-payment] unexpected http response', 404)
    expect(JSON.parse(String(logCalls()[0]![1]!.body))).toEqual({
      loggingLevel: 'Error',
      pageName: 'MakePayment',
      functionName: 'submitPayment',
      message: 'unexpected http response 404',
    })
    expect(everythingLogged()).not.toMatch(/4111|"123"|Whitfield|Habersham/)
    expect(goTo).not.toHaveBeenCalled()
  })

  it('a network error: spinner hidden, a clear message, the check details kept, nothing logged of them', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url === baseProps.logUrl) return new Response(null, { status: 204 })
      throw new TypeError('Failed to fetch')
    })
    render(<MakePayment {...baseProps} />)
    fillBilling()
    fillCheck()
    await submit()
    expect(screen.queryByTestId('payment-spinner')).toBeNull()
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not reach our payment service, so we cannot confirm your payment. Please check your connection and submit again: the same payment submitted again is not charged twice. If this keeps happening, call us at 1-800-555-0134.',
    )
    expect(field('Routing Number').value).toBe('021000021')
    expect(field('Account Number').value).toBe('000123456789')
    expect(everythingLogged()).not.toMatch(/000123456789|021000021/)
    expect(JSON.parse(String(logCalls()[0]![1]!.body)).message).toBe('payment post failed')
  })

  it('a retry of the same payment (card typed again) reuses the Idempotency-Key; another payment gets a new one', async () => {
    fetchMock.mockImplementation(async (url) => (url === baseProps.logUrl ? new Response(null, { status: 204 }) : new Response('', { status: 503 })))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    type('Credit Card Number', '4111111111111111')
    type('CVV', '124')
    await submit()
    expect(paymentCalls()).toHaveLength(2)
    expect(headersOf(1).get('Idempotency-Key')).toBe(headersOf(0).get('Idempotency-Key'))

    type('Credit Card Number', '4111111111111111')
    type('CVV', '123')
    type('Payment Amount', '300')
    await submit()
    expect(paymentCalls()).toHaveLength(3)
    expect(headersOf(2).get('Idempotency-Key')).not.toBe(headersOf(0).get('Idempotency-Key'))
  })

  it("503 from our store: the server's message beside Submit, everything kept (the card too), Submit free again, and the retry sends the same key once", async () => {
    const STORE = MSG.storeUnavailable
    let answer = (): Response => Response.json({ errorMessage: STORE }, { status: 503 })
    fetchMock.mockImplementation(async (url) => (url === baseProps.logUrl ? new Response(null, { status: 204 }) : answer()))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()

    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(STORE)
    expect(alert.className).toContain('alert--error')
    expect(alert.nextElementSibling?.contains(screen.getByRole('button', { name: 'Submit Payment' }))).toBe(true)
    expect(screen.queryByTestId('payment-spinner')).toBeNull()
    expect(screen.getByRole('button', { name: 'Submit Payment' }).getAttribute('aria-disabled')).toBeNull()
    expect(field('Credit Card Number').value).toBe('4111 1111 1111 1111')
    expect(field('CVV').value).toBe('123')
    expect(field('Payment Amount').value).toBe('240.00')
    expect(field('Name on Account').value).toBe('Casey Whitfield')
    expect(consoleError).toHaveBeenCalledWith('[make-payment] unexpected http response', 503)
    expect(JSON.parse(String(logCalls()[0]![1]!.body)).message).toBe('unexpected http response 503')
    expect(everythingLogged()).not.toMatch(/4111|"123"|Whitfield|Habersham/)
    expect(goTo).not.toHaveBeenCalled()

    answer = () => new Response('Thank you for your payment.', { status: 200 })
    await submit()
    expect(paymentCalls()).toHaveLength(2)
    expect(headersOf(1).get('Idempotency-Key')).toBe(headersOf(0).get('Idempotency-Key'))
    expect(paymentCalls()[1]![1]!.body).toBe(paymentCalls()[0]![1]!.body)
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it("429 after several payments were not accepted (issue 20 item 2): the server's message in the alert, the card forgotten, nothing logged as unexpected", async () => {
    const PAUSED =
      'Several payments were not accepted in a short time, so online payment is paused for now to protect your account. Please try again in 60 minutes, or call us.'
    fetchMock.mockImplementation(async (url) =>
      url === baseProps.logUrl
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify({ type: PROBLEM_TYPES.rateLimited, title: 'Too Many Requests', status: 429, detail: PAUSED, errorMessage: PAUSED }), {
            status: 429,
            headers: { 'Content-Type': PROBLEM_MEDIA_TYPE, 'Retry-After': '3600' },
          }),
    )
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(PAUSED)
    expect(alert.className).toContain('alert--error')
    expect(field('Credit Card Number').value).toBe('')
    expect(field('CVV').value).toBe('')
    expect(logCalls()).toHaveLength(0)
    expect(goTo).not.toHaveBeenCalled()
  })

  it('nothing is sent while the entries are invalid, and the last answer message goes when Submit is pressed again', async () => {
    fetchMock.mockImplementation(async (url) => (url === baseProps.logUrl ? new Response(null, { status: 204 }) : new Response('', { status: 500 })))
    render(<MakePayment {...baseProps} />)
    validCard()
    await submit()
    expect(screen.getByRole('alert').textContent).not.toBe('')
    await submit() // card number and CVV were cleared: invalid, nothing sent
    expect(paymentCalls()).toHaveLength(1)
    expect(screen.getByRole('alert').textContent).toBe('')
    expect(errorOf('Credit Card Number')).toBe('Credit Card Number is required')
    expect(document.activeElement).toBe(field('Credit Card Number'))
  })
})
