import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { PDFDocument, PDFName, type PDFString } from 'pdf-lib'
import { api, bearer, seed, type Browser } from './helpers'
import { mainOf, policyTagged, text, withPolicy } from './servicing-helpers'
import { routeOutbound } from './sso-support'
import { cardFormValues } from './payment-fixtures'
import { findEnglish } from '../support/find-english'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import type { PaymentFormValues } from '../../shared/payments/schemas/payment'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'
import { pathOf } from '../../shared/routes'
import { setProfileLanguage } from '../../worker/db/identity/profiles'
import { pdfText } from '../support/pdf-text'
import { savedCard, storedPolicy } from './payment-support'

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
  // The policy's nickname its owner gave it (seed data).
  'Home (',
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

  it("the gates: contact the agent, online payments not offered, nothing due; English keeps the spec's texts", async () => {
    for (const [tag, spanish, english] of [
      ['policy.excess-flood', 'Comuníquese con su agente para realizar un pago:', 'Please contact your agent to make a payment:'],
      ['policy.flood-payments-disabled', 'Por ahora no se aceptan pagos en línea.', 'Online payments are not supported at this time.'],
      ['policy.flood-paid', 'No hay ningún pago que hacer en este momento.', 'No payment is due at this time.'],
    ] as const) {
      const { policyId } = policyTagged(tag)
      const b = await withPolicy(policyId)
      const p = await storedPolicy(policyId)
      const { main } = await spanishMain(b, '/make-payment')
      expect(text(main)).toContain(spanish)
      // The agent's name and address are theirs.
      const agent = [p.agentName, p.agentAddress1, p.agentAddress2, p.agentCity].filter((x) => x.trim())
      expect(findEnglish(main, [...ALLOW, ...agent])).toEqual([])
      expect(text(mainOf(await (await inEnglish(b).fetch('/make-payment')).text()))).toContain(english)
    }
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

async function ownerProfile(policyId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT profile_id FROM profile_policies WHERE policy_id = ?').bind(policyId).first<{ profile_id: string }>()
  return row!.profile_id
}

async function outboxMail(dedupePrefix: string): Promise<{ subject: string; text: string }> {
  const row = await env.DB.prepare('SELECT payload FROM outbox WHERE dedupe_key LIKE ? ORDER BY rowid DESC')
    .bind(`${dedupePrefix}%`)
    .first<{ payload: string }>()
  return JSON.parse(row!.payload) as { subject: string; text: string }
}

describe('Payment History in Spanish', () => {
  it('the table, its pages and the descriptions of the payments; the English page keeps the spec texts', async () => {
    const b = await withPolicy('HOM4010001')
    const { main } = await spanishMain(b, pathOf('PaymentHist'))
    expect(text(main)).toContain('Historial de pagos')
    expect(text(main)).toContain('Descripción')
    expect(findEnglish(main, ALLOW)).toEqual([])
    const english = text(mainOf(await (await inEnglish(b).fetch(pathOf('PaymentHist'))).text()))
    expect(english).toContain('Payment History')
    expect(english).toContain('Description')
  })

  it('a long history: its page links and where you are, in Spanish', async () => {
    const b = await withPolicy(policyTagged('policy.payment-history-long').policyId)
    const { main } = await spanishMain(b, `${pathOf('PaymentHist')}?page=2`)
    expect(main).toContain('aria-label="Páginas del historial de pagos"')
    expect(text(main)).toContain('Anterior')
    expect(findEnglish(main, ALLOW)).toEqual([])
  })
})

describe('automatic payments and payment methods in Spanish', () => {
  it('choose a method, read and accept the terms in Spanish (stored as read), the page on, the copy mailed in Spanish; Payment Methods', async () => {
    const policyId = 'HOM4020001'
    await setProfileLanguage(env.DB, await ownerProfile(policyId), 'es')
    const b = inSpanish(await withPolicy(policyId))
    const off = await spanishMain(b, pathOf('AutoPay'))
    expect(text(off.main)).toContain('Pagos automáticos')
    expect(findEnglish(off.main, ALLOW)).toEqual([])

    const method = await savedCard(b, '4111111111111111')
    const choose = await spanishMain(b, pathOf('AutoPay'))
    expect(findEnglish(choose.main, ALLOW)).toEqual([])
    const offer = await spanishMain(b, `${pathOf('AutoPay')}?method=${method.id}`)
    expect(text(offer.main)).toContain('Autorizo a ProgHome Insurance a cobrar a mi Visa que termina en 1111')
    expect(findEnglish(offer.main, ALLOW)).toEqual([])
    const termsText = /<input type="hidden" name="termsText" value="([^"]*)"/
      .exec(offer.html)![1]!
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
    const termsVersion = /<input type="hidden" name="termsVersion" value="([^"]*)"/.exec(offer.html)![1]!
    const unticked = await b.form(pathOf('AutoPay'), { intent: 'enrol', methodId: method.id, termsText, termsVersion })
    expect(unticked.status).toBe(400)
    const refusal = mainOf(await unticked.text())
    expect(text(refusal)).toContain('Lea los términos y marque la casilla para aceptarlos.')
    expect(findEnglish(refusal, ALLOW)).toEqual([])
    const enrol = await b.form(pathOf('AutoPay'), { intent: 'enrol', methodId: method.id, termsText, termsVersion, accepted: 'yes' })
    expect(enrol.status).toBe(303)
    expect(enrol.headers.get('Location')).toBe(`${pathOf('AutoPay')}?done=on`)
    const stored = await env.DB.prepare("SELECT terms_text FROM autopay_enrolments WHERE policy_id = ? AND status = 'active'")
      .bind(policyId)
      .first<{ terms_text: string }>()
    expect(stored!.terms_text).toBe(termsText)

    const on = await spanishMain(b, `${pathOf('AutoPay')}?done=on`)
    expect(text(on.main)).toContain('Los pagos automáticos están activos, con su Visa que termina en 1111.')
    expect(findEnglish(on.main, ALLOW)).toEqual([])
    // The payment-due box says what the enrolment does with this due date, in Spanish.
    const box = /<aside class="payment-due[\s\S]*?<\/aside>/.exec((await spanishMain(b, '/policy-information')).html)![0]
    expect(text(box)).toMatch(/automátic/)
    expect(findEnglish(box, ALLOW)).toEqual([])
    const mail = await outboxMail('autopay-enrolled:')
    expect(mail.subject).toBe(`Los pagos automáticos están activos para la póliza ${policyId}`)
    expect(mail.text).toContain('La autorización que usted aceptó (guarde este correo):')
    expect(mail.text).toContain(termsText)

    const methods = await spanishMain(b, pathOf('PaymentMethods'))
    expect(text(methods.main)).toContain('Métodos de pago')
    expect(text(methods.main)).toContain('activos, con su Visa que termina en 1111.')
    expect(findEnglish(methods.main, ALLOW)).toEqual([])
    for (const mode of ['rename', 'remove']) {
      const page = await spanishMain(b, `${pathOf('PaymentMethods')}?${mode}=${method.id}`)
      expect(findEnglish(page.main, ALLOW)).toEqual([])
    }
    const tooLong = await b.form(pathOf('PaymentMethods'), { methodId: method.id, action: 'rename', nickname: 'x'.repeat(41) })
    expect(tooLong.status).toBe(400)
    const renamed = mainOf(await tooLong.text())
    expect(text(renamed)).toContain('El apodo puede tener como máximo 40 caracteres.')
    expect(findEnglish(renamed, ALLOW)).toEqual([])
    const english = text(mainOf(await (await inEnglish(b).fetch(pathOf('PaymentMethods'))).text()))
    expect(english).toContain('Payment Methods')
    expect(english).toContain('on, from your Visa ending in 1111.')
  })
})

