import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import { pdfText } from '../support/pdf-text'
import { homeownersClaim } from './claims-fixtures'
import { claimMailTexts } from '../../worker/integrations/mail/claim-mail-texts'
import { US_STATES } from '../../shared/us-states'
import { api, bearer, Browser, seed } from './helpers'
import { mainOf, policyTagged, text, withPolicy } from './servicing-helpers'
import { findEnglish } from '../support/find-english'
import { reportClaimPropsSchema } from '../../shared/claims/schemas/claim-props'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'
import { CLAIM_MSG } from '../../shared/claims/messages'
import { ADJUSTER, pushEvent, seedClaim } from './claim-page-support'

/**
 * Issue 36 (decision 232): the claims' pages, island props, messages, mails and PDF copy in Spanish. Each
 * page is read with `ph_lang=es`; what a person reads in its <main> (and the island's props) holds no
 * English besides the demo seed's names and data. The header, menus and titles are the shell's (decision 230).
 */

beforeAll(() => seed(), 120_000)

/** The demo seed's data a page shows as given: names, places, causes of loss from the claims system. */
const SEED_DATA = ['Sam', 'Okafor', 'Shoal Creek Boulevard', 'Austin', 'Erin', 'Castellano', 'Harbor Drive', 'Key Largo', 'Active']
/** An island text's placeholders (fill('Usar {phone}…', { phone })): names of values, never read. */
const PLACEHOLDERS = ['{name}', '{names}', '{phone}', '{email}', '{count}']
const ALLOW = [...SEED_DATA, ...PLACEHOLDERS]

async function pageIn(lang: 'en' | 'es', policyId: string, path: string): Promise<{ status: number; html: string }> {
  const b = await withPolicy(policyId)
  b.cookies.set(LANGUAGE_COOKIE, lang)
  const res = await b.fetch(path)
  return { status: res.status, html: await res.text() }
}

function islandPropsOf(html: string) {
  const script = /<script type="application\/json" data-island-props="i\d+">([\s\S]*?)<\/script>/.exec(html)
  expect(script, 'an island').not.toBeNull()
  return reportClaimPropsSchema.parse(JSON.parse(script![1]!))
}

describe('Report a Claim in Spanish', () => {
  it('homeowners: the page and the island props (texts and the form messages) are Spanish, <html lang="es-US">', async () => {
    const { status, html } = await pageIn('es', policyTagged('claims.mitigation-window').policyId, '/report-claim')
    expect(status).toBe(200)
    expect(html).toContain('<html lang="es-US"')
    const main = mainOf(html)
    expect(findEnglish(main, ALLOW)).toEqual([])
    expect(text(main)).toContain('Reportar un reclamo')
    const props = islandPropsOf(html)
    expect(props.family).toBe('homeowners')
    expect(props.texts.dateOfLoss).toBe('Fecha de la pérdida')
    expect(props.messages[CLAIM_MSG.lossDateRequired]).toBe('La fecha de la pérdida es obligatoria.')
    expect(Object.values(props.messages).every((m) => findEnglish(`<p>${m}</p>`).length === 0)).toBe(true)
  })

  it('flood: the island gets the Spanish texts of the flood form', async () => {
    const { html } = await pageIn('es', policyTagged('claims.flood-open').policyId, '/report-claim')
    expect(findEnglish(mainOf(html), ALLOW)).toEqual([])
    const props = islandPropsOf(html)
    expect(props.family).toBe('flood')
    expect(props.texts.timeOfLoss).toBe('Hora de la pérdida')
  })

  it('a flood policy with an amount due says why in Spanish', async () => {
    const { html } = await pageIn('es', policyTagged('claims.flood-balance').policyId, '/report-claim')
    const main = mainOf(html)
    expect(findEnglish(main, ALLOW)).toEqual([])
    expect(text(main)).toContain('No puede reportar un reclamo hasta que la póliza esté pagada por completo.')
  })

  it('in English the page and the island keep the spec texts', async () => {
    const { html } = await pageIn('en', policyTagged('claims.mitigation-window').policyId, '/report-claim')
    expect(html).toContain('<html lang="en-US"')
    expect(mainOf(html)).toMatch(/<h1[^>]*>Report a Claim<\/h1>/)
    const props = islandPropsOf(html)
    expect(props.texts.dateOfLoss).toBe('Date of Loss')
    expect(props.messages).toEqual({})
  })
})

