import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import type { Browser } from './helpers'
import { seed } from './helpers'
import { mainOf, text, withPolicy } from './servicing-helpers'
import { portalEnv, standInFetch } from './sso-support'
import { findEnglish } from '../support/find-english'
import { pdfText } from '../support/pdf-text'
import { localDate } from '../../shared/clock'
import { US_STATES } from '../../shared/us-states'
import { packetKey } from '../../worker/db/policy/document-keys'
import { policyOwner } from '../../worker/db/identity/profiles'

/**
 * Issue 36 (decision 235): Change My Policy in Spanish. Every page and state (the hub, each kind's form
 * and its errors, the review, referred, bound, a policy closed to changes) with Cookie ph_lang=es reads no
 * English in <main> and says lang es-US; the hub in English keeps the spec's words. The confirmation mail
 * and the Policy Change packet are written in the profile's language, the packet with language es-US.
 */
const MARIA = 'HOM4010001' // a mortgagee, all other perils deductible
const SAM = 'HOM4020001' // a wind/hail deductible too
const ERIN = 'HOM4040001' // pay in full, something owed
const FLOOD = 'FLD4010003' // flood: changed through the NFIP, not online
const STAND_IN = `${portalEnv.PORTAL_BASE_URL}/__dev/policy-admin`
const today = () => localDate(Date.now(), 'CA')

/** Names and data: lenders, states (some start 'New'), the policies' own addresses. */
const DATA = [
  'Harbor Home Loans',
  'River City Home Loans',
  'Farmers & Merchants Bank',
  'Wells Fargo Home Mortgage',
  'Capitol Mall',
  'Insurance Dept',
  ...US_STATES.map((s) => s.name),
]

beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  await standInFetch(`${STAND_IN}/fail`, { method: 'DELETE' })
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:policy-change:%'").run()
})

const tokenOf = (html: string) => /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''

async function spanish(policyId: string): Promise<Browser> {
  const b = await withPolicy(policyId)
  b.cookies.set('ph_lang', 'es')
  return b
}

/** A page in Spanish: its <main>, checked for lang and for English. */
async function spanishMain(res: Response | Promise<Response>, status = 200): Promise<string> {
  const r = await res
  expect(r.status).toBe(status)
  const html = await r.text()
  expect(html).toContain('<html lang="es-US"')
  const main = mainOf(html)
  expect(findEnglish(main, DATA)).toEqual([])
  return main
}

async function post(b: Browser, path: string, fields: Record<string, string>): Promise<Response> {
  const form = await (await b.fetch(path)).text()
  return b.form(path, { _once: tokenOf(form), ...fields })
}

async function quoted(b: Browser, path: string, fields: Record<string, string>): Promise<string> {
  const res = await post(b, path, fields)
  expect(res.status).toBe(303)
  return res.headers.get('Location') ?? ''
}

const replaceFirst = {
  action: 'replace',
  position: '1',
  type: 'Mortgagee',
  name: 'Harbor Home Loans',
  loanId: 'HHL-20261128',
  address1: '400 Capitol Mall',
  address2: 'Insurance Dept',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95814',
  lenderEmail: 'insurance@harbor.example',
}

