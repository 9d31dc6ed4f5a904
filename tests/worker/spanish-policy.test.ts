import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { Browser, persona, seed } from './helpers'
import { ProfileBrowser } from './profile-helpers'
import { PAPERLESS_DISCLOSURE_VERSION } from '../../shared/paperless/disclosure'
import { queuePaperlessNotices } from '../../worker/services/policy/paperless-notices'
import type { Env } from '../../worker/env'
import { mainOf, ownerOf, text } from './servicing-helpers'
import { findEnglish } from '../support/find-english'
import { pdfText } from '../support/pdf-text'

/**
 * Issue 36: the policy pages in Spanish (Account Home, Policy Summary with its coverages and 'Send to my
 * lender', Agent Information, Documents, Verify Proof of Insurance), the proof of insurance PDF in
 * Spanish with language es-US, and the policyholder's copy of the lender mail in their profile's language.
 * One English render of each page keeps the specs' English.
 */
beforeAll(() => seed())

const HOME = 'HOM4010001' // homeowners: coverages, an escrowed mortgagee, packets
const FLOOD = 'FLD4010003' // flood: underwriting, additional insureds, declarations withheld
const LIEN = 'MFH4050006' // manufactured home: lienholders, additional interests
const PERCENT = 'HOM4040003' // percentage deductibles

/**
 * What the seed writes that is data, not portal text: nicknames, company names, the forms' own titles.
 * The payment-due box and the cards' due lines are helper E's words (shared/payments, on h-es-payments),
 * so the policy pages are read without the box, and Account Home allows those few lines.
 */
const SEED_DATA = ['Home Flood', 'Home', 'Wells Fargo Home Mortgage', 'Vanderbilt Mortgage and Finance', 'Frost Bank']
const PAYMENTS_WORDS = ['By', 'Paid in full.', 'Amount Due', 'Due Date']

const browsers = new Map<string, Browser>()

/** A browser signed in as the policy's owner, in Spanish, with the policy loaded. */
async function spanish(policyId: string): Promise<Browser> {
  const owner = ownerOf(policyId)
  let b = browsers.get(owner.key)
  if (!b) {
    b = new Browser()
    expect((await b.login(owner)).status).toBe(303)
    b.cookies.set('ph_lang', 'es')
    browsers.set(owner.key, b)
  }
  expect((await b.form('/account-home', { policyId })).headers.get('Location')).not.toBe('/error')
  return b
}

