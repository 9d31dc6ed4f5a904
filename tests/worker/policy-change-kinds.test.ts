import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { portalEnv, standInFetch } from './sso-support'
import { ageSessions } from './stronger-sign-in-support'
import { MAILING_ADDRESS_TEXT } from '../../shared/policy/changes/mailing-address'
import { DEDUCTIBLE_TEXT } from '../../shared/policy/changes/deductible'
import { MORTGAGEE_TEXT } from '../../shared/policy/changes/mortgagee'
import { localDate } from '../../shared/clock'

/**
 * Issue 34 items 3 and 4 (decisions 215, 216): the mailing address and contact details, and the
 * deductible, changed from their pages, priced and bound by the policy administration stand-in through
 * the HTTP adapter; the policy of record and the confirmation mails follow.
 */
const MARIA = 'HOM4010001'
const SAM = 'HOM4020001'
const STAND_IN = `${portalEnv.PORTAL_BASE_URL}/__dev/policy-admin`
const today = () => localDate(Date.now(), 'CA')

beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  await standInFetch(`${STAND_IN}/fail`, { method: 'DELETE' })
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:policy-change:%'").run()
})

const tokenOf = (html: string) => /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''

async function post(b: Browser, path: string, fields: Record<string, string>): Promise<Response> {
  const form = await (await b.fetch(path)).text()
  return b.form(path, { _once: tokenOf(form), ...fields })
}

async function quoted(b: Browser, path: string, fields: Record<string, string>): Promise<string> {
  const res = await post(b, path, fields)
  expect(res.status).toBe(303)
  const location = res.headers.get('Location') ?? ''
  expect(location).toMatch(/^\/policy-changes\/review\?change=pc_[0-9a-f-]{36}$/)
  return location
}

async function confirm(b: Browser, review: string): Promise<Response> {
  const html = await (await b.fetch(review)).text()
  return b.form(review, { _once: tokenOf(html) })
}

const changeIdOf = (review: string) => new URL(review, 'https://x').searchParams.get('change')!

async function storedDoc(policyId: string): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return JSON.parse(row!.doc) as Record<string, unknown>
}

async function standInQuoteCount(): Promise<number> {
  return ((await (await standInFetch(`${STAND_IN}/changes`)).json()) as { quotes: unknown[] }).quotes.length
}

async function statusOf(changeId: string): Promise<string | undefined> {
  return (await env.DB.prepare('SELECT status FROM policy_changes WHERE change_id = ?').bind(changeId).first<{ status: string }>())?.status
}

async function mailsOf(changeId: string): Promise<{ dedupe_key: string; to: string; subject: string }[]> {
  const { results } = await env.DB.prepare(
    "SELECT dedupe_key, payload FROM outbox WHERE channel = 'mail' AND substr(dedupe_key, 1, length(?1)) = ?1 ORDER BY dedupe_key",
  )
    .bind(`policy-change:${changeId}:`)
    .all<{ dedupe_key: string; payload: string }>()
  return results.map((r) => {
    const p = JSON.parse(r.payload) as { to: string; subject: string }
    return { dedupe_key: r.dedupe_key, to: p.to, subject: p.subject }
  })
}

/** Another person (maria), signed in on her own policy: the 404 tests use sam's changes. */
async function stranger(): Promise<Browser> {
  const b = new Browser()
  const other = persona('direct.multi')
  expect((await b.login(other)).status).toBe(303)
  await b.form('/account-home', { policyId: other.policies[0]!.policyId })
  return b
}

const MOVE = {
  address1: '88 Riverside Blvd',
  address2: 'Apt 4',
  city: 'West Sacramento',
  state: 'CA',
  zipCode: '95691',
  email: 'maria.new@example.com',
  homePhone: '(916) 555-0199',
}