const SAM_HOME = policyTagged('claims.mitigation-window').policyId // sam.single, TX

/** The claims system's data on a claim: its adjuster, the documents it asks for by name, a file's name, and the law's citations and department. */
const CLAIM_DATA = [
  ADJUSTER.name,
  'Plumber invoice',
  'Photos of the ceiling',
  'kitchen.png',
  'Texas Department of Insurance, Consumer Help Line',
  // The states' names in the check's address choice are names of places.
  ...US_STATES.map((s) => s.name),
]

async function claimWithHistory(): Promise<string> {
  const n = await seedClaim({ policyId: SAM_HOME, createdAt: Date.UTC(2026, 2, 1, 5), files: [{ name: 'kitchen.png', bytes: 2048 }] })
  expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'CC-2026-0042' }, { occurredAt: '2026-03-02T15:00:00Z' })).toBe(200)
  expect(await pushEvent(n, 2, 'adjuster.assigned', { adjuster: ADJUSTER }, { occurredAt: '2026-03-03T02:00:00Z' })).toBe(200)
  expect(await pushEvent(n, 3, 'documents.requested', { items: ['Plumber invoice', 'Photos of the ceiling'] }, { occurredAt: '2026-03-04T16:00:00Z' })).toBe(
    200,
  )
  expect(await pushEvent(n, 4, 'payment.issued', { amountCents: 125_000, method: 'check' }, { occurredAt: '2026-03-06T16:00:00Z' })).toBe(200)
  return n
}

describe('the claim page in Spanish', () => {
  it('numbers, status, next step, tracker, deadlines, checklist, timeline, payments, documents and the conversation: no English', async () => {
    const n = await claimWithHistory()
    const { status, html } = await pageIn('es', SAM_HOME, `/claims-history/${n}`)
    expect(status).toBe(200)
    expect(html).toContain('<html lang="es-US"')
    expect(html).toContain(`<title>Reclamo ${n} - ProgHome</title>`)
    const main = mainOf(html)
    // The conversation form's random key (letters and digits) is no text; it could spell 'its'.
    const formKeys = [...main.matchAll(/formKey(?:&quot;|"):(?:&quot;|")([A-Za-z0-9_-]+)/g)].map((m) => m[1]!)
    expect(formKeys).toHaveLength(1)
    expect(findEnglish(main, [...ALLOW, ...CLAIM_DATA, ...formKeys])).toEqual([])
    const t = text(main)
    expect(t).toContain('Estado Pago emitido')
    expect(t).toContain('6 mar 2026 : Pago emitido: $1,250.00 por cheque')
    expect(t).toContain('Plumber invoice Solicitado Solicitado el 4 mar 2026')
  })

  it('in English the claim page keeps its words', async () => {
    const n = await claimWithHistory()
    const { html } = await pageIn('en', SAM_HOME, `/claims-history/${n}`)
    const t = text(mainOf(html))
    expect(t).toContain('Status Payment issued')
    expect(t).toContain('03/06/2026 : Payment issued: $1,250.00 by check')
  })
})

describe('a Spanish validation error', () => {
  it('How you get paid: a bad ZIP code is told beside its field in Spanish', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    b.cookies.set(LANGUAGE_COOKIE, 'es')
    const html = await (await b.fetch(`/claims-history/${n}`)).text()
    const form = /<form[^>]*action="([^"]*payout[^"]*)"[\s\S]*?<\/form>/.exec(html)!
    const token = /name="_once" value="([^"]+)"/.exec(form[0])![1]!
    const bad = await b.form(form[1]!.replace(/&amp;/g, '&'), {
      _once: token,
      method: 'check',
      payee: 'Sam Okafor',
      address1: '1200 Barton Springs Road',
      address2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '7870',
    })
    expect(bad.status).toBe(400)
    const main = mainOf(await bad.text())
    expect(text(main)).toContain('Escriba un código postal de 5 dígitos.')
    expect(text(main)).not.toContain('Enter a 5-digit ZIP code.')
  })
})

/** The profile of the persona holding SAM_HOME, its language set for the test (issue 36: mails follow the profile). */
async function withProfileLanguage<T>(language: 'en' | 'es', run: () => Promise<T>): Promise<T> {
  const set = (l: string) => env.DB.prepare("UPDATE profiles SET language = ? WHERE lower(email_address) = 'sam.single@example.com'").bind(l).run()
  await set(language)
  try {
    return await run()
  } finally {
    await set('en')
  }
}

