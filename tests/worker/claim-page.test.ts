import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { mainOf, page, policyTagged, text, withPolicy } from './servicing-helpers'
import { ADJUSTER, pushEvent, seedClaim } from './claim-page-support'
import { localDate } from '../../shared/clock'
import { daysLeft, proofOfLossDueDate } from '../../shared/claims/flood-deadlines'
import { formatDate } from '../../shared/format'

/**
 * Issue 19 item 3 (and 7's deadline on the page): the policyholder's claim page at
 * /claims-history/{claimNumber}, its link from Claims History and its line on Account Home. Dates are
 * on the policyholder's clock (the policy's state); another person's claim is the 404 page.
 */
beforeAll(() => seed(), 120_000)

const SAM_HOME = policyTagged('claims.mitigation-window').policyId // sam.single, TX (America/Chicago)
const ERIN_FLOOD = policyTagged('claims.flood-open').policyId // erin.edge, FL (America/New_York)

/** A claim with its whole life so far, on sam's policy. */
async function claimWithHistory(): Promise<string> {
  // Reported 2026-03-01 05:00 UTC = 2026-02-28 23:00 in Texas.
  const n = await seedClaim({ policyId: SAM_HOME, createdAt: Date.UTC(2026, 2, 1, 5), files: [{ name: 'kitchen.png', bytes: 2048 }] })
  expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'CC-2026-0042' }, { occurredAt: '2026-03-02T15:00:00Z' })).toBe(200)
  expect(await pushEvent(n, 2, 'adjuster.assigned', { adjuster: ADJUSTER }, { occurredAt: '2026-03-03T02:00:00Z' })).toBe(200) // 03-02 in Texas
  expect(await pushEvent(n, 3, 'documents.requested', { items: ['Plumber invoice', 'Photos of the ceiling'] }, { occurredAt: '2026-03-04T16:00:00Z' })).toBe(
    200,
  )
  expect(await pushEvent(n, 4, 'payment.issued', { amountCents: 125_000, method: 'check' }, { occurredAt: '2026-03-06T16:00:00Z' })).toBe(200)
  return n
}

describe('the claim page', () => {
  it("shows the numbers, the status, what happens next, the adjuster, the timeline on the policyholder's clock, the request, payments and files", async () => {
    const n = await claimWithHistory()
    const { status, html } = await page(SAM_HOME, `/claims-history/${n}`)
    expect(status).toBe(200)
    expect(html).toContain(`<title>Claim ${n} - ProgHome</title>`)
    const main = mainOf(html)
    const t = text(main)
    expect(main).toMatch(new RegExp(`<h1[^>]*>Claim ${n}</h1>`))
    expect(t).toContain(`Claim number ${n}`)
    expect(t).toContain("Claims team's claim number CC-2026-0042")
    expect(t).toContain('When you call us at 1-800-555-0199 , quote claim number CC-2026-0042 .')
    expect(t).toContain('Status Payment issued')
    expect(t).toContain('What happens next A payment has been issued (see Payments). Your adjuster will tell you if more payments will follow.')
    expect(t).toContain('Your adjuster Dana Whitaker')
    expect(main).toContain('<a class="tel" href="tel:5125550142">512-555-0142</a>')
    expect(main).toContain('<a href="mailto:dana.whitaker@carrier.example">dana.whitaker@carrier.example</a>')
    // One checklist line per document asked for, its state in words (decision 207).
    expect(t).toContain('Documents requested Plumber invoice Requested Asked on 03/04/2026 Photos of the ceiling Requested Asked on 03/04/2026')
    const timeline = text(/<ol class="claim-page__timeline">[\s\S]*?<\/ol>/.exec(main)![0])
    expect(timeline).toBe(
      [
        '02/28/2026 : You reported the claim',
        '02/28/2026 : Received by the claims team',
        '03/02/2026 : Accepted by the claims team (their claim number CC-2026-0042)',
        '03/02/2026 : Adjuster assigned: Dana Whitaker',
        '03/04/2026 : Documents requested (2)',
        '03/06/2026 : Payment issued: $1,250.00 by check',
      ].join(' '),
    )
    expect(t).toContain('Payments 03/06/2026 : $1,250.00 by check')
    expect(t).toContain('Documents sent kitchen.png (2 KB)')
    expect(t).not.toContain('Proof of loss') // not a flood claim
  })

  it('works without JavaScript: everything is in the served HTML; the one island, the conversation, is a plain form too', async () => {
    const n = await claimWithHistory()
    const { html } = await page(SAM_HOME, `/claims-history/${n}`)
    const main = mainOf(html)
    // Decision 208: the conversation with the claims team is an island whose server markup is its list and a form posting to the page.
    expect(main.match(/<app-island data-island="[^"]+"/g)).toEqual(['<app-island data-island="claim-conversation"'])
    expect(main.match(/<script[^>]*>/g)).toEqual(['<script type="application/json" data-island-props="i1">'])
    expect(main).toMatch(/<form[^>]*action="\/claims-history\/send-message\?claim=/)
    expect(text(main)).toContain('Dana Whitaker')
  })

  it('a claim just reported: its own number to quote, no adjuster yet, nothing paid, no documents', async () => {
    const n = await seedClaim({ policyId: SAM_HOME, sentAt: null })
    const t = text(mainOf((await page(SAM_HOME, `/claims-history/${n}`)).html))
    expect(t).toContain(`quote claim number ${n} .`)
    expect(t).not.toContain("Claims team's claim number")
    expect(t).toContain('Status Reported')
    expect(t).not.toContain('Your adjuster')
    expect(t).toContain('No payments have been issued on this claim yet.')
    expect(t).toContain('No documents have been sent with this claim yet.')
  })

  it('a closed claim says so and no longer lists the documents asked for as needed', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice'] })
    await pushEvent(n, 2, 'claim.closed', { reason: 'Paid in full' })
    const t = text(mainOf((await page(SAM_HOME, `/claims-history/${n}`)).html))
    expect(t).toContain('Status Closed')
    expect(t).toContain('Closed: Paid in full')
    expect(t).not.toContain('Asked on')
  })

  it("another person's claim, an unknown number and a malformed one are the 404 page", async () => {
    const erins = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    for (const path of [`/claims-history/${erins}`, '/claims-history/HO-2098-999999x', '/claims-history/HO-1999-000000']) {
      const { status, html } = await page(SAM_HOME, path)
      expect(status, path).toBe(404)
      expect(html).toContain('Page Not Found')
      expect(html).not.toContain(erins)
    }
  })

  it('a flood claim once accepted shows the Proof of Loss due date, the days left, what it is and that it can be extended; not before, not once closed', async () => {
    const lossDate = localDate(Date.now() - 10 * 86_400_000, 'FL')
    const n = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood', lossDate })
    const before = text(mainOf((await page(ERIN_FLOOD, `/claims-history/${n}`)).html))
    expect(before).not.toContain('Proof of loss')

    await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'CC-FL-7' })
    const due = proofOfLossDueDate(lossDate)
    const { html } = await page(ERIN_FLOOD, `/claims-history/${n}`)
    const left = daysLeft(due, localDate(Date.now(), 'FL'))
    const t = text(mainOf(html))
    expect(t).toContain(`Proof of loss due by ${formatDate(due)} (${left} days left)`)
    expect(t).toContain('A proof of loss is your signed and sworn statement of the amount you are claiming under your flood policy.')
    expect(t).toContain('The insurer can extend this deadline in writing.')
    expect(t).toContain(`Proof of loss due by: ${formatDate(due)}`) // what happens next, by when

    await pushEvent(n, 2, 'claim.closed', { reason: 'Paid' })
    expect(text(mainOf((await page(ERIN_FLOOD, `/claims-history/${n}`)).html))).not.toContain('Proof of loss')
  })
})

