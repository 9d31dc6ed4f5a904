import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth, submitLogin } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'

/**
 * Issue 32 items 3 and 6 at 375 px, as a new user would: report a claim asking for a National Vendor,
 * read on the success page what happens next and that the vendor was asked for, open the claim from
 * there; sign out, open the confirmation mail's link from the dev mailbox, sign in and land on the claim.
 */
const HOME = policyTagged('claims.mitigation-window') // sam, HOM4020001 (TX)

test.setTimeout(180_000)

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function check375(page: Page, label: string): Promise<void> {
  expect(await scrollWidth(page), `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, `${label} (375 px)`)
}

async function reportWithVendor(page: Page): Promise<string> {
  await page.goto('/report-claim')
  const description = page.getByLabel('Brief description of Loss/Damages *')
  await expect(description).toBeVisible() // the island has hydrated
  await description.fill('Wind took shingles off the roof; rain is coming in.')
  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'TX'))
  await page.keyboard.press('Tab')
  await page
    .getByRole('radiogroup', { name: /Weather Related Event/ })
    .getByLabel('No')
    .check()
  await page.getByLabel('Cause of Loss *').selectOption('Water Damage')
  await page.getByLabel('Detailed Cause of Loss *').selectOption('101')
  const insured = region(page, 'Insured Information')
  await insured.getByLabel('Mobile Phone').fill('5125550177')
  await page.keyboard.press('Tab')
  await insured.getByLabel('Preferred Contact Number *').selectOption('3')
  await insured.getByLabel('Email *', { exact: true }).fill('sam.single@example.com')
  await insured.getByLabel('Confirm Email *').fill('sam.single@example.com')
  const reporter = region(page, 'Reported By')
  await reporter.getByLabel('Reported By *').fill('Sam Okafor')
  await reporter.getByLabel('Relationship to Insured *').fill('Self')
  await reporter.getByLabel('Phone Number *').fill('5125550177')
  await page.keyboard.press('Tab')
  await page.getByLabel('The loss location is the same as the insured location').check()
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('Yes')
    .check()
  const vendor = page.getByRole('dialog', { name: 'Please Select An Option.' })
  await vendor.getByRole('button', { name: 'Confirm' }).click()
  await expect(vendor).toBeHidden()
  await page
    .getByRole('group', { name: /Emergency services needed/ })
    .getByLabel('Water Mitigation')
    .check()
  await page.getByRole('button', { name: 'Report Claim' }).click()
  const confirm = page.getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  // The worker renders the PDF copy before it answers: on a busy machine that takes a few seconds.
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
  const main = page.getByRole('main')
  await expect(main).toContainText(/Your claim number is HO-\d{4}-\d{6}\./)
  return /HO-\d{4}-\d{6}/.exec((await main.textContent()) ?? '')![0]
}

test('a claim followed from the success page and from its confirmation mail after signing out and in (375 px)', async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  const claimNumber = await reportWithVendor(page)

  // The success page: what happens next, the vendor asked for, and the way to the claim.
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible()
  await expect(main).toContainText('We are sending your claim to our claims team now.')
  await expect(main.getByRole('heading', { level: 2, name: 'Emergency help you asked for' })).toBeVisible()
  await expect(main).toContainText('You asked us to send a National Vendor for: Water Mitigation.')
  await check375(page, 'Report a Claim success')
  await main.getByRole('link', { name: 'See your claim' }).click()
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible()
  await check375(page, 'the claim page, from the success page')

  // Signed out, the confirmation mail's link goes through sign-in and lands on the claim.
  await context.clearCookies()
  const mailbox = await context.newPage()
  const mail = mailbox.getByRole('article').filter({ hasText: `Your ProgHome claim ${claimNumber} has been reported` })
  await expect(async () => {
    await mailbox.goto('/__dev/mailbox')
    await expect(mail).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 60_000 })
  const link = new RegExp(`https?://\\S+/claims/${claimNumber}`).exec((await mail.textContent()) ?? '')?.[0]
  expect(link, 'the confirmation mail carries the claim address').toBeTruthy()
  expect(new URL(link!).origin, 'the link points at the portal (PORTAL_BASE_URL)').toBe(new URL(page.url()).origin)
  await mailbox.close()

  await page.goto(link!)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText(`Sign in to see your claim ${claimNumber}.`)).toBeVisible()
  await check375(page, 'Login, on the way to a claim')
  await submitLogin(page, HOME.owner.userName, HOME.owner.password)
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible()
  await check375(page, 'the claim page, from the mail after sign-in')

  // Claims History links it, and the demo data's claims too.
  await page.goto('/claims-history')
  await expect(page.getByRole('link', { name: claimNumber })).toBeVisible()
})
