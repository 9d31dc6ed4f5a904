import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { env } from 'cloudflare:workers'
import { api, seed, bearer } from './helpers'
import { oneClearStatement, policyTagged, text, withPolicy } from './servicing-helpers'
import { CLAIM_REFUSAL, FLOOD_BALANCE_MESSAGE } from '../../shared/claims/messages'
import { UPLOAD_MSG } from '../../shared/claims/uploads'
import { reportClaim } from '../../worker/services/claims/claim-report'
import { CARD_NUMBER_REFUSED } from '../../shared/payments/card-refusals'
import { findPolicy } from '../../worker/db/policy/policies'
import type { Env } from '../../worker/env'
import {
  claimReport,
  ERIN_FLOOD,
  floodClaim,
  forgetClaimRateCounts,
  homeownersClaim,
  lossDay,
  PNG,
  SAM_HOME,
  uploadClaimFile,
  uploadedFileId,
} from './claims-fixtures'
import { JPEG_PHOTO } from '../support/image-files'

/**
 * Issue 10 phase B: POST /v1/{family}/FirstNoticeOfLoss/{policyId} (the claimSubmission, as JSON or the
 * spec's multipart part, and the fileIds of files uploaded one per request: decision 169),
 * one claim per idempotency key whatever the races and crashes, files checked by content, the PDF copy
 * and the confirmation email, Claims History at once.
 */

beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

const MARIA_FLOOD_DUE = policyTagged('claims.flood-balance').policyId
const ERIN_CANCELLED = policyTagged('policy.cancelled').policyId
const ERIN_EXCESS = policyTagged('policy.excess-flood').policyId

const PDF = new TextEncoder().encode('%PDF-1.4\n% a tiny pdf\n')
const JPEG = JPEG_PHOTO

/** The spec's multipart shape: the claimSubmission part (and fileId parts). */
function multipart(submission: unknown, fileIds: string[] = []): FormData {
  const form = new FormData()
  form.append('claimSubmission', JSON.stringify(submission))
  for (const id of fileIds) form.append('fileId', id)
  return form
}

async function fnol(
  policyId: string,
  auth: Record<string, string>,
  body: FormData | ReturnType<typeof claimReport>,
  headers: Record<string, string> = {},
  family = 'homeowners',
) {
  const sent = body instanceof FormData ? { body, headers: {} } : body
  return api(`/v1/${family}/FirstNoticeOfLoss/${policyId}`, { method: 'POST', headers: { ...auth, ...sent.headers, ...headers }, body: sent.body })
}

/** The owner claim_uploads records for an upload (claimDraftOwner of the session that sent it). */
async function ownerOf(fileId: string): Promise<string> {
  return (await env.DB.prepare('SELECT owner FROM claim_uploads WHERE id = ?').bind(fileId).first<{ owner: string }>())!.owner
}

const key = () => `claim-${crypto.randomUUID()}`

async function claimRows(policyId: string, idempotencyKey: string) {
  const { results } = await env.DB.prepare('SELECT * FROM claims WHERE policy_id = ? AND idempotency_key = ?')
    .bind(policyId, idempotencyKey)
    .all<Record<string, unknown>>()
  return results
}

async function mailsFor(claimNumber: string) {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key = ?")
    .bind(`claim-reported:${claimNumber}`)
    .all<{ payload: string }>()
  return results.map((r) => JSON.parse(r.payload) as { to: string; subject: string; text: string })
}

async function r2Keys(prefix: string): Promise<string[]> {
  return (await env.DOCS.list({ prefix })).objects.map((o) => o.key).sort()
}