describe('Claims History links every claim to its page', () => {
  it('links a claim with a row to its page, and the policy record’s claims too (issue 32: every claim has a page)', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    const main = mainOf((await page(SAM_HOME, '/claims-history')).html)
    expect(main).toContain(`<a href="/claims-history/${n}">${n}</a>`)
    const doc = await env.DB.prepare("SELECT json_extract(doc, '$.claims') AS claims FROM policies WHERE policy_id = ?")
      .bind(SAM_HOME)
      .first<{ claims: string }>()
    for (const c of JSON.parse(doc!.claims ?? '[]') as { claimID: string }[]) {
      expect(main).toContain(`<a href="/claims-history/${c.claimID}">${c.claimID}</a>`)
    }
  })
})

describe('Account Home shows an open claim on its policy card', () => {
  it("one line per open claim, 'Claim {n}: {status}', that opens the policy and the claim's page", async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    await pushEvent(n, 1, 'adjuster.assigned', { adjuster: ADJUSTER })
    const closed = await seedClaim({ policyId: SAM_HOME })
    await pushEvent(closed, 1, 'claim.closed', { reason: 'Withdrawn' })
    const b = await withPolicy(SAM_HOME)
    const home = await (await b.fetch('/account-home')).text()
    const t = text(mainOf(home))
    expect(t).toContain(`Claim ${n}: Adjuster assigned`)
    expect(t).not.toContain(closed)
    expect(home).toMatch(new RegExp(`name="policyId" value="${SAM_HOME}"/><input type="hidden" name="claimNumber" value="${n}"/>`))

    const open = await b.form('/account-home', { policyId: SAM_HOME, claimNumber: n })
    expect(open.status).toBe(303)
    expect(open.headers.get('Location')).toBe(`/claims-history/${n}`)
    expect(text(mainOf(await (await b.fetch(`/claims-history/${n}`)).text()))).toContain('Status Adjuster assigned')
  })
})

describe('the emergency vendor on the claim page (issue 19 item 6)', () => {
  it('shows the accepting vendor with a tap-to-call number; nothing when no vendor was asked for', async () => {
    const without = await seedClaim({ policyId: SAM_HOME, createdAt: Date.UTC(2026, 2, 1, 5), files: [] })
    expect(text(mainOf((await page(SAM_HOME, `/claims-history/${without}`)).html))).not.toContain('Emergency repairs')

    const n = await seedClaim({ policyId: SAM_HOME, createdAt: Date.UTC(2026, 2, 1, 5), files: [] })
    await env.DB.prepare(
      "INSERT INTO vendor_dispatches (claim_number, status, company, phone, expected_arrival, requested_at, accepted_at) VALUES (?, 'accepted', 'Rapid Dry Restoration', '512-555-0188', ?, ?, ?)",
    )
      .bind(n, Date.UTC(2026, 2, 1, 9), Date.UTC(2026, 2, 1, 5), Date.UTC(2026, 2, 1, 6))
      .run()
    const main = mainOf((await page(SAM_HOME, `/claims-history/${n}`)).html)
    expect(text(main)).toContain('Emergency repairs')
    expect(text(main)).toContain('Rapid Dry Restoration')
    expect(main).toMatch(/href="tel:5125550188"/)
  })
})
