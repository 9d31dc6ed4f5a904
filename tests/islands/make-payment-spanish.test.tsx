import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { amountRule } from '../../shared/payments/amount'
import { makePaymentMessages, makePaymentTexts } from '../../shared/payments/texts/make-payment'
import { paymentRefusedText } from '../../shared/payments/outcome'
import { makePaymentPropsSchema, type MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import { findEnglish } from '../support/find-english'
import { baseProps } from './make-payment-support'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
const { default: MakePayment } = await import('../../islands/make-payment')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * Issue 36: the make-payment island in Spanish, as the page gives it its texts and its form's messages
 * (the schema writes English; the island shows the page's language). No English on screen in any state
 * reached here: the form, the messages after Submit, a card refused.
 */
const facts = {
  rule: amountRule({ isFlood: baseProps.isFlood, totalDueCents: baseProps.totalDueCents, pastDueCents: baseProps.pastDueCents }),
  amountReadOnly: false,
  isFlood: false,
  policyId: baseProps.policyId,
  supportPhone: baseProps.supportPhone,
  today: baseProps.today,
}
const spanish: MakePaymentProps = { ...baseProps, texts: makePaymentTexts('es', facts), messages: makePaymentMessages('es', facts)! }

/** The state names of the billing state list, and the placeholders fill() completes, are not English prose. */
const ALLOW = ['District of Columbia', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'error']

let fetchMock: Mock<typeof fetch>
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response('', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pago' }))
  })

describe('the make-payment island in Spanish', () => {
  it('its props pass the props check, and the server-rendered form has no English', () => {
    expect(makePaymentPropsSchema.safeParse(spanish).success).toBe(true)
    const html = renderToString(<MakePayment {...spanish} />)
    expect(html).toContain('Realizar un pago')
    expect(findEnglish(html, ALLOW)).toEqual([])
  })

  it("after Submit the form's messages are in Spanish, the amount's with this policy's amounts", async () => {
    const { container } = render(<MakePayment {...spanish} />)
    fireEvent.change(screen.getByLabelText('Monto del pago *'), { target: { value: '1' } })
    await submit()
    expect(container.textContent).toContain('El monto del pago es muy bajo, debe ser de al menos $120.00')
    expect(container.textContent).toContain('El número de tarjeta de crédito es obligatorio')
    expect(container.textContent).toContain('El nombre en la cuenta es obligatorio')
    expect(findEnglish(container.innerHTML, ALLOW)).toEqual([])
  })

  it('a refused card: said in Spanish, with the way to try another card', async () => {
    fetchMock.mockImplementation(async () => new Response(paymentRefusedText('declined', 'card', baseProps.supportPhone), { status: 202 }))
    const { container } = render(<MakePayment {...spanish} />)
    fireEvent.change(screen.getByLabelText('Número de tarjeta de crédito *'), { target: { value: '4111111111111111' } })
    fireEvent.change(screen.getByLabelText('Vencimiento: Mes *'), { target: { value: '07' } })
    fireEvent.change(screen.getByLabelText('Vencimiento: Año *'), { target: { value: '2029' } })
    fireEvent.change(screen.getByLabelText('CVV *'), { target: { value: '123' } })
    fireEvent.change(screen.getByLabelText('Nombre en la cuenta *'), { target: { value: 'Casey Whitfield' } })
    fireEvent.change(screen.getByLabelText('Dirección de facturación *'), { target: { value: '1 Calle Sol' } })
    fireEvent.change(screen.getByLabelText('Ciudad de facturación *'), { target: { value: 'Miami' } })
    fireEvent.change(screen.getByLabelText('Estado de facturación *'), { target: { value: 'FL' } })
    fireEvent.change(screen.getByLabelText('Código postal de facturación *'), { target: { value: '33101' } })
    await submit()
    expect(container.textContent).toContain('Su pago fue rechazado, y no se realizó ningún pago. Use otra tarjeta, o llámenos al')
    expect(screen.getByRole('button', { name: 'Probar con otra tarjeta' })).toBeTruthy()
    expect(findEnglish(container.innerHTML, [...ALLOW, 'Casey Whitfield'])).toEqual([])
  })
})