describe('POST FirstNoticeOfLoss', () => {
  it('reports a homeowners claim: 200 with the claim number, the row, the PDF copy and one confirmation email', async () => {
    const k = key()
    const res = await fnol(SAM_HOME, await bearer('direct.single'), multipart(homeownersClaim()), { 'Idempotency-Key': k })
    expect(res.status).toBe(200)
    const answer = await res.text()
    const number = /HO-\d{4}-\d{6}/.exec(answer)?.[0]
    expect(number).toBeDefined()
    expect(answer).toBe(`Your claim has been reported. Your claim number is ${number}. A claims representative will contact you within 48 business hours.`)

    const [row] = await claimRows(SAM_HOME, k)
    expect(row).toMatchObject({
      claim_number: number,
      status: 'Reported',
      family: 'homeowners',
      peril: 'Water Damage',
      loss_date: lossDay('TX'),
      channel: 'api',
    })
    expect(JSON.parse(row!.submission as string)).toMatchObject({ perilMappingId: 101, lossDescription: 'A pipe burst in the kitchen.' })

    const pdf = await env.DOCS.get(row!.pdf_key as string)
    expect(pdf?.httpMetadata?.contentType).toBe('application/pdf')
    const bytes = new Uint8Array(await pdf!.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect((await PDFDocument.load(bytes)).getTitle()).toBe(`Claim ${number}`)

    const mails = await mailsFor(number!)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: 'sam.single@example.com', subject: `Your ProgHome claim ${number} has been reported` })
    expect(mails[0]!.text).toContain(`Your claim number is ${number}.`)
  })

  it('shows the new claim in Claims History at once with status Reported, and a browser gets the success message', async () => {
    const b = await withPolicy(SAM_HOME)
    const res = await b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'portal', 'Idempotency-Key': key() },
      body: multipart(homeownersClaim()),
    })
    expect(res.status).toBe(200)
    const number = /HO-\d{4}-\d{6}/.exec(await res.text())![0]
    const raw = await (await b.fetch('/system-message')).text()
    expect(text(raw)).toContain('Success! Your claim has been reported.')
    // One primary action, the spec's return button; the claim's own page is a link (issue 35 item 6).
    expect(oneClearStatement(raw)).toEqual({ heading: 'Success!', primaries: ['Return to Summary'], secondaries: 0 })
    expect(raw).toMatch(new RegExp(`<a href="/claims/${number}">[^<]+</a>`))
    // issue 21 item 5: emphasised, plain text, never broken across lines (.reference in app.css)
    expect(raw).toContain(`Your claim number is <strong class="reference">${number}</strong>.`)
    const history = text(await (await b.fetch('/claims-history')).text())
    // nothing paid yet on a just-reported claim reads as such, not '$0.00' (issue 21 item 5)
    expect(history).toMatch(new RegExp(`${number} None yet \\S+ Water Damage Reported`))
  })

  it('reports a flood claim under an FL number', async () => {
    const res = await fnol(ERIN_FLOOD, await bearer('direct.edge-cases'), multipart(floodClaim()), { 'Idempotency-Key': key() }, 'flood')
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/Your claim number is FL-\d{4}-\d{6}\./)
  })

  it('refuses a card number typed into the claim (400, the card message): no claim, nothing stored', async () => {
    const k = key()
    const res = await fnol(
      SAM_HOME,
      await bearer('direct.single'),
      multipart(homeownersClaim({ lossDescription: 'Charge my card 4111 1111 1111 1111 for the deductible.' })),
      {
        'Idempotency-Key': k,
      },
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject(CARD_NUMBER_REFUSED)
    expect(await claimRows(SAM_HOME, k)).toHaveLength(0)
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM claims WHERE submission LIKE '%4111%'").first<number>('n')
    expect(stored).toBe(0)
  })

  it("refuses where the page refuses: flood with a balance due, cancelled, excess flood (403); another person's policy is a 404", async () => {
    const maria = await bearer('direct.multi')
    const due = await fnol(MARIA_FLOOD_DUE, maria, multipart(floodClaim({ policyId: MARIA_FLOOD_DUE })), {}, 'flood')
    expect(due.status).toBe(403)
    expect(await due.json()).toMatchObject({ errorMessage: FLOOD_BALANCE_MESSAGE })
    const erin = await bearer('direct.edge-cases')
    const cancelled = await fnol(ERIN_CANCELLED, erin, multipart(homeownersClaim({ policyId: ERIN_CANCELLED })))
    expect(cancelled.status).toBe(403)
    expect(await cancelled.json()).toMatchObject({ errorMessage: CLAIM_REFUSAL.notAllowed })
    expect((await fnol(ERIN_EXCESS, erin, multipart(floodClaim({ policyId: ERIN_EXCESS })), {}, 'flood')).status).toBe(403)

    const other = await fnol(SAM_HOME, maria, multipart(homeownersClaim()))
    expect(other.status).toBe(404)
    expect(await other.json()).toMatchObject({ errorMessage: 'Policy not found.' })
  })

  it("validates with the island's schema: the spec's messages by field, a wrong policy, an unknown cause, a body that is not a claim", async () => {
    const auth = await bearer('direct.single')
    const invalid = await fnol(SAM_HOME, auth, multipart(homeownersClaim({ lossDescription: '', confirmEmailAddress: 'other@example.com' })))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({
      errorMessage: CLAIM_REFUSAL.invalid,
      errors: { lossDescription: 'The Brief description of Loss/Damages field is required.', confirmEmailAddress: 'Email does not match.' },
    })
    const mismatch = await fnol(SAM_HOME, auth, multipart(homeownersClaim({ policyId: 'HOM4010001' })))
    expect(await mismatch.json()).toMatchObject({ errorMessage: CLAIM_REFUSAL.policyMismatch })
    const cause = await fnol(SAM_HOME, auth, multipart(homeownersClaim({ perilMappingId: 99999 })))
    expect(cause.status).toBe(400)
    expect(((await cause.json()) as { errorMessage: string }).errorMessage).toBe(CLAIM_REFUSAL.unknownCause)
    const broken = new FormData()
    broken.append('claimSubmission', '{not json')
    expect(await (await fnol(SAM_HOME, auth, broken)).json()).toMatchObject({ errorMessage: CLAIM_REFUSAL.malformed })
    const notMultipart = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(notMultipart.status).toBe(400)
  })
})