describe('the receipt in Spanish', () => {
  it('the mail in the profile language and the PDF in the page language: es-US, every Spanish letter drawn', async () => {
    const policyId = 'HOM4010001'
    await setProfileLanguage(env.DB, await ownerProfile(policyId), 'es')
    const b = inSpanish(await withPolicy(policyId))
    const policy = await storedPolicy(policyId)
    const amount = ((policy.amountDue + policy.pastDue) / 100).toFixed(2)
    const res = await pay(b, policyId, amount, { billingName: 'María José Muñoz Agüero' })
    expect(res.status).toBe(200)
    const success = messageBody((await spanishMain(b, '/system-message')).html)
    expect(text(success)).toContain(
      `Gracias. Su pago de $${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} de la póliza ${policyId} fue aprobado.`,
    )
    expect(success).toContain('Descargar su recibo (PDF)')
    const confirmation = /P[2-9A-HJKMNP-Z]{10}/.exec(text(success))![0]
    expect(findEnglish(success, [...ALLOW, confirmation])).toEqual([])

    const mail = await outboxMail('payment-receipt:')
    expect(mail.subject).toBe(`Su recibo de pago de ProgHome, confirmación ${confirmation}`)
    expect(mail.text).toContain('¡Gracias por su pago!')
    expect(mail.text).toContain('Monto pagado: $')
    expect(mail.text).toContain('Guarde este correo para sus archivos.')

    const pdf = await b.fetch(`/v1/common/PaymentReceipt/${confirmation}`)
    expect(pdf.status).toBe(200)
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    expect((doc.catalog.get(PDFName.of('Lang')) as PDFString).decodeText()).toBe('es-US')
    const drawn = await pdfText(bytes)
    expect(drawn).toContain('Recibo de pago')
    expect(drawn).toContain('Número de confirmación')
    expect(drawn).toContain('¡Gracias por su pago!')
    expect(drawn).toContain('María José Muñoz Agüero')
    expect(drawn).toContain('¿Tiene preguntas sobre este pago? Llámenos al')
    for (const letter of ['á', 'é', 'í', 'ó', 'ú', 'ñ', 'ü', '¿', '¡']) expect(drawn).toContain(letter)
    expect(drawn).toContain('Página 1 de 1')
    expect(drawn).toContain('Servicio al asegurado')
    expect(drawn).not.toContain('Page 1 of 1')

    const english = await inEnglish(b).fetch(`/v1/common/PaymentReceipt/${confirmation}`)
    const englishText = await pdfText(new Uint8Array(await english.arrayBuffer()))
    expect(englishText).toContain('Payment Receipt')
    expect(englishText).toContain('Page 1 of 1')

    // An API caller (the app, a bearer token) gets the spec's English, whatever its Accept-Language.
    const app = await api(`/v1/common/PaymentReceipt/${confirmation}`, { headers: { ...(await bearer('direct.multi')), 'Accept-Language': 'es-US,es;q=0.9' } })
    expect(app.status).toBe(200)
    const appBytes = new Uint8Array(await app.arrayBuffer())
    const appDoc = await PDFDocument.load(appBytes, { updateMetadata: false })
    expect((appDoc.catalog.get(PDFName.of('Lang')) as PDFString).decodeText()).toBe('en-US')
    expect(await pdfText(appBytes)).toContain('Payment Receipt')
  })

  it('the mail follows the profile, not the page: paid from a page in English, a Spanish profile’s receipt mail is Spanish', async () => {
    const policyId = 'HOM4010001'
    await setProfileLanguage(env.DB, await ownerProfile(policyId), 'es')
    const b = inEnglish(await withPolicy(policyId))
    // A part of what is due, whether or not the test above paid it all.
    const paid = await pay(b, policyId, '25.00')
    expect(paid.status, await paid.clone().text()).toBe(200)
    const success = text(messageBody(await (await b.fetch('/system-message')).text()))
    expect(success).toContain('Thank you. Your payment of $')
    const confirmation = /P[2-9A-HJKMNP-Z]{10}/.exec(success)![0]
    const mail = await outboxMail('payment-receipt:')
    expect(mail.subject).toBe(`Su recibo de pago de ProgHome, confirmación ${confirmation}`)
    expect(mail.text).toContain('¡Gracias por su pago!')
  })
})
