import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { floodClaimOf, us } from '../support/claim-submission'
import { pngPhoto } from '../support/image-files'
import { ADVANCE_TEXT } from '../../shared/claims/advance/advance-limits'

/**
 * Issue 33 item 2 end to end in Chromium at 375 px (decision 211): a flood claim reported and delivered to
 * the claims stand-in; the policyholder asks for an advance with a photo from the claim page, the stand-in
 * holds the request with the photo, answers it from its page, and the claim page shows the answer.
 * Without script the same form asks, and an amount over the limit is told why.
 */
// A flood policy of its own: a policy takes 5 claims an hour (decision 164), and erin's are the report's
// and the lost replies' journeys.
const FLOOD = policyTagged('claims.paired-flood') // noor, FLD4070002 (FL)
const PNG = Buffer.from(pngPhoto())

test.setTimeout(180_000)

/** A flood claim reported through /v1 and delivered to the claims stand-in by the scheduled work. */
async function deliveredFloodClaim(page: Page, request: APIRequestContext): Promise<string> {
  const origin = new URL(page.url()).origin
  const headers = { Origin: origin }
  const login = await request.post('/v1/profile/login/', { data: { userName: FLOOD.owner.userName, password: FLOOD.owner.password }, headers })
  const { accountToken } = (await login.json()) as { accountToken: string }
  const submission = floodClaimOf(FLOOD.policyId, `${us(localDate(Date.now() - 2 * 86_400_000, 'FL'))} 02:05:00 PM`)
  const report = await request.post(`/v1/flood/FirstNoticeOfLoss/${FLOOD.policyId}`, {
    headers: { ...headers, Authorization: `Bearer ${accountToken}`, 'Idempotency-Key': `e2e-adv-${Date.now()}-${Math.random()}` },
    data: { claimSubmission: JSON.stringify(submission), fileIds: [] },
  })
  expect(report.status(), await report.text()).toBe(200)
  const claimNumber = /FL-\d{4}-\d{6}/.exec(await report.text())![0]
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  return claimNumber
}

interface HeldAdvance {
  claimNumber: string
  requestId: string
  amountCents: number
  detail: { documents?: { name: string }[] }
}
async function advancesAtStandIn(page: Page, claimNumber: string): Promise<HeldAdvance[]> {
  const held = (await (await page.request.get('/__dev/claims-system/advances')).json()) as { advances: HeldAdvance[] }
  return held.advances.filter((a) => a.claimNumber === claimNumber)
}

test('request a flood advance with a photo; the claims system gets it and its answer shows on the claim page (375 px)', async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, FLOOD.owner, FLOOD.policyId)
  const claimNumber = await deliveredFloodClaim(page, request)

  await page.goto(`/claims-history/${claimNumber}`)
  const section = page.getByRole('region', { name: 'Advance payments' })
  await expect(section).toContainText(ADVANCE_TEXT.deducted)
  await section.getByLabel('Amount (in dollars)').fill('8,000')
  await section.getByLabel('A photo of the damage').check()
  await section.getByLabel('Document (optional)').setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: PNG })
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page with the advance form (375 px)')
  await section.getByRole('button', { name: 'Request an advance payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}\\?sent=advance$`))
  await expect(section.getByRole('status')).toContainText('on its way to the claims team')
  await expect(section).toContainText('$8,000.00 asked with 1 document')
  await expect(page.locator('#documents-sent')).toContainText('living-room.png')

  // The claims stand-in holds it once, with the photo (delivered by the outbox's drain).
  await expect
    .poll(async () => {
      await page.request.post('/__dev/scheduled', { headers: { Origin: new URL(page.url()).origin } })
      return (await advancesAtStandIn(page, claimNumber)).map((a) => `${a.amountCents}:${a.detail.documents?.map((d) => d.name).join(',')}`)
    })
    .toEqual(['800000:living-room.png'])

  // The claims team approves it from the stand-in's page: a signed advance.updated event.
  const team = await browser.newPage()
  await team.goto(new URL('/__dev/claims-system', page.url()).toString())
  const form = team.getByRole('group', { name: `Advance $8,000.00 on ${claimNumber}` })
  await form.getByLabel('Answer').selectOption('approved')
  await form.getByLabel('Amount in dollars (approved, paid)').fill('8000')
  await form.getByRole('button', { name: /Send answer/ }).click()
  await expect(team.getByRole('status')).toHaveText('Sent. The portal answered HTTP 200.')
  await team.close()

  await page.reload()
  await expect(page.getByRole('region', { name: 'Advance payments' })).toContainText('Approved: $8,000.00')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form asks for an advance; over the limit without documents is told why (375 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await openPolicy(page, FLOOD.owner, FLOOD.policyId)
    const claimNumber = await deliveredFloodClaim(page, request)
    await page.goto(`/claims-history/${claimNumber}`)
    const section = page.getByRole('region', { name: 'Advance payments' })
    await section.getByLabel('Amount (in dollars)').fill('6000')
    await section.getByRole('button', { name: 'Request an advance payment' }).click()
    await expect(page.getByRole('alert')).toContainText(ADVANCE_TEXT.overWithoutDocuments)

    await section.getByLabel('Amount (in dollars)').fill('3000')
    await section.getByRole('button', { name: 'Request an advance payment' }).click()
    await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}\\?sent=advance$`))
    await expect(section).toContainText('$3,000.00 asked without documents')
    await expect(section).toContainText('Requested: on its way to the claims team')
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await expect
      .poll(async () => {
        await page.request.post('/__dev/scheduled', { headers: { Origin: new URL(page.url()).origin } })
        return (await advancesAtStandIn(page, claimNumber)).map((a) => a.amountCents)
      })
      .toEqual([300000])
  })
})