describe('photos and files', () => {
  it('attaches uploaded images and PDFs to the claim, typed by their content, and lists them in the answer', async () => {
    const auth = await bearer('direct.single')
    const k = key()
    const ids = [
      await uploadedFileId(SAM_HOME, auth, PNG, 'kitchen.pdf'), // a PNG whatever its name says
      await uploadedFileId(SAM_HOME, auth, PDF, '../estimate.pdf'),
    ]
    const res = await fnol(SAM_HOME, auth, claimReport(homeownersClaim(), ids), { 'Idempotency-Key': k })
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/We received your 2 files: kitchen\.pdf, estimate\.pdf\.$/)
    const [claim] = await claimRows(SAM_HOME, k)
    const { results } = await env.DB.prepare(
      'SELECT position, r2_key, file_name, content_type, size_bytes FROM claim_files WHERE claim_number = ? ORDER BY position',
    )
      .bind(claim!.claim_number)
      .all<{ position: number; r2_key: string; file_name: string; content_type: string; size_bytes: number }>()
    expect(results.map((f) => [f.position, f.file_name, f.content_type, f.size_bytes])).toEqual([
      [1, 'kitchen.pdf', 'image/png', PNG.byteLength],
      [2, 'estimate.pdf', 'application/pdf', PDF.byteLength],
    ])
    const { sha256 } = (await env.DB.prepare('SELECT sha256 FROM claim_files WHERE claim_number = ? AND position = 1')
      .bind(claim!.claim_number)
      .first<{ sha256: string }>())!
    const expected = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', PNG)), (b) => b.toString(16).padStart(2, '0')).join('')
    expect(sha256).toBe(expected)
    const stored = await env.DOCS.get(results[0]!.r2_key)
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG)
    expect(stored!.httpMetadata?.contentDisposition).toMatch(/^attachment;/)
    expect(results[0]!.r2_key.startsWith(`claims/${SAM_HOME}/uploads/`)).toBe(true)
  })

  it('a file refused at upload never becomes a reference; an 11th reference is a 400; 10 make a claim', async () => {
    const auth = await bearer('direct.single')
    const refused = await uploadClaimFile(SAM_HOME, auth, new TextEncoder().encode('MZ this is a program'), 'photo.jpg', { type: 'image/jpeg' })
    expect(refused.status).toBe(415)
    expect(await refused.json()).toMatchObject({ errorMessage: UPLOAD_MSG.wrongType('photo.jpg') })

    const ids: string[] = []
    for (let i = 0; i < 11; i++) ids.push(await uploadedFileId(SAM_HOME, auth, JPEG, `p${i}.jpg`))
    const k = key()
    const eleven = await fnol(SAM_HOME, auth, claimReport(homeownersClaim(), ids), { 'Idempotency-Key': k })
    expect(eleven.status).toBe(400)
    expect(await eleven.json()).toMatchObject({ errorMessage: UPLOAD_MSG.tooMany })
    expect(await claimRows(SAM_HOME, k)).toEqual([])
    const ten = await fnol(SAM_HOME, auth, claimReport(homeownersClaim(), ids.slice(0, 10)), { 'Idempotency-Key': key() })
    expect(ten.status).toBe(200)
  })

  it("the spec's multipart shape still works, with fileId parts", async () => {
    const auth = await bearer('direct.single')
    const id = await uploadedFileId(SAM_HOME, auth, JPEG, 'porch "1".jpg')
    const res = await fnol(SAM_HOME, auth, multipart(homeownersClaim(), [id]), { 'Idempotency-Key': key() })
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/porch "1"\.jpg\.$/)
  })
})

