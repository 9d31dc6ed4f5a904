import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { Browser, seed } from './helpers'
import { pdfText } from '../support/pdf-text'
import { mainOf, ownerOf, text } from './servicing-helpers'
import { findEnglish } from '../support/find-english'

/**
 * Issue 36: the e-signature pages rendered on the server in Spanish: the E-Signatures history (with the
 * portal's own signatures and their evidence) and the renewal's E-Signature Required. The statements
 * a person signed are the policy's own text (data, as signed) and pass as such.
 */
beforeAll(() => seed())

const HISTORY = 'CND4010002'
const RENEWAL = 'HOM4040001'
const TO_SIGN = 'HOM4010001'

/** The statements a person signed, as the policy gives them (signed in English: data, not portal text). */
async function statementsOf(policyId: string): Promise<string[]> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  const doc = JSON.parse(row!.doc) as { policyStatements: { statementText: string }[]; eSignatures: { statementText: string }[] }
  return [...doc.policyStatements, ...doc.eSignatures].map((s) => s.statementText)
}

async function spanish(policyId: string): Promise<Browser> {
  const b = new Browser()
  expect((await b.login(ownerOf(policyId))).status).toBe(303)
  b.cookies.set('ph_lang', 'es')
  expect((await b.form('/account-home', { policyId })).status).toBe(303)
  return b
}

/** <main> without helper E's payment-due box. */
const ownPart = (html: string) => mainOf(html).replace(/<aside class="payment-due[\s\S]*?<\/aside>/, '')

/** The acknowledgement's sentences (the policy's HTML, tags removed), which findEnglish reads as text runs. */
async function acknowledgementOf(policyId: string): Promise<string[]> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  const html = (JSON.parse(row!.doc) as { acknowledgement: string }).acknowledgement
  const sentences = html
    .split(/<[^>]+>/)
    .map((s) =>
      s
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
  // findEnglish takes 'ProgHome' out before the allowlist, so a sentence naming it is allowed in its parts.
  return [html, ...sentences.flatMap((s) => s.split('ProgHome').map((part) => part.trim()))].filter(Boolean)
}

describe('e-signature pages in Spanish', () => {
  it('E-Signatures history', async () => {
    const html = await (await (await spanish(HISTORY)).fetch('/e-sign-history')).text()
    expect(html).toContain('<html lang="es-US"')
    expect(ownPart(html)).toContain('<h1 id="esign-history-heading">Firmas electrónicas</h1>')
    expect(findEnglish(ownPart(html), await statementsOf(HISTORY))).toEqual([])
  })

  it('the e-sign screen: its island props and its no-script refusal in Spanish', async () => {
    const b = await spanish(TO_SIGN)
    const html = await (await b.fetch('/e-sign')).text()
    expect(html).toContain('<html lang="es-US"')
    const props = JSON.parse(
      (/<script type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '{}').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    ) as { texts: Record<string, string>; terms: { title: string } }
    expect(props.texts.heading).toBe('Se requiere firma electrónica')
    expect(props.texts.consentLabel).toBe(`Acepto realizar esta transacción de la póliza ${TO_SIGN} electrónicamente, según los términos y condiciones`)
    expect(props.terms.title).toBe('Términos y condiciones de la firma electrónica')
    // The acknowledgement and the statements are the policy's own text, signed as written.
    // 'contact-details' is a terms section's id in the props, not words anyone reads.
    const policyText = [...(await statementsOf(TO_SIGN)), ...(await acknowledgementOf(TO_SIGN)), 'contact-details']
    expect(findEnglish(ownPart(html), policyText)).toEqual([])

    const refused = await b.form('/e-sign', { termsVersion: 'esign-terms-2026-11' })
    expect(refused.status).toBe(400)
    const page = ownPart(await refused.text())
    expect(text(page)).toContain('Las iniciales son obligatorias')
    expect(text(page)).toContain('La firma del solicitante es obligatoria.')
    expect(findEnglish(page, policyText)).toEqual([])
  })

  it('signed here in Spanish: the confirmation mail, the history with its evidence, the evidence PDF', async () => {
    await env.DB.prepare("UPDATE profiles SET language = 'es' WHERE user_name = ?1").bind(ownerOf(TO_SIGN).userName).run()
    const b = await spanish(TO_SIGN)
    const statements = await statementsOf(TO_SIGN)
    const fields: Record<string, string> = { termsVersion: 'esign-terms-2026-11', agreeToTerms: 'on', applicantSignature: 'Maria Delgado' }
    statements.forEach((_, i) => {
      fields[`initials-${i}`] = 'MD'
    })
    expect((await b.form('/e-sign', fields)).headers.get('Location')).toBe('/system-message')
    // The answer in Spanish on the system message (its frame is the shell's, helper B's).
    const answer = await (await b.fetch('/system-message')).text()
    expect(text(answer)).toMatch(
      new RegExp(
        `Gracias\\. Recibimos su firma electrónica de la póliza ${TO_SIGN} el \\d{1,2} [a-z]+\\.? \\d{4}\\. Puede verla en la página Firmas electrónicas ?\\.`,
      ),
    )
    expect(answer).toContain('<a href="/e-sign-history">página Firmas electrónicas</a>')

    const mail = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND json_extract(payload, '$.kind') = 'esign-confirmation'").first<{
      payload: string
    }>()
    const m = JSON.parse(mail!.payload) as { subject: string; text: string }
    expect(m.subject).toBe(`Recibimos su firma electrónica de la póliza ${TO_SIGN}`)
    expect(m.text).toMatch(
      new RegExp(`Gracias\\. Recibimos su firma electrónica de la póliza de ProgHome ${TO_SIGN} el \\d{1,2} [a-z]+\\.? \\d{4} \\d{1,2}:\\d{2} [AP]M`),
    )
    expect(m.text).toContain('Lo que firmó:')
    expect(findEnglish(m.text.replace(/https?:\/\/\S+/g, ''))).toEqual([])

    const history = ownPart(await (await b.fetch('/e-sign-history')).text())
    expect(text(history)).toContain('Firmado en este portal')
    expect(text(history)).toMatch(/\d{1,2} [a-z]+\.? \d{4} ?, firmado por Maria Delgado ?: Constancia \(PDF\)/)
    expect(findEnglish(history, await statementsOf(TO_SIGN))).toEqual([])

    const href = /href="(\/v1\/homeowners\/ESignatureEvidence\/[^"]+)"/.exec(history)?.[1] ?? ''
    const res = await b.fetch(href.replace(/&amp;/g, '&'))
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getTitle()).toBe(`Constancia de firma electrónica, póliza ${TO_SIGN}`)
    expect(pdf.catalog.get(pdf.context.obj('Lang') as never)?.toString()).toContain('es-US')
    const words = await pdfText(bytes)
    for (const w of ['Constancia de firma electrónica', 'Firmado por', 'Documentos presentados', 'Declaraciones aceptadas', 'Desde dónde'])
      expect(words).toContain(w)
  })

  it('a renewal: E-Signature Required with the declarations link', async () => {
    const html = await (await (await spanish(RENEWAL)).fetch('/e-sign')).text()
    expect(html).toContain('<html lang="es-US"')
    expect(text(ownPart(html))).toContain('Se requiere firma electrónica')
    expect(findEnglish(ownPart(html))).toEqual([])
  })
})
