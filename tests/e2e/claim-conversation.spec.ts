import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { homeownersClaimOf, us } from '../support/claim-submission'
import { pngPhoto } from '../support/image-files'
import { CONVERSATION_TEXT } from '../../shared/claims/follow-up/conversation'

/**
 * Issue 32 item 2 end to end in Chromium at 375 px (decision 208): a claim reported and delivered to the
 * claims stand-in; the policyholder writes to the claims team from the claim page, the stand-in holds it
 * as a note; a reply posted from the stand-in's page arrives on the claim page without a reload (the
 * island polls); Account Home tells of a reply not read yet. Without script the plain form sends the
 * message and the page lists the conversation.
 */
// A policy of its own: a policy takes 5 claims an hour (decision 164), and sam's are the report's journeys.
const HOME = policyTagged('policy.national-condo') // casey, NCN4050008
const PNG = Buffer.from(pngPhoto())

test.setTimeout(180_000)

/** A homeowners claim reported through /v1 and delivered to the claims stand-in by the scheduled work. */
async function deliveredClaim(page: Page, request: APIRequestContext): Promise<string> {
  const origin = new URL(page.url()).origin
  const headers = { Origin: origin }
  const login = await request.post('/v1/profile/login/', { data: { userName: HOME.owner.userName, password: HOME.owner.password }, headers })
  const { accountToken } = (await login.json()) as { accountToken: string }
  const auth = { ...headers, Authorization: `Bearer ${accountToken}` }
  const upload = await request.post(`/v1/homeowners/ClaimFile/${HOME.policyId}`, {
    headers: { ...auth, 'Content-Type': 'image/png', 'X-File-Name': 'roof.png', 'Idempotency-Key': `e2e-conv-file-${Date.now()}` },
    data: PNG,
  })
  const { fileId } = (await upload.json()) as { fileId: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${HOME.policyId}`, {
    headers: { ...auth, 'Idempotency-Key': `e2e-conv-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaimOf(HOME.policyId, us(localDate(Date.now() - 2 * 86_400_000, 'TX')))), fileIds: [fileId] },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  return claimNumber
}

async function notesAtStandIn(page: Page, claimNumber: string): Promise<string[]> {
  const held = (await (await page.request.get('/__dev/claims-system/claims')).json()) as { claims: { claimNumber: string; notes: { body: string }[] }[] }
  return held.claims.find((c) => c.claimNumber === claimNumber)?.notes.map((n) => n.body) ?? []
}

test('write to the claims team, and see their reply arrive without reloading (375 px)', async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  const claimNumber = await deliveredClaim(page, request)

  await page.goto(`/claims-history/${claimNumber}`)
  const conversation = page.getByRole('region', { name: CONVERSATION_TEXT.heading })
  await expect(conversation).toContainText(CONVERSATION_TEXT.empty)
  const box = conversation.getByLabel(CONVERSATION_TEXT.label)
  await box.fill('Is the tarp on the roof enough until the adjuster comes?')
  await conversation.getByRole('button', { name: CONVERSATION_TEXT.send }).click()
  await expect(conversation.getByRole('status')).toHaveText(CONVERSATION_TEXT.sent)
  await expect(conversation.getByRole('log')).toContainText('Is the tarp on the roof enough until the adjuster comes?')
  await expect(box).toHaveValue('')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page with the conversation (375 px)')
  // The claims stand-in holds it as a note, once.
  await expect.poll(() => notesAtStandIn(page, claimNumber)).toEqual(['Is the tarp on the roof enough until the adjuster comes?'])

  // The claims team replies from the stand-in's page (a developer, in another browser).
  const team = await browser.newPage()
  await team.goto(new URL('/__dev/claims-system', page.url()).toString())
  const form = team.getByRole('group', { name: `Reply on claim ${claimNumber}` })
  await form.getByLabel("From (the team member's name)").fill('Dana Whitaker')
  await form.getByLabel(`Reply on ${claimNumber}`).fill('Yes, keep the tarp on. I will come on Monday at 9.')
  await form.getByRole('button', { name: /Post reply/ }).click()
  await expect(team.getByRole('status')).toHaveText('Sent. The portal answered HTTP 200.')
  await team.close()

  // The claim page, not reloaded, shows it (the island asks every few seconds while it is visible).
  await page.bringToFront()
  await expect(conversation.getByRole('log')).toContainText('Yes, keep the tarp on. I will come on Monday at 9.', { timeout: 60_000 })
  await expect(conversation.getByRole('log')).toContainText('Dana Whitaker')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form sends the message and the page lists the conversation (375 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await openPolicy(page, HOME.owner, HOME.policyId)
    const claimNumber = await deliveredClaim(page, request)
    await page.goto(`/claims-history/${claimNumber}`)
    const conversation = page.getByRole('region', { name: CONVERSATION_TEXT.heading })
    await conversation.getByLabel(CONVERSATION_TEXT.label).fill('Can I start drying the carpet?')
    await conversation.getByRole('button', { name: CONVERSATION_TEXT.send }).click()
    await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}\\?sent=message$`))
    await expect(conversation).toContainText(CONVERSATION_TEXT.sent)
    await expect(conversation).toContainText('Can I start drying the carpet?')
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

    // An empty message is refused with its reason, on the same page.
    await conversation.getByRole('button', { name: CONVERSATION_TEXT.send }).click()
    await expect(page.getByRole('alert')).toContainText(CONVERSATION_TEXT.required)
  })
})
