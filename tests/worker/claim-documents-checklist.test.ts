import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { mainOf, text, withPolicy } from './servicing-helpers'
import { routeOutbound, portalEnv } from './sso-support'
import { JPEG_BYTES, SAM_HOME } from './claims-fixtures'
import { jpegOfSize } from '../support/image-files'
import { drainClaimNotices, reportHomeownersClaim, resetClaimsSystem, standIn, standInClaims } from './claims-system-support'
import { pushEvent, queuedMails, seedClaim } from './claim-page-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { ANSWERS_FIELD, SEND_DOCUMENT_TEXT } from '../../worker/pages/claims/send-document-form'
import { requestKey } from '../../shared/claims/follow-up/document-checklist'
import { claimPageTexts } from '../../worker/pages/claims/texts/claim-page'

/**
 * Issue 32 items 1 and 4 (decision 207) in the worker: the tracker on the claim page; the documents
 * checklist, one line per document asked for, ticked by the send form's choice (sent) and by the claims
 * system's signed document.received (received), whether it comes twice or before other news; an unknown
 * document refused; a request repeated with the same items one line and one mail.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim-file%'").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const BOUNDARY = '----PortalTestBoundaryChecklist0207'
const bytes = (s: string) => new TextEncoder().encode(s)

/** The form as a browser sends it: the token, the chosen request, then the file. */
function formBody(token: string, answers: string | null, name: string, file: Uint8Array): Uint8Array {
  const field = (n: string, v: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`
  const head = bytes(
    field('_once', token) +
      (answers === null ? '' : field(ANSWERS_FIELD, answers)) +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )
  const tail = bytes(`\r\n--${BOUNDARY}--\r\n`)
  const out = new Uint8Array(head.length + file.length + tail.length)
  out.set(head, 0)
  out.set(file, head.length)
  out.set(tail, head.length + file.length)
  return out
}

async function claimPage(claimNumber: string) {
  const b = await withPolicy(SAM_HOME)
  const html = await (await b.fetch(`/claims-history/${claimNumber}`)).text()
  return { main: mainOf(html), token: /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? null }
}

async function send(claimNumber: string, body: Uint8Array) {
  const b = await withPolicy(SAM_HOME)
  return b.fetch(`/claims-history/add-document?claim=${claimNumber}`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
    body,
  })
}

/** The checklist's lines as text: 'item | state | detail'. */
function checklist(main: string): string[] {
  const list = /<ul class="documents-checklist">([\s\S]*?)<\/ul>/.exec(main)?.[1] ?? ''
  const part = (li: string, tag: string, name: string) =>
    text(new RegExp(`<${tag} class="documents-checklist__${name}">([\\s\\S]*?)</${tag}>`).exec(li)?.[1] ?? '')
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    [part(m[1]!, 'bdi', 'item'), part(m[1]!, 'span', 'state'), part(m[1]!, 'span', 'detail')].join(' | '),
  )
}

const idOf = async (claimNumber: string, name: string) =>
  (await env.DB.prepare('SELECT id FROM claim_uploads WHERE claim_number = ?1 AND name = ?2').bind(claimNumber, name).first<{ id: string }>())!.id

const photo = () => jpegOfSize(JPEG_BYTES.length + 300, 3)

describe('the claim tracker', () => {
  it('an ordered list of the eight steps, the current one marked, each state said in words', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const { main } = await claimPage(n)
    const tracker = /<section class="claim-tracker"[\s\S]*?<\/section>/.exec(main)?.[0] ?? ''
    expect(text(tracker)).toContain(claimPageTexts.en.trackerHeading)
    const steps = [...tracker.matchAll(/<li([^>]*)>([\s\S]*?)<\/li>/g)]
    expect(steps.map((s) => /<strong>([^<]+)<\/strong>/.exec(s[2]!)?.[1])).toEqual([
      'Claim reported',
      'Received by the claims team',
      'Adjuster assigned',
      'Inspection',
      'Documents',
      'Decision',
      'Payment',
      'Claim closed',
    ])
    expect(steps.filter((s) => s[1]!.includes('aria-current="step"')).map((s) => /<strong>([^<]+)/.exec(s[2]!)?.[1])).toEqual(['Adjuster assigned'])
    expect(text(steps[0]![2]!)).toMatch(/Done on \d{2}\/\d{2}\/\d{4}/)
    expect(text(steps[2]![2]!)).toContain('Next')
    expect(text(steps[2]![2]!)).toContain('A claims representative will contact you within 48 business hours')
    expect(text(steps[2]![2]!)).toMatch(/Usually by \d{2}\/\d{2}\/\d{4}/)
    expect(text(steps[3]![2]!)).toContain('Later')
  })
})

describe('the documents checklist', () => {
  it('a request repeated with the same items is one line per item and one mail', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice', 'Photos of the ceiling'] })).toBe(200)
    expect(await pushEvent(n, 2, 'documents.requested', { items: ['Photos of the ceiling', 'plumber invoice'] })).toBe(200)
    const { main } = await claimPage(n)
    expect(checklist(main).map((l) => l.split(' | ').slice(0, 2).join(' | '))).toEqual(['Plumber invoice | Requested', 'Photos of the ceiling | Requested'])
    const mails = await queuedMails(`claim-update:${n}:`)
    expect(mails.map((m) => m.dedupe_key.endsWith(':on-file'))).toEqual([false, true]) // one mail, to each address once
    // Something new asked for is mailed.
    expect(await pushEvent(n, 3, 'documents.requested', { items: ['Roof estimate'] })).toBe(200)
    expect(await queuedMails(`claim-update:${n}:`)).toHaveLength(4)
  })

  it('the same request twice at the same moment is still one mail', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const statuses = await Promise.all([1, 2, 3].map((s) => pushEvent(n, s, 'documents.requested', { items: ['Plumber invoice'] })))
    expect(statuses).toEqual([200, 200, 200])
    expect((await queuedMails(`claim-update:${n}:`)).filter((m) => !m.dedupe_key.endsWith(':on-file'))).toHaveLength(1)
  })

  it("the form offers the open requests; the file sent for one ticks it 'Sent', document.received 'Received', and the claims system hears which", async () => {
    const n = await reportHomeownersClaim()
    const t0 = Date.now() + 1000
    expect(await drainClaimNotices(t0)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice', 'Photos of the ceiling'] })).toBe(200)
    const before = await claimPage(n)
    expect(text(before.main)).toContain(SEND_DOCUMENT_TEXT.answersLegend)
    expect(before.main).toContain(`value="${requestKey('Plumber invoice')}"`)
    expect(text(before.main)).toContain('Please send the documents listed')

    const res = await send(n, formBody(before.token!, requestKey('Plumber invoice'), 'invoice.jpg', photo()))
    expect(res.status).toBe(303)
    const sent = await claimPage(n)
    expect(checklist(sent.main)[0]).toMatch(/^Plumber invoice \| Sent \| invoice\.jpg , \d{2}\/\d{2}\/\d{4}$/)
    expect(checklist(sent.main)[1]).toMatch(/^Photos of the ceiling \| Requested/)
    // Only what is still open is offered.
    expect(sent.main).not.toContain(`value="${requestKey('Plumber invoice')}"`)

    await drainOutbox(portalEnv, { channels: ['claim-document'], now: t0 + 1000 })
    const [held] = await standInClaims(n)
    const documentId = await idOf(n, 'invoice.jpg')
    expect(held!.documents.at(-1)).toMatchObject({ name: 'invoice.jpg', documentId, answers: 'Plumber invoice' })

    // The stand-in sends document.received for the newest document, signed like every event.
    const pushed = await standIn(`/claims/${n}/events`, 'POST', { type: 'document.received', data: {} })
    expect(await pushed.json()).toMatchObject({ delivered: true, status: 200 })
    const received = await claimPage(n)
    expect(checklist(received.main)[0]).toMatch(/^Plumber invoice \| Received by the claims team \| invoice\.jpg/)
    expect(text(received.main)).toContain('Please send the documents listed') // the photos are still to send

    const res2 = await send(n, formBody(received.token!, requestKey('Photos of the ceiling'), 'ceiling.jpg', photo()))
    expect(res2.status).toBe(303)
    const allSent = await claimPage(n)
    expect(text(allSent.main)).not.toContain('Please send the documents listed')
    expect(allSent.main).not.toContain(SEND_DOCUMENT_TEXT.answersLegend) // nothing open to choose
  })

  it('document.received twice, or before other news of the file, gives the same line', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice'] })).toBe(200)
    const { token } = await claimPage(n)
    expect((await send(n, formBody(token!, requestKey('Plumber invoice'), 'invoice.jpg', photo()))).status).toBe(303)
    const documentId = await idOf(n, 'invoice.jpg')
    // Accepted (sequence 3) arrives before received (sequence 2); received then comes twice.
    expect(await pushEvent(n, 3, 'document.reviewed', { documentId, outcome: 'accepted' })).toBe(200)
    const id = `evt-${crypto.randomUUID()}`
    expect(await pushEvent(n, 2, 'document.received', { documentId }, { id })).toBe(200)
    expect(await pushEvent(n, 2, 'document.received', { documentId }, { id })).toBe(200)
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM claim_events WHERE claim_number = ?1 AND type LIKE 'document.%'")
      .bind(n)
      .first<{ n: number }>()
    expect(stored!.n).toBe(2)
    expect(checklist((await claimPage(n)).main)[0]).toMatch(/^Plumber invoice \| Accepted \| invoice\.jpg/)
  })

  it("'another one needed' is mailed once, naming the file and the request; a receipt and an acceptance are not mailed", async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice'] })).toBe(200)
    const { token } = await claimPage(n)
    expect((await send(n, formBody(token!, requestKey('Plumber invoice'), 'invoice.jpg', photo()))).status).toBe(303)
    const documentId = await idOf(n, 'invoice.jpg')
    const before = (await queuedMails(`claim-update:${n}:`)).length
    expect(await pushEvent(n, 2, 'document.received', { documentId })).toBe(200)
    expect(await queuedMails(`claim-update:${n}:`)).toHaveLength(before)
    const id = `evt-${crypto.randomUUID()}`
    expect(await pushEvent(n, 3, 'document.reviewed', { documentId, outcome: 'another-needed' }, { id })).toBe(200)
    expect(await pushEvent(n, 3, 'document.reviewed', { documentId, outcome: 'another-needed' }, { id })).toBe(200)
    const mails = (await queuedMails(`claim-update:${n}:`)).filter((m) => m.dedupe_key === `claim-update:${n}:${id}`)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Your ProgHome claim ${n}: another document needed`)
    expect(mails[0]!.text).toContain('Your adjuster needs another document in place of invoice.jpg')
    expect(mails[0]!.text).toContain('- Plumber invoice')
    expect(mails[0]!.text).toContain('What happens next: Please send the documents listed')
    const page = await claimPage(n)
    expect(checklist(page.main)[0]).toMatch(/^Plumber invoice \| Another one needed \| invoice\.jpg/)
    // Offered again in the form.
    expect(page.main).toContain(`value="${requestKey('Plumber invoice')}"`)
  })

  it('document.received for a document the portal does not hold for that claim: 404, nothing stored', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const other = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(other, 1, 'documents.requested', { items: ['Plumber invoice'] })).toBe(200)
    const { token } = await claimPage(other)
    expect((await send(other, formBody(token!, requestKey('Plumber invoice'), 'invoice.jpg', photo()))).status).toBe(303)
    const othersDocument = await idOf(other, 'invoice.jpg')
    expect(await pushEvent(n, 1, 'document.received', { documentId: 'cf_nosuchdocument' })).toBe(404)
    expect(await pushEvent(n, 2, 'document.received', { documentId: othersDocument })).toBe(404)
    expect(await pushEvent(n, 3, 'document.received', { documentId: 'not an id!' })).toBe(400)
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_events WHERE claim_number = ?1').bind(n).first<{ n: number }>()
    expect(stored!.n).toBe(0)
  })

  it('a choice that is no request of the claim is refused with a clear 400, nothing kept', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice'] })).toBe(200)
    const { token } = await claimPage(n)
    const res = await send(n, formBody(token!, 'a request made up', 'invoice.jpg', photo()))
    expect(res.status).toBe(400)
    expect(text(mainOf(await res.text()))).toContain(SEND_DOCUMENT_TEXT.unknownRequest)
    const files = await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_files WHERE claim_number = ?1').bind(n).first<{ n: number }>()
    expect(files!.n).toBe(0)
  })
})