describe('the claim mails and the PDF copy in Spanish', () => {
  it('a claim reported in Spanish: the success answer, the confirmation mail, the PDF copy (es-US, its accents printed) and an update mail', async () => {
    await withProfileLanguage('es', async () => {
      const b = await withPolicy(SAM_HOME)
      b.cookies.set(LANGUAGE_COOKIE, 'es')
      const form = new FormData()
      form.append(
        'claimSubmission',
        JSON.stringify(homeownersClaim({ lossDescription: '¡Se rompió un tubo! El agua dañó la cocina y el baño; pingüino, acción.' })),
      )
      const res = await b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
        method: 'POST',
        headers: { 'X-Requested-With': 'portal', 'Idempotency-Key': `es-${crypto.randomUUID()}` },
        body: form,
      })
      expect(res.status).toBe(200)
      const n = /HO-\d{4}-\d{6}/.exec(await res.text())![0]
      // The success page's answer (the page's shell is decision 230's).
      const success = text(await (await b.fetch('/system-message')).text())
      expect(success).toContain(`Su reclamo fue reportado. Su número de reclamo es ${n} .`)

      const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key = ?")
        .bind(`claim-reported:${n}`)
        .all<{ payload: string }>()
      const mail = JSON.parse(results[0]!.payload) as { subject: string; text: string }
      expect(mail.subject).toBe(`Su reclamo de ProgHome ${n} fue reportado`)
      expect(mail.text).toContain(`Gracias por reportar su reclamo. Su número de reclamo es ${n}.`)
      expect(mail.text).toContain('Un representante de reclamos se comunicará con usted dentro de 48 horas hábiles.')
      expect(findEnglish(`<p>${mail.text.split('\n').join('</p><p>')}</p>`, ['Water Damage', 'HOM4020001'])).toEqual([])

      const row = await env.DB.prepare('SELECT pdf_key FROM claims WHERE claim_number = ?').bind(n).first<{ pdf_key: string }>()
      const bytes = new Uint8Array(await (await env.DOCS.get(row!.pdf_key))!.arrayBuffer())
      const doc = await PDFDocument.load(bytes)
      expect(doc.getTitle()).toBe(`Reclamo ${n}`)
      expect((doc.catalog.lookup(PDFName.of('Lang'), PDFString) as PDFString).decodeText()).toBe('es-US')
      const printed = await pdfText(bytes)
      for (const words of ['Número de reclamo', 'Fecha de la pérdida', '¿Se debe al clima?', 'Teléfono de casa', 'Reparaciones de emergencia']) {
        expect(printed).toContain(words)
      }
      // The embedded font's subset prints what Spanish needs: á é í ó ú ñ ü ¿ ¡.
      expect(printed).toContain('¡Se rompió un tubo! El agua dañó la cocina y el baño; pingüino, acción.')
      expect(printed).not.toContain('Date of Loss')

      // A later event's mail, in the reporting profile's language.
      expect(await pushEvent(n, 1, 'adjuster.assigned', { adjuster: ADJUSTER }, { occurredAt: new Date().toISOString() })).toBe(200)
      const update = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE ?")
        .bind(`claim-update:${n}:%`)
        .first<{ payload: string }>()
      const updateMail = JSON.parse(update!.payload) as { subject: string; text: string }
      expect(updateMail.subject).toBe(`Su reclamo de ProgHome ${n}: ${claimMailTexts.es['adjuster.assigned']}`)
      expect(updateMail.text).toContain(`Se asignó un ajustador a su reclamo ${n}:`)
      expect(updateMail.text).toContain('Qué sigue: Su ajustador se comunicará con usted para revisar los daños.')
    })
  })

  it('in English the same report keeps the English mail and copy', async () => {
    const b = await withPolicy(SAM_HOME)
    b.cookies.set(LANGUAGE_COOKIE, 'en')
    const form = new FormData()
    form.append('claimSubmission', JSON.stringify(homeownersClaim()))
    const res = await b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'portal', 'Idempotency-Key': `en-${crypto.randomUUID()}` },
      body: form,
    })
    const n = /HO-\d{4}-\d{6}/.exec(await res.text())![0]
    const mail = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key = ?")
      .bind(`claim-reported:${n}`)
      .first<{ payload: string }>()
    expect(JSON.parse(mail!.payload).subject).toBe(`Your ProgHome claim ${n} has been reported`)
    const row = await env.DB.prepare('SELECT pdf_key FROM claims WHERE claim_number = ?').bind(n).first<{ pdf_key: string }>()
    const printed = await pdfText(new Uint8Array(await (await env.DOCS.get(row!.pdf_key))!.arrayBuffer()))
    expect(printed).toContain('Date of Loss')
  })

  it("an API caller's report is answered and filed in the spec's English, whatever its Accept-Language", async () => {
    const form = new FormData()
    form.append('claimSubmission', JSON.stringify(homeownersClaim()))
    const res = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
      method: 'POST',
      headers: { ...(await bearer('direct.single')), 'Accept-Language': 'es-US,es;q=0.9', 'Idempotency-Key': `app-${crypto.randomUUID()}` },
      body: form,
    })
    expect(res.status).toBe(200)
    const answer = await res.text()
    expect(answer).toContain('Your claim number is')
    const n = /HO-\d{4}-\d{6}/.exec(answer)![0]
    const row = await env.DB.prepare('SELECT pdf_key FROM claims WHERE claim_number = ?').bind(n).first<{ pdf_key: string }>()
    const printed = await pdfText(new Uint8Array(await (await env.DOCS.get(row!.pdf_key))!.arrayBuffer()))
    expect(printed).toContain('Date of Loss')
  })
})