describe('the mailing address and contact details', () => {
  it('binds without a step-up, writes the policy of record and mails the confirmation to the old and the new email', async () => {
    const b = await withPolicy(MARIA)
    const before = await storedDoc(MARIA)
    // No new party and no money: an 11-minute-old sign-in confirms it.
    await ageSessions(ownerOf(MARIA), 11)
    const review = await quoted(b, '/policy-changes/mailing-address', { ...MOVE, effectiveDate: today() })
    const id = changeIdOf(review)
    const reviewText = text(mainOf(await (await b.fetch(review)).text()))
    expect(reviewText).toContain('Mailing address: from ')
    expect(reviewText).toContain('to 88 Riverside Blvd, Apt 4, West Sacramento, CA 95691.')
    expect(reviewText).toContain(`Email for this policy: from ${String(before.email)} to maria.new@example.com.`)
    expect(reviewText).toContain('Phone: from (916) 555-0123 to (916) 555-0199.')
    expect(reviewText).toContain('Premium No change')
    expect(await storedDoc(MARIA)).toEqual(before)

    const res = await confirm(b, review)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/policy-changes?sent=${id}`)
    expect(await statusOf(id)).toBe('bound')
    const after = await storedDoc(MARIA)
    expect(after.mailingAddress).toMatchObject({ address1: '88 Riverside Blvd', address2: 'Apt 4', city: 'West Sacramento', zipCode: '95691' })
    expect(after.email).toBe('maria.new@example.com')
    expect(after.homePhone).toBe('916-555-0199')
    expect(after.mortgagees).toEqual(before.mortgagees)
    expect(text(mainOf(await (await b.fetch('/policy-information')).text()))).toContain('88 Riverside Blvd')

    expect(await mailsOf(id)).toEqual([
      { dedupe_key: `policy-change:${id}:bound`, to: String(before.email), subject: `Your policy ${MARIA} was changed` },
      { dedupe_key: `policy-change:${id}:bound:new-email`, to: 'maria.new@example.com', subject: `Your policy ${MARIA} was changed` },
    ])
    // A second confirmation answers the first: no second bind, no second mail.
    expect((await b.form(review, {})).status).toBeLessThan(500)
    expect((await mailsOf(id)).length).toBe(2)
    await ageSessions(ownerOf(MARIA), 0)
  })

  it('a form with mistakes says what to fix, 400, and calls no one; so does a change that changes nothing', async () => {
    const b = await withPolicy(SAM)
    const quotes = await standInQuoteCount()
    const bad = await post(b, '/policy-changes/mailing-address', { ...MOVE, zipCode: '956', email: 'a@b', homePhone: '555-01', effectiveDate: '2020-01-01' })
    expect(bad.status).toBe(400)
    const main = text(mainOf(await bad.text()))
    expect(main).toContain(MAILING_ADDRESS_TEXT.zipRequired)
    expect(main).toContain(MAILING_ADDRESS_TEXT.emailInvalid)
    expect(main).toContain(MAILING_ADDRESS_TEXT.phoneInvalid)
    expect(main).toContain(MORTGAGEE_TEXT.dateInPast)

    const doc = await storedDoc(SAM)
    const m = doc.mailingAddress as Record<string, string>
    const same = await post(b, '/policy-changes/mailing-address', {
      address1: m.address1!,
      address2: m.address2 ?? '',
      city: m.city!,
      state: m.state!,
      zipCode: m.zipCode!,
      email: String(doc.email),
      homePhone: String(doc.homePhone),
      effectiveDate: today(),
    })
    expect(same.status).toBe(400)
    expect(text(mainOf(await same.text()))).toContain(MAILING_ADDRESS_TEXT.unchanged)
    expect(await standInQuoteCount()).toBe(quotes)
  })

  it('another person’s change is not found on GET and POST, and stays unsent', async () => {
    const b = await withPolicy(SAM)
    const review = await quoted(b, '/policy-changes/mailing-address', { ...MOVE, email: 'sam.moved@example.com', effectiveDate: today() })
    const other = await stranger()
    expect((await other.fetch(review)).status).toBe(404)
    expect((await other.form(review, {})).status).toBe(404)
    expect(await statusOf(changeIdOf(review))).toBe('quoted')
  })
})

const deductiblesOf = async (policyId: string) => ((await storedDoc(policyId)).coverages as { deductibles: unknown[] }).deductibles

describe('the deductible', () => {
  it('a higher deductible: the premium’s change and the open-claim note before binding, a step-up, then the policy and the history after', async () => {
    const b = await withPolicy(MARIA)
    const review = await quoted(b, '/policy-changes/deductible', { allOtherPerils: '250000', effectiveDate: today() })
    const id = changeIdOf(review)
    const reviewText = text(mainOf(await (await b.fetch(review)).text()))
    expect(reviewText).toContain('All other perils deductible: from $1,000 to $2,500.')
    // The stand-in's table: $1,000 credits -$95, $2,500 credits -$210 a year.
    expect(reviewText).toContain('Premium $115.00 less for the rest of the term')
    expect(reviewText).toContain(DEDUCTIBLE_TEXT.lossesBefore(today()))
    expect(reviewText).toContain('Because this changes your premium, we may ask you to confirm it is you first.')

    // It moves money: a sign-in older than 10 minutes confirms it is them first, nothing bound.
    await ageSessions(ownerOf(MARIA), 11)
    const stepUp = await confirm(b, review)
    expect(stepUp.status).toBe(303)
    expect(stepUp.headers.get('Location')).toBe(`/manage-profile/confirm?next=policy-change&change=${id}`)
    expect(await statusOf(id)).toBe('quoted')
    expect(await deductiblesOf(MARIA)).toEqual([
      { peril: 'All Other Perils', amount: 100_000 },
      { peril: 'Wildfire', amount: 250_000 },
    ])

    await ageSessions(ownerOf(MARIA), 0)
    const res = await confirm(b, review)
    expect(res.status).toBe(303)
    expect(await statusOf(id)).toBe('bound')
    expect(await deductiblesOf(MARIA)).toEqual([
      { peril: 'All Other Perils', amount: 250_000 },
      { peril: 'Wildfire', amount: 250_000 },
    ])
    const history = text(mainOf(await (await b.fetch(`/policy-changes?sent=${id}`)).text()))
    expect(history).toContain('Your change was made.')
    expect(history).toContain('All other perils deductible: from $1,000 to $2,500.')
    expect(history).toContain('Premium $115.00 less for the rest of the term')
    expect(text(mainOf(await (await b.fetch('/policy-information')).text()))).toContain('$2,500')
    expect((await mailsOf(id)).map((m) => m.dedupe_key)).toEqual([`policy-change:${id}:bound`])
  })

  it('a wind/hail percentage where the coverage has one, priced by the table', async () => {
    const b = await withPolicy(SAM)
    const review = await quoted(b, '/policy-changes/deductible', { allOtherPerils: '100000', windstormPercent: '2', effectiveDate: today() })
    const reviewText = text(mainOf(await (await b.fetch(review)).text()))
    expect(reviewText).toContain('Wind/Hail deductible: from 1% of the dwelling limit ($3,500) to 2% of the dwelling limit ($7,000).')
    expect(reviewText).not.toContain('All other perils deductible')
    expect(reviewText).toContain('Premium $180.00 less for the rest of the term')
  })

  it('a form with mistakes, an amount not offered or a percentage the coverage has not: 400, and no one is called', async () => {
    const maria = await withPolicy(MARIA)
    const quotes = await standInQuoteCount()
    const bad = await post(maria, '/policy-changes/deductible', { allOtherPerils: '123400', effectiveDate: '2020-01-01' })
    expect(bad.status).toBe(400)
    const main = text(mainOf(await bad.text()))
    expect(main).toContain(DEDUCTIBLE_TEXT.allOtherPerilsRequired)
    expect(main).toContain(MORTGAGEE_TEXT.dateInPast)
    // maria's HO3 has no wind/hail deductible: none is offered, and one sent is refused.
    expect((await post(maria, '/policy-changes/deductible', { allOtherPerils: '50000', windstormPercent: '2', effectiveDate: today() })).status).toBe(400)
    const sam = await withPolicy(SAM)
    const unchanged = await post(sam, '/policy-changes/deductible', { allOtherPerils: '100000', windstormPercent: '1', effectiveDate: today() })
    expect(unchanged.status).toBe(400)
    expect(text(mainOf(await unchanged.text()))).toContain(DEDUCTIBLE_TEXT.unchanged)
    expect(await standInQuoteCount()).toBe(quotes)
  })

  it('another person’s change is not found on GET and POST, and stays unsent', async () => {
    const b = await withPolicy(SAM)
    const review = await quoted(b, '/policy-changes/deductible', { allOtherPerils: '500000', windstormPercent: '1', effectiveDate: today() })
    const other = await stranger()
    expect((await other.fetch(review)).status).toBe(404)
    expect((await other.form(review, {})).status).toBe(404)
    expect(await statusOf(changeIdOf(review))).toBe('quoted')
  })
})

describe('the way in', () => {
  it('a policy with no mortgage company links to Change My Policy from its summary, which lists every kind', async () => {
    await env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.mortgagees', json('[]')) WHERE policy_id = ?").bind(SAM).run()
    const b = await withPolicy(SAM)
    const summary = mainOf(await (await b.fetch('/policy-information')).text())
    expect(summary).not.toContain('Change my mortgage company')
    expect(summary).toContain('<a href="/policy-changes" aria-describedby="change-policy-kinds">Change my policy</a>')
    expect(text(summary)).toMatch(/Change my policy ?: Mortgage company, mailing address and contact details, deductible, billing plan and due date\./)
    const changes = await (await b.fetch('/policy-changes')).text()
    for (const href of ['/policy-changes/mortgage-company', '/policy-changes/mailing-address', '/policy-changes/deductible', '/policy-changes/billing-plan'])
      expect(changes).toContain(`href="${href}"`)
  })

  it('a flood policy, changed through the NFIP, has no link', async () => {
    const b = await withPolicy('FLD4010003')
    expect(mainOf(await (await b.fetch('/policy-information')).text())).not.toContain('href="/policy-changes"')
  })
})

describe('kinds side by side', () => {
  it('a mortgagee change priced, then a deductible priced, then the mortgagee change bound: the list is the policy’s, not emptied', async () => {
    const b = await withPolicy(MARIA)
    const before = (await storedDoc(MARIA)).mortgagees as { name: string }[]
    const lender = await quoted(b, '/policy-changes/mortgage-company', {
      action: 'replace',
      position: '2',
      type: 'Lienholder',
      name: 'Side By Side Credit',
      loanId: 'SBS-1',
      address1: '1 K Street',
      address2: '',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95814',
      lenderEmail: 'docs@sidebyside.example',
      effectiveDate: today(),
    })
    await quoted(b, '/policy-changes/deductible', { allOtherPerils: '500000', effectiveDate: today() })
    expect((await confirm(b, lender)).status).toBe(303)
    expect(await statusOf(changeIdOf(lender))).toBe('bound')
    const after = (await storedDoc(MARIA)).mortgagees as { name: string }[]
    expect(after.map((m) => m.name)).toEqual([before[0]!.name, 'Side By Side Credit'])
  })
})