/** The page's <main> without helper E's payment-due box. */
function ownPart(html: string): string {
  return mainOf(html).replace(/<aside class="payment-due[\s\S]*?<\/aside>/, '')
}

async function spanishPage(policyId: string, path: string): Promise<{ html: string; main: string }> {
  const res = await (await spanish(policyId)).fetch(path)
  expect(res.status).toBe(200)
  const html = await res.text()
  expect(html).toContain('<html lang="es-US"')
  return { html, main: ownPart(html) }
}

describe('the policy pages in Spanish', () => {
  it('Account Home: greeting, what needs attention, the cards', async () => {
    const { main } = await spanishPage(HOME, '/account-home')
    expect(main).toContain('<h1 id="account-home-heading">Inicio de la cuenta</h1>')
    expect(main).toContain('<p class="account-home__greeting">Bienvenido de nuevo, Maria</p>')
    expect(main).toContain('<h2 id="attention-heading">Lo que necesita su atención</h2>')
    const t = text(main)
    expect(t).toContain('Su póliza HOM4010001 (Propietario de vivienda) tiene documentos que esperan su firma.')
    expect(t).toMatch(/Debe pagar \$[\d,]+\.\d\d a más tardar el \d{1,2} [a-z]+\.? \d{4} en su póliza FLD4010003 \(Inundación\)\./)
    expect(t).toContain('Vea su póliza para conocer sus detalles')
    expect(t).toContain('Obtener comprobante de seguro')
    expect(findEnglish(main, [...SEED_DATA, ...PAYMENTS_WORDS])).toEqual([])
  })

  it.each([HOME, FLOOD, LIEN, PERCENT])('Policy Summary of %s, with its coverages', async (policyId) => {
    const { main } = await spanishPage(policyId, '/policy-information')
    expect(main).toContain('<h1 id="summary-heading">Resumen de la póliza</h1>')
    expect(findEnglish(main, SEED_DATA)).toEqual([])
  })

  it('Policy Summary: coverage names, deductibles and the mortgagee in Spanish', async () => {
    const home = text((await spanishPage(HOME, '/policy-information')).main)
    for (const s of [
      'Lo que cubre su póliza',
      'Cobertura A - Vivienda',
      'Cobertura E - Responsabilidad civil personal',
      'Sus deducibles',
      'En depósito (escrow) Sí',
    ]) {
      expect(home).toContain(s)
    }
    expect(text((await spanishPage(PERCENT, '/policy-information')).main)).toMatch(/Viento\/granizo 2% del límite de la vivienda \(\$[\d,]+\)/)
    const flood = text((await spanishPage(FLOOD, '/policy-information')).main)
    expect(flood).toContain('Zona de inundación')
    expect(flood).toContain('El seguro de inundación no cubre')
  })

  it('Agent Information and Documents', async () => {
    const agent = await spanishPage(HOME, '/agent-information')
    expect(agent.main).toContain('<h1 id="agent-heading">Información del agente</h1>')
    expect(findEnglish(agent.main, SEED_DATA)).toEqual([])
    const docs = await spanishPage(HOME, '/policy-documents')
    expect(text(docs.main)).toContain('Paquetes de la póliza')
    expect(text(docs.main)).toContain('Página de declaraciones')
    expect(findEnglish(docs.main, SEED_DATA)).toEqual([])
    const withheld = await spanishPage(FLOOD, '/policy-documents')
    expect(text(withheld.main)).toContain('La página de declaraciones estará disponible cuando la póliza se haya pagado por completo')
    expect(findEnglish(withheld.main, SEED_DATA)).toEqual([])
  })

  it('Send to my lender: a refusal and a confirmation in Spanish, and the copy mailed in the profile language', async () => {
    const owner = ownerOf(HOME)
    await env.DB.prepare("UPDATE profiles SET language = 'es' WHERE profile_id = (SELECT profile_id FROM profiles WHERE user_name = ?1)")
      .bind(owner.userName)
      .run()
    const b = await spanish(HOME)
    const token = async () => /name="_once" value="([^"]+)"/.exec(await (await b.fetch('/policy-information')).text())?.[1] ?? ''
    const refused = await b.form('/policy-information/send-proof-of-insurance', { _once: await token(), recipient: 'other', email: 'not an address' })
    expect(refused.status).toBe(400)
    const refusedMain = ownPart(await refused.text())
    expect(text(refusedMain)).toContain('Escriba un solo correo electrónico, como nombre@ejemplo.com')
    expect(findEnglish(refusedMain, SEED_DATA)).toEqual([])

    const to = 'cierre@prestamista.example'
    const sent = await b.form('/policy-information/send-proof-of-insurance', { _once: await token(), recipient: 'other', email: to })
    expect(sent.status).toBe(200)
    const sentMain = ownPart(await sent.text())
    expect(text(sentMain)).toContain(`Enviado a ${to}.`)
    expect(findEnglish(sentMain, SEED_DATA)).toEqual([])

    const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE 'proof-mail:%:copy'").all<{
      payload: string
    }>()
    const copy = results.map((r) => JSON.parse(r.payload) as { subject: string; text: string }).find((m) => m.subject.includes(to))
    expect(copy?.subject).toBe(`Su comprobante de seguro se envió a ${to}`)
    expect(copy?.text).toContain(`Como usted lo pidió, enviamos un comprobante de seguro de su póliza ${HOME} a ${to}.`)
    expect(copy?.text).toMatch(/\(emitido el \d{1,2} [a-z]+\.? \d{4}\)/)
    // The attachment's file name is a name, not prose.
    expect(findEnglish((copy?.text ?? 'missing').replace(/proof-of-insurance-[\w-]+\.pdf/, ''))).toEqual([])
  })

  it('the proof of insurance PDF: Spanish words with their accents, language es-US', async () => {
    const res = await (await spanish(HOME)).fetch('/policy-information/proof-of-insurance')
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getTitle()).toBe(`Comprobante de seguro - Póliza ${HOME}`)
    expect(pdf.catalog.get(pdf.context.obj('Lang') as never)?.toString()).toContain('es-US')
    const words = await pdfText(bytes)
    for (const s of ['Comprobante de seguro', 'Número de póliza', 'Cobertura A - Vivienda', 'Código de verificación', 'Aseguradora']) expect(words).toContain(s)
    expect(words).toMatch(/Emitido el \d{1,2} [a-z]+\.? \d{4}/)
    // The embedded subset prints every accent the Spanish uses.
    for (const ch of ['á', 'é', 'í', 'ó', 'ú']) expect(words).toContain(ch)
  })

  it('Verify Proof of Insurance (public): the form, not found, and an answer', async () => {
    const b = new Browser()
    b.cookies.set('ph_lang', 'es')
    const page = await (await b.fetch('/verify-insurance')).text()
    expect(page).toContain('<html lang="es-US"')
    expect(mainOf(page)).toContain('<h1 id="verify-heading">Verificar un comprobante de seguro</h1>')
    expect(findEnglish(mainOf(page))).toEqual([])
    const missing = mainOf(await (await b.form('/verify-insurance', { code: 'AAAA-BBBB-CCCC' }, { 'CF-Connecting-IP': '198.51.100.70' })).text())
    expect(text(missing)).toContain('No se encontró.')
    expect(findEnglish(missing)).toEqual([])
    const row = await env.DB.prepare('SELECT code FROM proofs_of_insurance WHERE policy_id = ?1 LIMIT 1').bind(HOME).first<{ code: string }>()
    const found = mainOf(await (await b.form('/verify-insurance', { code: row!.code }, { 'CF-Connecting-IP': '198.51.100.71' })).text())
    expect(text(found)).toContain('Es auténtico y la póliza está vigente')
    expect(text(found)).toContain('Vigente hoy Sí')
    expect(findEnglish(found)).toEqual([])
  })
})

