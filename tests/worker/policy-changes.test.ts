import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { portalEnv, standInFetch } from './sso-support'
import { ageSessions } from './stronger-sign-in-support'
import { MORTGAGEE_TEXT } from '../../shared/policy/changes/mortgagee'
import { CHANGES_TEXT } from '../../shared/policy/changes/kinds'
import { packetKey } from '../../worker/db/policy/document-keys'
import { localDate } from '../../shared/clock'
import { CHANGE_QUOTE_RULE } from '../../worker/services/policy-changes/policy-changes'

/**
 * Issue 34 items 1, 2 and 6 (decision 214): a mortgage company changed from the policy's pages, priced
 * and bound by the policy administration system's stand-in through the HTTP adapter; the policy of
 * record, the Documents packet, the lender's proof of insurance and the confirmation follow once.
 */
const MARIA = 'HOM4010001'
const STAND_IN = `${portalEnv.PORTAL_BASE_URL}/__dev/policy-admin`
const today = () => localDate(Date.now(), 'CA')

beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  await standInFetch(`${STAND_IN}/fail`, { method: 'DELETE' })
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:policy-change:%'").run()
})

const replaceFirst = (lenderEmail: string, name = 'Harbor Home Loans') => ({
  action: 'replace',
  position: '1',
  type: 'Mortgagee',
  name,
  loanId: 'HHL-20261128',
  address1: '400 Capitol Mall',
  address2: 'Insurance Dept',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95814',
  lenderEmail,
  effectiveDate: today(),
})

const tokenOf = (html: string) => /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''

/** The form posted with a fresh token: the review's address (303) or the page answered. */
async function quote(b: Browser, fields: Record<string, string>): Promise<Response> {
  const form = await (await b.fetch('/policy-changes/mortgage-company')).text()
  return b.form('/policy-changes/mortgage-company', { _once: tokenOf(form), ...fields })
}

async function quoted(b: Browser, fields: Record<string, string>): Promise<string> {
  const res = await quote(b, fields)
  expect(res.status).toBe(303)
  const location = res.headers.get('Location') ?? ''
  expect(location).toMatch(/^\/policy-changes\/review\?change=pc_[0-9a-f-]{36}$/)
  return location
}

async function confirm(b: Browser, review: string): Promise<Response> {
  const html = await (await b.fetch(review)).text()
  return b.form(review, { _once: tokenOf(html) })
}

async function storedMortgagees(): Promise<{ name: string; loanId: string }[]> {
  const row = await env.DB.prepare("SELECT json_extract(doc, '$.mortgagees') AS m FROM policies WHERE policy_id = ?").bind(MARIA).first<{ m: string }>()
  return JSON.parse(row!.m) as { name: string; loanId: string }[]
}

/** The queued mails whose dedupe key is `key`, or starts with it when it ends in '*'. */
async function mailRows(key: string): Promise<{ dedupe_key: string; payload: string }[]> {
  const prefix = key.endsWith('*') ? key.slice(0, -1) : null
  const stmt = prefix
    ? env.DB.prepare("SELECT dedupe_key, payload FROM outbox WHERE channel = 'mail' AND substr(dedupe_key, 1, ?2) = ?1").bind(prefix, prefix.length)
    : env.DB.prepare("SELECT dedupe_key, payload FROM outbox WHERE channel = 'mail' AND dedupe_key = ?").bind(key)
  return (await stmt.all<{ dedupe_key: string; payload: string }>()).results
}

async function standInQuotes(): Promise<{ quoteId: string; reference: string; status: string }[]> {
  return ((await (await standInFetch(`${STAND_IN}/changes`)).json()) as { quotes: { quoteId: string; reference: string; status: string }[] }).quotes
}

/** One change's entry in the history. */
const entryOf = (html: string, changeId: string) => new RegExp(`<li class="entry" id="${changeId}">[\\s\\S]*?</dl>(?:<p>[^<]*</p>)?`).exec(html)?.[0] ?? ''

const changeIdOf = (review: string) => new URL(review, 'https://x').searchParams.get('change')!

