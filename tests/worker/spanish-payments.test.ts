import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { seed, type Browser } from './helpers'
import { mainOf, text, withPolicy } from './servicing-helpers'
import { routeOutbound } from './sso-support'
import { cardFormValues } from './payment-fixtures'
import { findEnglish } from '../support/find-english'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import type { PaymentFormValues } from '../../shared/payments/schemas/payment'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'

/**
 * Issue 36: the payments in Spanish. Each payment page and state a person reaches, rendered with the
 * language cookie, holds no English outside names and the seed's data (the header and footer around
 * <main> are the layout's, translated with it); the island gets its texts and messages in Spanish; the
 * English page keeps the spec's texts. Mails and the receipt PDF follow in their own describe blocks.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

/**
 * Names and data that stay as they are: the seed's, the states' names of the billing state list, the
 * island's value placeholders ({amount}: fill() puts the value in) and 'error', which is Spanish too.
 */
const ALLOW = [
  'Visa',
  'Casey Whitfield',
  'Main St',
  'Atlanta',
  'District of Columbia',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'error',
  '{amount}',
  '{account}',
  '{brand}',
  '{last4}',
  '{type}',
  '{expiry}',
  '{min}',
  '{max}',
]
const REFERENCE = /PAY-[0-9A-Z]{8}/

/** The system-message page's message (its heading and button are the page's own, translated with it). */
function messageBody(html: string): string {
  return /<div role="(?:alert|status)" class="system-message__body[\s\S]*?<\/div>/.exec(html)![0]
}

function inSpanish(b: Browser): Browser {
  b.cookies.set(LANGUAGE_COOKIE, 'es')
  return b
}

function inEnglish(b: Browser): Browser {
  b.cookies.delete(LANGUAGE_COOKIE)
  return b
}

async function spanishMain(b: Browser, path: string): Promise<{ html: string; main: string; status: number }> {
  const res = await inSpanish(b).fetch(path)
  const html = await res.text()
  expect(html).toContain('<html lang="es-US">')
  return { html, main: mainOf(html), status: res.status }
}

function islandProps(html: string): MakePaymentProps {
  const m = /<script type="application\/json" data-island-props="i\d+">([\s\S]*?)<\/script>/.exec(html)
  if (!m) throw new Error('no island on the page')
  return JSON.parse(
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  ) as MakePaymentProps
}

function pay(b: Browser, policyId: string, amount: string, change: Partial<PaymentFormValues> = {}): Promise<Response> {
  const payload = buildPaymentPayload(cardFormValues({ amount, ...change }), { policyId, emailOnFile: true, authorizationText: '' })
  return b.fetch(makePaymentPath('homeowners', policyId), {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(payload),
  })
}

describe('Make a Payment in Spanish', () => {
  it('the form: the island gets its texts and its messages in Spanish; nothing in English on the page or in the props', async () => {
    const b = await withPolicy('HOM4010001')
    const { html, main, status } = await spanishMain(b, '/make-payment')
    expect(status).toBe(200)
    const props = islandProps(html)
    expect(props.texts.heading).toBe('Realizar un pago')
    expect(props.texts.submit).toBe('Enviar pago')
    expect(props.texts.authTemplate).toContain('Autorizo a ProgHome Insurance')
    expect(props.messages?.['Payment Amount is required']).toBe('El monto del pago es obligatorio')
    expect(Object.values(props.messages ?? {}).some((m) => m.startsWith('El monto del pago es muy bajo, debe ser de al menos $'))).toBe(true)
    expect(text(main)).toContain('Monto del pago')
    expect(findEnglish(main, ALLOW)).toEqual([])

    const english = await (await inEnglish(b).fetch('/make-payment')).text()
    expect(english).toContain('<html lang="en-US">')
    expect(text(mainOf(english))).toContain('Payment Amount')
    expect(islandProps(english).texts.heading).toBe('Make a Payment')
    expect(islandProps(english).messages).toBeUndefined()
  })

  it('a refusal: the result page in Spanish, the way back to the form, nothing charged', async () => {
    const b = inSpanish(await withPolicy('HOM4040006'))
    const res = await pay(b, 'HOM4040006', '120.00', { cardNumber: '4000000000000002' })
    expect(res.status).toBe(202)
    // The API's answer stays the English the spec's callers read.
    expect(await res.text()).toContain('Your payment was declined')
    const body = messageBody((await spanishMain(b, '/system-message')).html)
    expect(text(body)).toContain('Su pago fue rechazado, y no se realizó ningún pago.')
    expect(text(body)).toContain('No se cobró nada.')
    expect(body).toContain('<a href="/make-payment?kept=1">Probar con otra tarjeta o cuenta</a>')
    expect(findEnglish(body, ALLOW)).toEqual([])
  })

  it('without JavaScript: the answer in Spanish', async () => {
    const b = inSpanish(await withPolicy('HOM4010001'))
    const res = await b.form('/make-payment', { amount: '10.00' })
    const html = await res.text()
    expect(res.status).toBe(400)
    expect(text(mainOf(html))).toContain('Su pago no se envió.')
    expect(findEnglish(mainOf(html), ALLOW)).toEqual([])
  })
})

describe('a pending payment in Spanish', () => {
  it('the result page, the payment-due box, Payment History and Make a Payment say it is being processed', async () => {
    const policyId = 'HOM4040001'
    const b = inSpanish(await withPolicy(policyId))
    const box = await spanishMain(b, '/policy-information')
    expect(findEnglish(/<aside class="payment-due[\s\S]*?<\/aside>/.exec(box.html)![0], ALLOW)).toEqual([])
    expect(text(box.main)).toContain('Monto a pagar')

    expect((await pay(b, policyId, '150.00', { cardNumber: '4000000000005043' })).status).toBe(202)
    const outcome = messageBody((await spanishMain(b, '/system-message')).html)
    expect(text(outcome)).toContain(`Su pago de $150.00 de la póliza ${policyId} se está procesando`)
    const ref = REFERENCE.exec(text(outcome))![0]
    const allow = [...ALLOW, ref]
    expect(findEnglish(outcome, allow)).toEqual([])

    const after = await spanishMain(b, '/policy-information')
    const aside = /<aside class="payment-due[\s\S]*?<\/aside>/.exec(after.html)![0]
    expect(text(aside)).toContain('Se está procesando un pago de $150.00. Referencia PAY-')
    expect(findEnglish(aside, allow)).toEqual([])

    const history = await spanishMain(b, '/payment-history')
    expect(text(history.main)).toContain('Pendiente: en proceso (referencia PAY-')
    expect(text(history.main)).toContain('Historial de pagos')
    expect(findEnglish(history.main, allow)).toEqual([])

    const form = await spanishMain(b, '/make-payment')
    expect(text(form.main)).toContain('El formulario de pago se abrirá otra vez cuando se confirme')
    expect(findEnglish(form.main, allow)).toEqual([])

    const english = text(mainOf(await (await inEnglish(b).fetch('/payment-history')).text()))
    expect(english).toContain('Pending: being processed (reference PAY-')
  })
})