describe('Paperless documents in Spanish', () => {
  const sam = persona('direct.single')
  const PAGE = '/paperless-documents'

  it('the page, a refusal, the sample PDF, the consent stored in the words shown, and the new-document mail', async () => {
    await env.DB.prepare("UPDATE profiles SET language = 'es' WHERE user_name = ?1").bind(sam.userName).run()
    const b = new ProfileBrowser()
    expect((await b.login(sam)).status).toBe(303)
    b.cookies.set('ph_lang', 'es')
    const page = await (await b.fetch(PAGE)).text()
    expect(page).toContain('<html lang="es-US"')
    expect(mainOf(page)).toContain('<h1 id="paperless-heading">Documentos sin papel</h1>')
    expect(text(mainOf(page))).toContain('Su derecho a copias en papel')
    expect(findEnglish(mainOf(page))).toEqual([])

    const refused = await b.form(PAGE, { sampleCode: '', disclosureVersion: PAPERLESS_DISCLOSURE_VERSION })
    expect(refused.status).toBe(400)
    const refusedMain = mainOf(await refused.text())
    expect(text(refusedMain)).toContain('Marque la casilla para aceptar recibir sus documentos electrónicamente.')
    expect(text(refusedMain)).toContain('Escriba el código impreso en el PDF de muestra.')
    expect(findEnglish(refusedMain)).toEqual([])

    const sample = new Uint8Array(await (await b.fetch(`${PAGE}/sample.pdf`)).arrayBuffer())
    const pdf = await PDFDocument.load(sample, { updateMetadata: false })
    expect(pdf.catalog.get(pdf.context.obj('Lang') as never)?.toString()).toContain('es-US')
    const code = /Su código\s*([A-Z]{6})/.exec(await pdfText(sample))?.[1] ?? ''
    expect(code).not.toBe('')
    const wrong = mainOf(await (await b.form(PAGE, { agree: 'yes', sampleCode: 'ZZZZZZ', disclosureVersion: PAPERLESS_DISCLOSURE_VERSION })).text())
    expect(text(wrong)).toContain('Ese no es el código del PDF de muestra.')
    const agreed = await b.form(PAGE, { agree: 'yes', sampleCode: code, disclosureVersion: PAPERLESS_DISCLOSURE_VERSION })
    expect(agreed.headers.get('Location')).toBe(`${PAGE}?done=consented`)
    const done = mainOf(await (await b.fetch(`${PAGE}?done=consented`)).text())
    expect(text(done)).toContain('Gracias. Sus documentos ahora llegan electrónicamente')
    expect(findEnglish(done)).toEqual([])
    const event = await env.DB.prepare(
      'SELECT e.disclosure_text FROM paperless_consent_events e JOIN profiles p ON p.profile_id = e.profile_id WHERE p.user_name = ?1',
    )
      .bind(sam.userName)
      .first<{ disclosure_text: string }>()
    // The consent keeps the words its giver read.
    expect(event?.disclosure_text).toMatch(/^Documentos sin papel\nVersión: /)
    expect(event?.disclosure_text).toContain('Su derecho a copias en papel')

    const portal = env as unknown as Env
    await queuePaperlessNotices(portal, Date.now())
    const issued = await new ProfileBrowser().fetch('/__dev/policy-documents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ policyId: sam.policies[0]!.policyId, description: 'Renewal Dec Page' }),
    })
    expect(issued.status).toBe(201)
    expect(await queuePaperlessNotices(portal, Date.now())).toBe(1)
    const mail = await env.DB.prepare(
      "SELECT payload FROM outbox WHERE channel = 'mail' AND json_extract(payload, '$.kind') = 'paperless-new-document'",
    ).first<{
      payload: string
    }>()
    const m = JSON.parse(mail!.payload) as { subject: string; text: string }
    expect(m.subject).toBe(`Un documento nuevo para su póliza de ProgHome ${sam.policies[0]!.policyId}`)
    expect(m.text).toContain(': Página de declaraciones de renovación.')
    expect(findEnglish(m.text)).toEqual([])
  })
})

