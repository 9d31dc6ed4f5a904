import { beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
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
const CLAIM_DATA = [ADJUSTER.name, 'Plumber invoice', 'Photos of the ceiling', 'kitchen.png', 'Texas Department of Insurance, Consumer Help Line']

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
    expect(findEnglish(main, [...ALLOW, ...CLAIM_DATA])).toEqual([])
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