describe('never doubled', () => {
  it('20 parallel submissions with one key make one claim and one email', async () => {
    const auth = await bearer('direct.single')
    const k = key()
    const report = claimReport(homeownersClaim(), [await uploadedFileId(SAM_HOME, auth, JPEG, 'roof.jpg')])
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
          method: 'POST',
          headers: { ...auth, ...report.headers, 'Idempotency-Key': k },
          body: report.body,
        }),
      ),
    )
    const statuses = answers.map((r) => r.status)
    // Copies still running count against the claim limit (5 a policy an hour, decision 164): the copies
    // beyond it meet 429; none of them makes a claim.
    expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 429)).toEqual([])
    expect(statuses).toContain(200)
    const texts = new Set(await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.text())))
    expect(texts.size).toBe(1)
    const rows = await claimRows(SAM_HOME, k)
    expect(rows).toHaveLength(1)
    expect([...texts][0]).toContain(rows[0]!.claim_number as string)
    expect(await mailsFor(rows[0]!.claim_number as string)).toHaveLength(1)
  })

  it('a crash at the batch, then the retry: one claim, its uploads attached once, nothing else stored', async () => {
    const policy = (await findPolicy(env.DB, SAM_HOME))!
    expect(policy).not.toBeNull()
    const auth = await bearer('direct.single')
    const fileIds = [await uploadedFileId(SAM_HOME, auth, JPEG, 'a.jpg'), await uploadedFileId(SAM_HOME, auth, PDF, 'b.pdf')]
    const k = key()
    const input = {
      policy,
      submissionText: JSON.stringify(homeownersClaim()),
      fileIds,
      idempotencyKey: k,
      sessionId: 'crash-test',
      profileId: null,
      draftOwner: await ownerOf(fileIds[0]!),
      channel: 'api' as const,
      now: Date.now(),
    }
    let batches = 0
    const crashingDb = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'batch')
          return async (...args: unknown[]) => (++batches === 1 ? Promise.reject(new Error('worker crashed')) : target.batch(...(args as [never])))
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const crashing = { ...(env as unknown as Env), DB: crashingDb } as Env
    const before = await r2Keys(`claims/${SAM_HOME}/`)
    await expect(reportClaim(crashing, null, input)).rejects.toThrow('worker crashed')
    expect(await claimRows(SAM_HOME, k)).toEqual([])

    const retried = await reportClaim(crashing, null, input)
    expect(retried.status).toBe(200)
    const rows = await claimRows(SAM_HOME, k)
    expect(rows).toHaveLength(1)
    const prefix = (rows[0]!.pdf_key as string).replace(/claim\.pdf$/, '')
    expect(await r2Keys(prefix)).toEqual([`${prefix}claim.pdf`])
    // The crash stored nothing: only the PDF copy appeared under the policy; the files are the uploads' objects.
    const added = (await r2Keys(`claims/${SAM_HOME}/`)).filter((k) => !before.includes(k))
    expect(added).toEqual([`${prefix}claim.pdf`])
    const { results: files } = await env.DB.prepare('SELECT file_name FROM claim_files WHERE claim_number = ? ORDER BY position')
      .bind(rows[0]!.claim_number)
      .all<{ file_name: string }>()
    expect(files.map((f) => f.file_name)).toEqual(['a.jpg', 'b.pdf'])

    const again = await reportClaim(env as unknown as Env, null, input)
    expect(again).toMatchObject({ status: 200, replayed: true, claimNumber: rows[0]!.claim_number })
  })

  it('without the middleware (its stored answer expired), parallel requests with one key still make one claim', async () => {
    const policy = (await findPolicy(env.DB, SAM_HOME))!
    const k = key()
    const input = {
      policy,
      submissionText: JSON.stringify(homeownersClaim()),
      fileIds: [],
      idempotencyKey: k,
      sessionId: 'race-test',
      profileId: null,
      draftOwner: 'profile:nobody',
      channel: 'api' as const,
      now: Date.now(),
    }
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => reportClaim(env as unknown as Env, null, input)))
    const rows = await claimRows(SAM_HOME, k)
    expect(rows).toHaveLength(1)
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(outcomes.map((o) => (o.status === 200 ? o.claimNumber : '')))).toEqual(new Set([rows[0]!.claim_number]))
    expect(await mailsFor(rows[0]!.claim_number as string)).toHaveLength(1)
  })

  it('parallel claims with different keys take distinct numbers, none skipped', async () => {
    const policy = (await findPolicy(env.DB, SAM_HOME))!
    const keys = Array.from({ length: 5 }, key)
    const outcomes = await Promise.all(
      keys.map((k) =>
        reportClaim(env as unknown as Env, null, {
          policy,
          submissionText: JSON.stringify(homeownersClaim()),
          fileIds: [],
          idempotencyKey: k,
          sessionId: 'numbers-test',
          profileId: null,
          draftOwner: 'profile:nobody',
          channel: 'api' as const,
          now: Date.now(),
        }),
      ),
    )
    const numbers = outcomes.map((o) => (o.status === 200 ? Number(o.claimNumber.slice(-6)) : -1)).sort((a, b) => a - b)
    expect(new Set(numbers).size).toBe(5)
    expect(numbers[4]! - numbers[0]!).toBe(4)
  })

  it('the same key with another claim is a 422, and makes nothing', async () => {
    const auth = await bearer('direct.single')
    const k = key()
    expect((await fnol(SAM_HOME, auth, multipart(homeownersClaim()), { 'Idempotency-Key': k })).status).toBe(200)
    const other = await fnol(SAM_HOME, auth, multipart(homeownersClaim({ lossDescription: 'Another loss.' })), { 'Idempotency-Key': k })
    expect(other.status).toBe(422)
    expect(await claimRows(SAM_HOME, k)).toHaveLength(1)
  })
})