describe('the same pages in English, as the specs give them', () => {
  it('Policy Summary, Account Home and Documents keep their English', async () => {
    const b = new Browser()
    await b.login(ownerOf(HOME))
    // The tests above signed this person in with Español chosen, which their profile keeps (decision 230): choose English back.
    await b.form('/language', { language: 'en', returnTo: '/account-home' })
    const home = await (await b.fetch('/account-home')).text()
    expect(home).toContain('<html lang="en-US"')
    expect(text(mainOf(home))).toContain('Welcome back, Maria')
    expect(text(mainOf(home))).toContain('Your Homeowners policy HOM4010001 has documents waiting for your signature.')
    await b.form('/account-home', { policyId: HOME })
    const summary = text(mainOf(await (await b.fetch('/policy-information')).text()))
    for (const s of [
      'Policy Summary',
      "What's covered",
      'Coverage A - Dwelling',
      'Your deductibles',
      'Escrowed Yes',
      'Send to my lender',
      'Change my policy',
    ]) {
      expect(summary).toContain(s)
    }
    const docs = text(mainOf(await (await b.fetch('/policy-documents')).text()))
    expect(docs).toContain('Policy Packets')
    expect(docs).toContain('If you cannot find a document, please call the policy servicing number on your Declarations Page.')
  })
})
