import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { addBusinessDays, addCalendarDays } from '../../shared/business-days'
import { formatDate } from '../../shared/format'
import { homeownersClaimOf, us } from '../support/claim-submission'
import type { Page, APIRequestContext } from '@playwright/test'

/**
 * Issue 33 item 3 end to end at 375 px (decision 212): a Florida and a Texas claim reported through /v1,
 * events pushed from the claims stand-in, and the claim page's Deadlines section: each date, whether it
 * was done in time, said in words, and the section of law. No script is needed for any of it.
 */
// noor's home (FL): maria's condo is the servicing pages' policy without claims, and her Account Home a screenshot.
const FLORIDA = policyTagged('claims.paired-home') // noor, HOM4070001 (FL)
const TEXAS = policyTagged('claims.mitigation-window') // sam's HO5, TX

test.setTimeout(120_000)
test.use({ viewport: { width: 375, height: 800 } })

async function reportClaim(page: Page, request: APIRequestContext, tagged: typeof FLORIDA, state: string): Promise<string> {
  await openPolicy(page, tagged.owner, tagged.policyId)
  const headers = { Origin: new URL(page.url()).origin }
  const login = await request.post('/v1/profile/login/', { data: { userName: tagged.owner.userName, password: tagged.owner.password }, headers })
  expect(login.status()).toBe(200)
  const { accountToken } = (await login.json()) as { accountToken: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${tagged.policyId}`, {
    headers: { ...headers, Authorization: `Bearer ${accountToken}`, 'Idempotency-Key': `e2e-claim-deadlines-${state}-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaimOf(tagged.policyId, us(localDate(Date.now() - 86_400_000, state)))), fileIds: [] },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  return claimNumber
}

async function push(page: Page, claimNumber: string, event: unknown) {
  const pushed = await page.request.post(`/__dev/claims-system/claims/${claimNumber}/events`, { data: event, headers: { Origin: new URL(page.url()).origin } })
  expect(await pushed.json()).toMatchObject({ delivered: true, status: 200 })
}

test("a Florida claim's deadlines: acknowledged in time, the Bill of Rights and pay-or-deny still to come", async ({ page, request }) => {
  const claimNumber = await reportClaim(page, request, FLORIDA, 'FL')
  await push(page, claimNumber, { type: 'claim.accepted', data: {} })
  await page.goto(`/claims-history/${claimNumber}`)
  const today = localDate(Date.now(), 'FL')
  const deadlines = page.getByRole('region', { name: 'Deadlines' })
  const lines = deadlines.getByRole('listitem')
  await expect(lines).toHaveCount(3)
  await expect(lines.nth(0)).toContainText(`Acknowledge your claim Due by ${formatDate(addCalendarDays(today, 7))}: Done in time, on ${formatDate(today)}.`)
  await expect(lines.nth(0)).toContainText('Fla. Stat. 627.70131(1)(a)')
  await expect(lines.nth(1)).toContainText(
    `Send you the Homeowner Claims Bill of Rights Due by ${formatDate(addCalendarDays(today, 14))}: Not done yet (14 days left).`,
  )
  await expect(lines.nth(2)).toContainText(`Pay or deny your claim Due by ${formatDate(addCalendarDays(today, 60))}`)
  await expect(deadlines).not.toContainText('Missed')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page with Florida deadlines (375 px)')
})

test("a Texas claim's deadlines: 15 business days once all items are in, moved 45 days by a letter asking for more time", async ({ page, request }) => {
  const claimNumber = await reportClaim(page, request, TEXAS, 'TX')
  await push(page, claimNumber, { type: 'claim.accepted', data: {} })
  await page.goto(`/claims-history/${claimNumber}`)
  const deadlines = page.getByRole('region', { name: 'Deadlines' })
  const lines = deadlines.getByRole('listitem')
  await expect(lines).toHaveCount(3)
  await expect(lines.nth(1)).toContainText('Accept or reject your claim in writing No date yet: it starts when the claims team has every item it asked for.')

  await push(page, claimNumber, { type: 'proof.complete', data: {} })
  await page.goto(`/claims-history/${claimNumber}`)
  const today = localDate(Date.now(), 'TX')
  await expect(lines.nth(1)).toContainText(`Due by ${formatDate(addBusinessDays(today, 15))}: Not done yet`)
  await expect(lines.nth(1)).toContainText('15 business days (not weekends or federal holidays); Tex. Ins. Code 542.056(a), (d)')

  await push(page, claimNumber, { type: 'letter.sent', data: { letter: 'more-time-needed' } })
  await page.goto(`/claims-history/${claimNumber}`)
  await expect(lines.nth(1)).toContainText(
    `Due by ${formatDate(addCalendarDays(today, 45))} (moved from ${formatDate(addBusinessDays(today, 15))} by a letter asking for more time)`,
  )
  await expect(page.getByRole('main')).toContainText('The claims team wrote that it needs more time to decide')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page with Texas deadlines (375 px)')
})
