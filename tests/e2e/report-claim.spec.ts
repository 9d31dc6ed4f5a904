import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { pngPhoto } from '../support/image-files'

/**
 * Issue 10 end to end in Chromium: a homeowners claim (a draft surviving a reload, weather, cause,
 * mitigation, a National Vendor, a photo) reaching a claim number and Claims History, and a flood claim;
 * the modals and the submit by keyboard; axe at 1280 and 375 px.
 */

const HOME = policyTagged('claims.mitigation-window') // sam, HOM4020001 (TX)
const FLOOD = policyTagged('claims.flood-open') // erin, FLD4040005 (FL)
/** A real PNG: an image and only an image (decision 204). */
const PNG = Buffer.from(pngPhoto())

test.setTimeout(120_000)

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const draftSaved = (page: Page) => page.waitForResponse((r) => r.url().includes('/ClaimDraft/') && r.request().method() === 'PUT' && r.status() === 200)

async function openForm(page: Page, firstField: string): Promise<void> {
  await page.goto('/report-claim')
  await expect(page.getByRole('heading', { level: 1, name: 'Report a Claim' })).toBeVisible()
  await expect(page.getByLabel(firstField, { exact: true })).toBeVisible() // the island has hydrated
}

/** Presses Report Claim and Confirm with the keyboard; answers the system message page. */
async function reportByKeyboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Report Claim' }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).focus()
  await page.keyboard.press('Enter')
  // The worker renders the PDF copy before it answers: on a busy machine that takes a few seconds.
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
}

test('a homeowners claim end to end: draft kept over a reload, mitigation, a vendor, a photo, then Claims History', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  await openForm(page, 'Brief description of Loss/Damages *')
  await expectNoAxeViolations(page, 'Report a Claim, homeowners (1280 px)')

  const saved = draftSaved(page)
  await page.getByLabel('Brief description of Loss/Damages *').fill('A pipe burst under the kitchen sink.')
  await saved
  await page.reload()
  const resume = page.getByRole('button', { name: 'Continue your claim' })
  await resume.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Brief description of Loss/Damages *')).toHaveValue('A pipe burst under the kitchen sink.')

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
  await region(page, 'Emergency mitigation may be available').getByLabel('Yes, request Water Mitigation').check()

  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('Yes')
    .focus()
  await page.keyboard.press('Space')
  const vendor = page.getByRole('dialog', { name: 'Please Select An Option.' })
  await expect(vendor).toBeVisible()
  await vendor.getByRole('button', { name: 'Confirm' }).focus()
  await page.keyboard.press('Enter')
  await expect(vendor).toBeHidden()
  // The banner's Water Mitigation is one of the vendor's services already (issue 35: asked once).
  await expect(page.getByRole('group', { name: /Emergency services needed/ }).getByLabel('Water Mitigation (requested above)')).toBeChecked()

  await page.getByLabel('Add photos or files').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('button', { name: 'Remove kitchen.png' })).toBeVisible()
  // As a person would: the file's own line says when it has arrived.
  await expect(page.getByRole('listitem').filter({ hasText: 'kitchen.png' })).toContainText('Uploaded')

  await reportByKeyboard(page)
  const message = page.getByRole('main')
  await expect(message).toContainText(/Your claim number is HO-\d{4}-\d{6}\./)
  await expect(message).toContainText('We received your file: kitchen.png.')
  const claimNumber = /HO-\d{4}-\d{6}/.exec((await message.textContent()) ?? '')![0]

  await page.goto('/claims-history')
  await expect(page.getByRole('row', { name: new RegExp(`${claimNumber}.*Water Damage.*Reported`) })).toBeVisible()

  // The claim took its draft with it.
  await openForm(page, 'Brief description of Loss/Damages *')
  await expect(page.getByRole('button', { name: 'Continue your claim' })).toHaveCount(0)
})

test('a flood claim on a phone: prefilled but for the date and time of loss, reported by keyboard, an FL claim number', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, FLOOD.owner, FLOOD.policyId)
  await openForm(page, 'Brief Description of the Loss / Damages *')
  await expectNoAxeViolations(page, 'Report a Claim, flood (375 px)')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  await expect(region(page, 'Insured Information').getByLabel('First Name')).toHaveValue('Erin')
  // Issue 35 item 2: the date and time of loss start empty and are the person's to give.
  await expect(page.getByLabel('Date of Loss *')).toHaveValue('')
  await expect(page.getByLabel('Time of Loss *')).toHaveValue('')
  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'FL'))
  await page.getByLabel('Time of Loss *').fill('14:05')
  await page.getByLabel('Brief Description of the Loss / Damages *').fill('Water came in under the doors.')
  const reporter = region(page, 'Reported By')
  await reporter.getByLabel('Reported By *').fill('Erin Castellano')
  await reporter.getByLabel('Phone Number *').fill('9195550164')
  await page.keyboard.press('Tab')
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('No')
    .check()
  await reportByKeyboard(page)
  await expect(page.getByRole('main')).toContainText(/Your claim number is FL-\d{4}-\d{6}\./)
})