describe('Change My Policy in Spanish', () => {
  it('the hub in Spanish, and in English as the spec gives it', async () => {
    const main = await spanishMain((await spanish(MARIA)).fetch('/policy-changes'))
    expect(text(main)).toContain('Haga estos cambios usted mismo.')
    expect(text(main)).toContain('Todavía no se ha hecho ningún cambio en línea.')

    const english = await withPolicy(MARIA)
    english.cookies.set('ph_lang', 'en')
    const html = await (await english.fetch('/policy-changes')).text()
    expect(html).toContain('<html lang="en-US"')
    expect(text(mainOf(html))).toContain(
      'Make these changes yourself. Each one is reviewed with you before it is sent, and takes effect on the date you choose.',
    )
    expect(text(mainOf(html))).toContain('Change my mortgage company')
  })

  it('each form, and each form refused with its messages, in Spanish', async () => {
    const maria = await spanish(MARIA)
    await spanishMain(maria.fetch('/policy-changes/mortgage-company'))
    const mortgagee = await spanishMain(post(maria, '/policy-changes/mortgage-company', { action: 'add', position: '1', effectiveDate: '2020-01-01' }), 400)
    expect(text(mortgagee)).toContain('Escriba el nombre de la compañía hipotecaria.')
    expect(text(mortgagee)).toContain('En línea, un cambio no puede empezar antes de hoy.')

    await spanishMain(maria.fetch('/policy-changes/mailing-address'))
    const mailing = await spanishMain(
      post(maria, '/policy-changes/mailing-address', {
        address1: '',
        city: 'Sacramento',
        state: 'CA',
        zipCode: '956',
        email: 'a@b',
        homePhone: '555',
        effectiveDate: today(),
      }),
      400,
    )
    expect(text(mailing)).toContain('Escriba un código postal de 5 dígitos.')

    const sam = await spanish(SAM)
    const deductible = await spanishMain(sam.fetch('/policy-changes/deductible'))
    expect(text(deductible)).toContain('Deducible de viento/granizo')
    const unchanged = await spanishMain(post(sam, '/policy-changes/deductible', { allOtherPerils: '123', effectiveDate: today() }), 400)
    expect(text(unchanged)).toContain('Elija un deducible de todos los demás riesgos.')

    const erin = await spanish(ERIN)
    const billing = await spanishMain(erin.fetch('/policy-changes/billing-plan?day=20'))
    expect(text(billing)).toMatch(/Cuota 1 de 2: \$[\d,.]+ vence el \d{1,2} [a-z]+\.? \d{4}/)
    const noPlan = await spanishMain(post(erin, '/policy-changes/billing-plan', { dueDay: '20' }), 400)
    expect(text(noPlan)).toContain('Elija cómo desea pagar.')
  })

  it('the review of each kind, written from the stored facts in Spanish', async () => {
    const maria = await spanish(MARIA)
    const move = { address1: '88 Riverside Blvd', address2: 'Apt 4', city: 'West Sacramento', state: 'CA', zipCode: '95691' }
    const mailing = await spanishMain(
      maria.fetch(
        await quoted(maria, '/policy-changes/mailing-address', {
          ...move,
          email: 'maria.new@example.com',
          homePhone: '(916) 555-0199',
          effectiveDate: today(),
        }),
      ),
    )
    expect(text(mailing)).toContain('Dirección postal: de ')
    expect(text(mailing)).toContain('Correo electrónico de esta póliza: de ')

    const sam = await spanish(SAM)
    const deductible = await spanishMain(
      sam.fetch(await quoted(sam, '/policy-changes/deductible', { allOtherPerils: '250000', windstormPercent: '2', effectiveDate: today() })),
    )
    expect(text(deductible)).toContain('Deducible de todos los demás riesgos: de ')
    expect(text(deductible)).toContain('conserva el deducible que la póliza tenía cuando ocurrió.')

    const erin = await spanish(ERIN)
    const billing = await spanishMain(erin.fetch(await quoted(erin, '/policy-changes/billing-plan', { plan: 'two', dueDay: '20' })))
    expect(text(billing)).toContain('Cambiar de su plan actual')
    expect(text(billing)).toMatch(/Se pagan \$[\d,.]+ en conjunto/)
  })

  it('a policy closed to online changes says why in Spanish', async () => {
    const b = await spanish(FLOOD)
    const hub = await spanishMain(b.fetch('/policy-changes'))
    expect(text(hub)).toContain('Las pólizas de inundación se cambian por medio del Programa Nacional de Seguro contra Inundaciones')
    await spanishMain(b.fetch('/policy-changes/mortgage-company'))
  })

  it('review, bound: the history, the Spanish confirmation mail and the Spanish packet', async () => {
    const owner = await policyOwner(env.DB, MARIA)
    await env.DB.prepare("UPDATE profiles SET language = 'es' WHERE profile_id = ?").bind(owner).run()
    const b = await spanish(MARIA)
    const review = await quoted(b, '/policy-changes/mortgage-company', { ...replaceFirst, effectiveDate: today() })
    const id = new URL(review, 'https://x').searchParams.get('change')!
    const reviewMain = await spanishMain(b.fetch(review))
    expect(text(reviewMain)).toContain('Reemplazar a')
    expect(text(reviewMain)).toContain('por Harbor Home Loans, préstamo HHL-20261128, como compañía hipotecaria número 1.')
    expect(text(reviewMain)).toContain('Prima Sin cambio')

    const html = await (await b.fetch(review)).text()
    const res = await b.form(review, { _once: tokenOf(html) })
    expect(res.headers.get('Location')).toBe(`/policy-changes?sent=${id}`)
    const history = await spanishMain(b.fetch(`/policy-changes?sent=${id}`))
    expect(text(history)).toContain('Su cambio se hizo.')
    expect(text(history)).toContain('Estado Hecho')

    const mail = await env.DB.prepare('SELECT payload FROM outbox WHERE dedupe_key = ?').bind(`policy-change:${id}:bound`).first<{ payload: string }>()
    const m = JSON.parse(mail!.payload) as { subject: string; text: string }
    expect(m.subject).toBe(`Su póliza ${MARIA} se cambió`)
    expect(m.text).toContain('Como usted lo pidió, cambiamos su póliza')
    expect(m.text).toContain('Prima: Sin cambio')
    expect(findEnglish(m.text.replace(/https?:\S+/g, ''), DATA)).toEqual([])

    const packet = await env.DOCS.get(packetKey(MARIA, 'EB', today()))
    const bytes = new Uint8Array(await packet!.arrayBuffer())
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getTitle()).toMatch(new RegExp(`^Cambio de póliza - Póliza ${MARIA} - `))
    expect(pdf.catalog.get(pdf.context.obj('Lang') as never)?.toString()).toContain('es-US')
    const words = await pdfText(bytes)
    for (const s of ['Cambio de póliza', 'Número de póliza', 'Compañías hipotecarias y acreedores prendarios', 'Este anexo cambia la póliza'])
      expect(words).toContain(s)
    // The embedded subset prints every accent and sign the Spanish uses.
    for (const ch of ['á', 'é', 'í', 'ó', 'ú', 'ñ', '¿', '¡']) expect(words).toContain(ch)
    await env.DB.prepare("UPDATE profiles SET language = 'en' WHERE profile_id = ?").bind(owner).run()
  })

  it('referred: the review says who reviews it, the history that it is pending, in Spanish', async () => {
    const b = await spanish(MARIA)
    const review = await quoted(b, '/policy-changes/mortgage-company', { action: 'remove', position: '1', effectiveDate: today() })
    const reviewMain = await spanishMain(b.fetch(review))
    expect(text(reviewMain)).toContain('Un prestamista sale de la póliza solo cuando ha liberado su interés')
    expect(text(reviewMain)).toContain('Enviar el cambio para revisión')
    const html = await (await b.fetch(review)).text()
    const res = await b.form(review, { _once: tokenOf(html) })
    const history = await spanishMain(b.fetch(res.headers.get('Location') ?? ''))
    expect(text(history)).toContain('Su cambio se envió.')
    expect(text(history)).toContain('Pendiente: nuestro equipo de servicios de pólizas lo revisa')
  })
})
