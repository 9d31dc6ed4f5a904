import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'

/**
 * Issue 35, Report a Claim on a phone (375 px): the phone and email on file one tap away, no payment box
 * above the form, the National Vendor question before the company fields (which open only when a
 * company already came), a mitigation requested in the banner not asked again, and the page's height.
 */

const HOME = policyTagged('claims.mitigation-window') // sam, HOM4020001 (TX), an amount due

const pageHeight = (page: Page) => page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollHeight)
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('Report a Claim at 375 px: contact on file offered, vendor first, company only when it came, tarping and the like asked once', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  await expect(page.getByRole('complementary', { name: 'Payment due' })).toBeVisible() // the policy has an amount due...
  await page.goto('/report-claim')
  await expect(page.getByLabel('Brief description of Loss/Damages *')).toBeVisible()
  // ...but no payment box and no 'Make a Payment' sit above the claim form.
  await expect(page.getByRole('complementary', { name: 'Payment due' })).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('link', { name: 'Make a Payment' })).toHaveCount(0)
  const opened = await pageHeight(page)

  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'TX'))
  await page.keyboard.press('Tab')
  await page
    .getByRole('radiogroup', { name: /Weather Related Event/ })
    .getByLabel('No')
    .check()
  await page.getByLabel('Cause of Loss *').selectOption('Water Damage')
  await page.getByLabel('Detailed Cause of Loss *').selectOption('101')
  const full = await pageHeight(page)

  // TX's fraud warning comes as Times New Roman: it keeps the page's own (sans-serif) font, and its size.
  const fraud = page.locator('.claim-fraud')
  await expect(fraud).toBeVisible()
  const [fraudFont, bodyFont, fraudSize] = await fraud.evaluate((el) => [
    getComputedStyle(el).fontFamily,
    getComputedStyle(document.body).fontFamily,
    getComputedStyle(el).fontSize,
  ])
  expect(fraudFont).toBe(bodyFont)
  expect(fraudFont).not.toMatch(/Times/i)
  expect(fraudSize).toBe('17.3333px') // 13pt, as the data says

  // The phone and email on file: one tap each, and the fields stay editable.
  const insured = region(page, 'Insured Information')
  const usePhone = insured.getByRole('button', { name: /^Use \d{3}-\d{3}-\d{4}, the phone on file$/ })
  const phone = /Use (\d{3}-\d{3}-\d{4})/.exec((await usePhone.textContent()) ?? '')![1]!
  await usePhone.click()
  await expect(insured.getByLabel('Home Phone')).toHaveValue(phone)
  await expect(usePhone).toHaveCount(0)
  await insured.getByLabel('Preferred Contact Number *').selectOption('1')
  const useEmail = insured.getByRole('button', { name: /^Use .+@.+, the email on file$/ })
  const email = /^Use (.+), the email on file$/.exec((await useEmail.textContent()) ?? '')![1]!
  await useEmail.click()
  await expect(insured.getByLabel('Email *', { exact: true })).toHaveValue(email)
  await expect(insured.getByLabel('Confirm Email *')).toHaveValue(email)
  await insured.getByLabel('Email *', { exact: true }).fill('sam.new@example.com')
  await expect(insured.getByLabel('Email *', { exact: true })).toHaveValue('sam.new@example.com')
  await insured.getByLabel('Confirm Email *').fill('sam.new@example.com')

  // Emergency Repairs: the vendor question first; the company's fields only once a company came.
  const repairs = region(page, 'Emergency Repairs')
  const vendorQuestion = repairs.getByRole('radiogroup', { name: /National Vendor/ })
  await expect(repairs.getByLabel('Company Name')).toHaveCount(0)
  const came = repairs.getByLabel('A company has already made emergency repairs')
  await came.check()
  const [question, company] = await Promise.all([vendorQuestion.boundingBox(), repairs.getByLabel('Company Name').boundingBox()])
  expect(company!.y).toBeGreaterThan(question!.y)
  await repairs.getByLabel('Company Name').fill('Quick Dry')
  await came.uncheck()
  await expect(repairs.getByLabel('Company Name')).toHaveCount(0)
  await came.check()
  await expect(repairs.getByLabel('Company Name')).toHaveValue('') // unticked: nothing half-typed stays behind
  await came.uncheck()

  // The banner's request is the vendor's Water Mitigation: shown as requested, not asked again.
  await page.getByLabel('The loss location is the same as the insured location').check()
  await region(page, 'Emergency mitigation may be available').getByLabel('Yes, request Water Mitigation').check()
  await vendorQuestion.getByLabel('Yes').check()
  const vendor = page.getByRole('dialog', { name: 'Please Select An Option.' })
  await vendor.getByRole('button', { name: 'Confirm' }).click()
  const services = repairs.getByRole('group', { name: /Emergency services needed/ })
  await expect(services.getByLabel('Water Mitigation (requested above)')).toBeChecked()
  await expect(services.getByLabel('Water Mitigation (requested above)')).toBeDisabled()
  await expect(services.getByLabel('Water Mitigation', { exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page, 'Report a Claim, homeowners (375 px)')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expect(repairs).toHaveScreenshot('emergency-repairs-375.png', { maxDiffPixelRatio: 0.01, animations: 'disabled' })

  console.log(`Report a Claim at 375 px (HOM4020001): page height as opened ${opened} px, with the loss facts chosen ${full} px`)
})
