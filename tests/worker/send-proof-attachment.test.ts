import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { Browser, seed } from './helpers'
import { policyTagged, withPolicy } from './servicing-helpers'
import type { Env } from '../../worker/env'
import type { MailMessage } from '../../worker/integrations/mail/port'
import { deliverMail } from '../../worker/services/outbox/deliver-mail'
import { createHttpMailTransport } from '../../worker/integrations/mail/http-adapter'
import { drainOutbox, enqueue } from '../../worker/services/outbox/outbox'

beforeAll(() => seed())

/** 'Send to my lender' carries the proof's PDF as an attachment, by its R2 key (decision 173). */

const portalEnv = env as unknown as Env
const HOME = policyTagged('policy.homeowners-balance').policyId

interface MailRow {
  id: number
  dedupe_key: string
  status: string
  payload: string
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Sends a proof to `to` from the Policy Summary's form; the lender's and the copy's outbox rows. */
async function send(to: string): Promise<{ lender: MailRow; copy: MailRow; code: string }> {
  const b = await withPolicy(HOME)
  const html = await (await b.fetch('/policy-information')).text()
  const token = /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''
  expect((await b.form('/policy-information/send-proof-of-insurance', { _once: token, recipient: 'other', email: to })).status).toBe(200)
  const { results } = await env.DB.prepare(
    "SELECT id, dedupe_key, status, payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE 'proof-mail:%'",
  ).all<MailRow>()
  const lender = results.find((r) => (JSON.parse(r.payload) as MailMessage).to === to)!
  const code = /^proof-mail:(.+):lender$/.exec(lender.dedupe_key)![1]!
  const copy = results.find((r) => r.dedupe_key === `proof-mail:${code}:copy`)!
  return { lender, copy, code }
}

describe('the proof mails carry the PDF', () => {
  it('the queued lender mail and the copy name the same PDF in R2: a valid PDF of the code in the mail text, the hash the proof stored', async () => {
    const { lender, copy, code } = await send('attach@lender.example')
    const mail = JSON.parse(lender.payload) as MailMessage
    expect(lender.status).toBe('delivered') // the local stand-in, at once
    expect(mail.text).toContain(`Verification code: ${code} `)
    expect(mail.attachments).toHaveLength(1)
    const file = mail.attachments![0]!
    expect(file).toMatchObject({ contentType: 'application/pdf', r2Key: `policies/${HOME}/proofs/${code}.pdf` })
    expect(file.filename).toMatch(new RegExp(`^proof-of-insurance-${HOME}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`))
    expect(mail.text).toContain(`The proof of insurance is attached as a PDF: ${file.filename}`)
    expect(lender.payload.length).toBeLessThan(4000) // a reference, never the bytes
    expect((JSON.parse(copy.payload) as MailMessage).attachments).toEqual([file])

    const obj = await env.DOCS.get(file.r2Key)
    const bytes = new Uint8Array(await obj!.arrayBuffer())
    expect(bytes.byteLength).toBe(file.size)
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getSubject()).toBe(`Evidence of insurance, code ${code}`)
    const stored = await env.DB.prepare('SELECT pdf_sha256 FROM proofs_of_insurance WHERE code = ?1').bind(code).first<{ pdf_sha256: string }>()
    expect(stored?.pdf_sha256).toBe(await sha256Hex(bytes))
  })

  it("the HTTP adapter's request carries the PDF's bytes as base64, with its name and type", async () => {
    const { lender } = await send('http@lender.example')
    const message = JSON.parse(lender.payload) as MailMessage
    const bodies: { attachments?: { filename: string; content_type: string; content: string }[] }[] = []
    const upstream = async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)))
      return new Response('{}', { status: 200 })
    }
    const transport = createHttpMailTransport({ url: 'https://mail.example/v1/send', apiKey: 'k', fetch: upstream as typeof fetch })
    await deliverMail(portalEnv, message, lender.id, transport)
    const sent = bodies[0]!.attachments!
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ filename: message.attachments![0]!.filename, content_type: 'application/pdf' })
    const r2 = new Uint8Array(await (await env.DOCS.get(message.attachments![0]!.r2Key))!.arrayBuffer())
    expect(Uint8Array.from(atob(sent[0]!.content), (ch) => ch.charCodeAt(0))).toEqual(r2)
  })

  it('the dev mailbox lists the attachment with name, type and size, and its link serves the PDF', async () => {
    const { lender } = await send('mailbox@lender.example')
    const file = (JSON.parse(lender.payload) as MailMessage).attachments![0]!
    const html = await (await new Browser().fetch('/__dev/mailbox')).text()
    const link = `/__dev/mailbox/${lender.id}/attachments/0`
    expect(html).toContain(
      `<a href="${link}" download="${file.filename}">${file.filename}</a> (application/pdf, ${Math.max(1, Math.round(file.size / 1024))} KB)`,
    )
    const res = await new Browser().fetch(link)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${file.filename}"`)
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-')
    expect(bytes.byteLength).toBe(file.size)
    expect((await new Browser().fetch(`/__dev/mailbox/${lender.id}/attachments/1`)).status).toBe(404)
    expect((await new Browser().fetch('/__dev/mailbox/999999999/attachments/0')).status).toBe(404)
  })

  it('a mail whose attachment is missing from R2 is dead at once, never sent without it', async () => {
    const to = `missing.${crypto.randomUUID()}@example.com`
    const at = Date.now() - 1
    const payload: MailMessage = {
      kind: 'proof-of-insurance',
      to,
      subject: 'Missing attachment',
      text: 'x',
      attachments: [{ filename: 'gone.pdf', contentType: 'application/pdf', r2Key: `policies/${HOME}/proofs/ZZZZ-ZZZZ-ZZZZ.pdf`, size: 10 }],
    }
    await enqueue(env.DB, { channel: 'mail', payload, dedupeKey: `test:${to}`, at }).run()
    const sent: unknown[] = []
    const transport = { name: 'http' as const, deliver: async (m: unknown) => void sent.push(m) }
    await drainOutbox(portalEnv, { channels: ['mail'], now: at + 1, handlers: { mail: (e, p, meta) => deliverMail(e, p as MailMessage, meta.id, transport) } })
    const row = await env.DB.prepare('SELECT status, last_error FROM outbox WHERE dedupe_key = ?1').bind(`test:${to}`).first()
    expect(row).toMatchObject({ status: 'dead', last_error: 'attachment missing in R2' })
    expect(sent).toHaveLength(0)
  })
})