describe('Claims History, a record-only claim, Report a Claim without signing in and the front door in Spanish', () => {
  const HOME = policyTagged('policy.homeowners-balance').policyId // claims in its record

  it('Claims History: headings, the empty text, the record’s statuses and perils it knows, and payments in Spanish; English unchanged', async () => {
    const { html } = await pageIn('es', HOME, '/claims-history')
    const main = mainOf(html)
    expect(findEnglish(main, ALLOW)).toEqual([])
    expect(text(main)).toContain('Número de reclamo Monto pagado Fecha de la pérdida Causa Estado')
    expect(text(main)).toContain('HO-2026-004417 $12,845.00 14 feb 2026 Daños por agua Cerrado')
    const condo = mainOf((await pageIn('es', policyTagged('policy.condo-paid').policyId, '/claims-history')).html)
    expect(text(condo)).toContain('Esta póliza no tiene historial de reclamos.')
    const english = text(mainOf((await pageIn('en', HOME, '/claims-history')).html))
    expect(english).toContain('HO-2026-004417 $12,845.00 02/14/2026 Water Damage Closed')
  })

  it('a claim known only from the policy record has its page in Spanish', async () => {
    const { status, html } = await pageIn('es', HOME, '/claims-history/HO-2026-004417')
    expect(status).toBe(200)
    const main = mainOf(html)
    expect(findEnglish(main, ALLOW)).toEqual([])
    // The cause and status in the words Claims History used for them, one click before.
    expect(text(main)).toContain('Causa Daños por agua')
    expect(text(main)).toContain('Estado Cerrado')
    expect(text(main)).toContain('Su reclamo está cerrado.')
  })

  it('Report a Claim without signing in, its errors and the front door on the login page', async () => {
    const b = new Browser()
    b.cookies.set(LANGUAGE_COOKIE, 'es')
    const page = await (await b.fetch('/report-a-claim')).text()
    expect(page).toContain('<html lang="es-US"')
    expect(findEnglish(mainOf(page), ALLOW)).toEqual([])
    const token = /name="_once" value="([^"]+)"/.exec(page)?.[1]
    // The refused form: this page's own words in Spanish. Its messages are identity's (shared/identity, decision
    // 231) and the error summary's heading the shell's (decision 230): those helpers translate them.
    const refused = text(mainOf(await (await b.form('/report-a-claim', { ...(token ? { _once: token } : {}), policyId: '', lastName: '' })).text()))
    expect(refused).toContain('Puede reportar un reclamo sin iniciar sesión.')
    expect(refused).toContain('Número de póliza *')
    const login = await (await b.fetch('/')).text()
    const frontDoor = /<section class="card login__claim"[\s\S]*?<\/section>/.exec(login)![0]
    expect(findEnglish(frontDoor, ALLOW)).toEqual([])
    expect(text(frontDoor)).toContain('Reportar un reclamo sin iniciar sesión')
  })
})