describe('replacing the mortgage company', () => {
  it('reviews what changes and from when, binds through the stand-in, and the policy, Documents and the lender follow', async () => {
    const b = await withPolicy(MARIA)
    const before = await storedMortgagees()
    const lenderEmail = 'insurance@harbor.example'
    const review = await quoted(b, replaceFirst(lenderEmail))
    const id = changeIdOf(review)

    const reviewText = text(mainOf(await (await b.fetch(review)).text()))
    expect(reviewText).toContain(`Replace ${before[0]!.name}, loan ${before[0]!.loanId} with Harbor Home Loans, loan HHL-20261128, as the first mortgagee.`)
    expect(reviewText).toContain('Premium No change')
    expect(reviewText).toContain(`Proof of insurance goes to ${lenderEmail}`)
    // Priced, not bound: the policy of record is as it was.
    expect(await storedMortgagees()).toEqual(before)

    const res = await confirm(b, review)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/policy-changes?sent=${id}`)
    expect((await standInQuotes()).find((q) => q.reference === id)?.status).toBe('bound')

    const after = await storedMortgagees()
    expect(after[0]).toMatchObject({ name: 'Harbor Home Loans', loanId: 'HHL-20261128', address2: 'Insurance Dept' })
    expect(after.slice(1)).toEqual(before.slice(1))
    expect(text(mainOf(await (await b.fetch('/policy-information')).text()))).toContain('Harbor Home Loans')

    const historyHtml = await (await b.fetch(`/policy-changes?sent=${id}`)).text()
    expect(text(mainOf(historyHtml))).toContain('Your change was made.')
    expect(text(entryOf(historyHtml, id))).toContain('Status Done')

    const docs = text(mainOf(await (await b.fetch('/policy-documents')).text()))
    expect(docs).toContain('Policy Change Packet')
    const packet = await env.DOCS.get(packetKey(MARIA, 'EB', today()))
    const bytes = new Uint8Array(await packet!.arrayBuffer())
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-')

    const lender = await mailRows(`policy-change:${id}:proof:lender`)
    expect(lender).toHaveLength(1)
    const mail = JSON.parse(lender[0]!.payload) as { to: string; text: string; attachments: { filename: string }[] }
    expect(mail.to).toBe(lenderEmail)
    expect(mail.text).toContain('For: Harbor Home Loans, loan HHL-20261128')
    expect(mail.attachments[0]!.filename).toMatch(/^proof-of-insurance-HOM4010001-/)
    const confirmation = await mailRows(`policy-change:${id}:bound`)
    expect(confirmation).toHaveLength(1)
    expect(JSON.parse(confirmation[0]!.payload)).toMatchObject({ kind: 'policy-change', to: ownerOf(MARIA).email })

    // Back to the review: already sent, so to the history; the same confirmation again binds nothing more.
    expect((await b.fetch(review)).headers.get('Location')).toBe(`/policy-changes?sent=${id}`)
  })

  it('two confirmations at once (two tabs) bind once, issue one proof and queue one lender mail', async () => {
    const b = await withPolicy(MARIA)
    const review = await quoted(b, replaceFirst('loans@twotabs.example', 'Two Tabs Bank'))
    const id = changeIdOf(review)
    const [p1, p2] = await Promise.all([(await b.fetch(review)).text(), (await b.fetch(review)).text()])
    const proofsBefore = await env.DB.prepare('SELECT COUNT(*) AS n FROM proofs_of_insurance WHERE policy_id = ?').bind(MARIA).first<{ n: number }>()
    const answers = await Promise.all([b.form(review, { _once: tokenOf(p1) }), b.form(review, { _once: tokenOf(p2) })])
    for (const a of answers) expect(a.status).toBe(303)
    const proofsAfter = await env.DB.prepare('SELECT COUNT(*) AS n FROM proofs_of_insurance WHERE policy_id = ?').bind(MARIA).first<{ n: number }>()
    expect(proofsAfter!.n - proofsBefore!.n).toBe(1)
    expect(await mailRows(`policy-change:${id}:proof:lender`)).toHaveLength(1)
    expect(await mailRows(`policy-change:${id}:bound`)).toHaveLength(1)
    const row = await env.DB.prepare('SELECT status FROM policy_changes WHERE change_id = ?').bind(id).first<{ status: string }>()
    expect(row!.status).toBe('bound')
  })
})

describe('refusals', () => {
  it('a change priced before another one was bound is not sent: its words would be wrong', async () => {
    const b = await withPolicy(MARIA)
    const first = await quoted(b, replaceFirst('first@lender.example', 'First Quote Bank'))
    const second = await quoted(b, replaceFirst('second@lender.example', 'Second Quote Bank'))
    expect((await confirm(b, first)).status).toBe(303)
    const res = await confirm(b, second)
    expect(res.status).toBe(409)
    const main = text(mainOf(await res.text()))
    expect(main).toContain(CHANGES_TEXT.stale)
    expect(main).not.toContain('Confirm the change')
    expect((await storedMortgagees())[0]!.name).toBe('First Quote Bank')
    expect((await standInQuotes()).find((q) => q.reference === changeIdOf(second))?.status).toBe('quoted')
    expect(await mailRows(`policy-change:${changeIdOf(second)}:*`)).toHaveLength(0)
  })

  it('a failing policy administration system: a clear message, nothing bound, and the same change binds once it is back', async () => {
    const b = await withPolicy(MARIA)
    const before = await storedMortgagees()
    const review = await quoted(b, replaceFirst('outage@lender.example', 'Outage Savings'))
    const id = changeIdOf(review)
    await standInFetch(`${STAND_IN}/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ times: 1, status: 503 }) })
    const res = await confirm(b, review)
    expect(res.status).toBe(409)
    expect(text(mainOf(await res.text()))).toContain(CHANGES_TEXT.bindFailed)
    expect(await storedMortgagees()).toEqual(before)
    expect((await standInQuotes()).find((q) => q.reference === id)?.status).toBe('quoted')
    expect(await mailRows(`policy-change:${id}:*`)).toHaveLength(0)

    expect((await confirm(b, review)).status).toBe(303)
    expect((await storedMortgagees())[0]!.name).toBe('Outage Savings')
  })

  it('a quote the system does not answer: the form says so, nothing is kept', async () => {
    const b = await withPolicy(MARIA)
    await standInFetch(`${STAND_IN}/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ times: 1, status: 500 }) })
    const res = await quote(b, replaceFirst('q@lender.example'))
    expect(res.status).toBe(200)
    expect(text(mainOf(await res.text()))).toContain(CHANGES_TEXT.quoteFailed)
  })

  it('a form with mistakes says what to fix, 400, and calls no one', async () => {
    const b = await withPolicy(MARIA)
    const quotesBefore = (await standInQuotes()).length
    const res = await quote(b, { ...replaceFirst('not an address'), zipCode: '9581', effectiveDate: '2020-01-01' })
    expect(res.status).toBe(400)
    const main = text(mainOf(await res.text()))
    expect(main).toContain(MORTGAGEE_TEXT.zipRequired)
    expect(main).toContain(MORTGAGEE_TEXT.lenderEmailInvalid)
    expect(main).toContain(MORTGAGEE_TEXT.dateInPast)
    expect((await standInQuotes()).length).toBe(quotesBefore)
  })

  it('a third mortgage company on a plan that lists two: call us, nothing priced', async () => {
    const b = await withPolicy(MARIA)
    const res = await quote(b, { ...replaceFirst('third@lender.example'), action: 'add', position: '3' })
    expect(res.status).toBe(400)
    expect(text(mainOf(await res.text()))).toContain(MORTGAGEE_TEXT.full(2))
  })

  it('another person’s change is not found, as a missing one', async () => {
    const b = await withPolicy(MARIA)
    const review = await quoted(b, replaceFirst('mine@lender.example', 'Mine Bank'))
    const stranger = new Browser()
    const other = persona('direct.single')
    expect((await stranger.login(other)).status).toBe(303)
    await stranger.form('/account-home', { policyId: other.policies[0]!.policyId })
    expect((await stranger.fetch(review)).status).toBe(404)
    // No review page, so no token of it: the confirmation as a plain client would send it.
    expect((await stranger.form(review, {})).status).toBe(404)
    const row = await env.DB.prepare('SELECT status FROM policy_changes WHERE change_id = ?').bind(changeIdOf(review)).first<{ status: string }>()
    expect(row!.status).toBe('quoted')
  })

  it('quotes are counted before the call: past the limit, 429 and the system is not called', async () => {
    const b = await withPolicy(MARIA)
    const profile = await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(ownerOf(MARIA).userName).first<{ profile_id: string }>()
    await env.DB.prepare('INSERT INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, ?, ?, 0)')
      .bind(`rate:policy-change:profile:${profile!.profile_id}`, CHANGE_QUOTE_RULE.limit, Date.now())
      .run()
    const quotesBefore = (await standInQuotes()).length
    const res = await quote(b, replaceFirst('limit@lender.example'))
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await standInQuotes()).length).toBe(quotesBefore)
  })
})

describe('step-up and review', () => {
  it('a new lender after 11 minutes: confirm it is you first, nothing bound, back to the review', async () => {
    const b = await withPolicy(MARIA)
    const review = await quoted(b, replaceFirst('stepup@lender.example', 'Step Up Credit'))
    const id = changeIdOf(review)
    await ageSessions(ownerOf(MARIA), 11)
    const res = await confirm(b, review)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/manage-profile/confirm?next=policy-change&change=${id}`)
    const row = await env.DB.prepare('SELECT status FROM policy_changes WHERE change_id = ?').bind(id).first<{ status: string }>()
    expect(row!.status).toBe('quoted')
    expect((await standInQuotes()).find((q) => q.reference === id)?.status).toBe('quoted')
    await ageSessions(ownerOf(MARIA), 0)
  })

  it('a removal is referred: pending with who will call, the policy unchanged until the reviewer binds it', async () => {
    const b = await withPolicy(MARIA)
    const before = await storedMortgagees()
    const review = await quoted(b, { action: 'remove', position: '2', effectiveDate: today() })
    const id = changeIdOf(review)
    expect(text(mainOf(await (await b.fetch(review)).text()))).toContain('Policy services reviews this change before it takes effect')
    expect((await confirm(b, review)).status).toBe(303)
    const history = text(entryOf(await (await b.fetch(`/policy-changes?sent=${id}`)).text(), id))
    expect(history).toContain('Pending: our policy services team reviews it')
    expect(history).toContain('A policy services specialist will call you')
    expect(await storedMortgagees()).toEqual(before)
    expect(await mailRows(`policy-change:${id}:referred`)).toHaveLength(1)

    const quoteId = (await standInQuotes()).find((q) => q.reference === id)!.quoteId
    const decided = await standInFetch(`${STAND_IN}/changes/quotes/${quoteId}/decide`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision: 'bound' }),
    })
    expect(decided.status).toBe(200)
    // The history reads where the referred change stands, and records it.
    expect(text(entryOf(await (await b.fetch('/policy-changes')).text(), id))).toContain('Status Done')
    expect(await storedMortgagees()).toEqual([before[0]])
    expect(await mailRows(`policy-change:${id}:bound`)).toHaveLength(1)
  })
})

describe('a change whose id looks like digits to the card guard (decision 239)', () => {
  it('is reviewed and bound: its id in the address is an identifier, not a card number', async () => {
    const b = await withPolicy(MARIA)
    const quotedId = changeIdOf(await quoted(b, replaceFirst('insurance@harbor.example')))
    // Between its letters, this UUID's digits hold a Luhn-valid run; the guard refused its review (400).
    const id = 'pc_35665a60-5d53-4523-8324-622a0a44ca9a'
    await env.DB.prepare('UPDATE policy_changes SET change_id = ? WHERE change_id = ?').bind(id, quotedId).run()
    const review = `/policy-changes/review?change=${id}`

    const page = await b.fetch(review)
    expect(page.status).toBe(200)
    expect(text(mainOf(await page.text()))).toContain('with Harbor Home Loans, loan HHL-20261128, as the first mortgagee.')
    const res = await confirm(b, review)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/policy-changes?sent=${id}`)
  })
})
