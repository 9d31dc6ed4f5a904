import { readFile } from 'node:fs/promises'
import { expect, test, expectNoAxeViolations } from './fixtures'
import { openTagged } from './servicing-helpers'
import { fillBilling, fillCard } from './payment-form'

/**
 * Make a Payment end to end (issue 11) against `npm start` and its payment sandbox: a card payment
 * approved (success page, receipt link, history, payment-due box), a check payment done with the
 * keyboard only, a declined card, and the flood splash; axe clean at 375 and 1280 px.
 */

test('pay by card: success with the confirmation number and the receipt; the history and the due box show it at once', async ({ page }) => {
  // A policy no other spec pays: paying changes its history and its payment-due box for the rest of the run.
  await openTagged(page, 'policy.past-due')
  // Before the payment (issue 21 item 3), at 375 px: the part of the Amount Due that is past due says so.
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/policy-information')
  const box = page.getByRole('complementary', { name: 'Payment due' })
  await expect(box).toContainText('Includes $120.00 past due.')
  await expect(box).toHaveScreenshot('past-due-box-375.png', { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' })

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/make-payment')
  await expect(page.getByRole('tab', { name: 'Credit Card' })).toHaveAttribute('aria-selected', 'true')
  await expectNoAxeViolations(page, 'make-payment 1280')
  await page.getByLabel('Payment Amount *').fill('184.50')
  await fillCard(page, '4111 1111 1111 1111')
  await fillBilling(page)
  await page.getByRole('button', { name: 'Submit Payment' }).click()

  await expect(page).toHaveURL(/\/system-message$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(
    /Your payment of \$184\.50 on policy BLD4050001 was approved\. Your confirmation number is P[0-9A-Z]{10}\./,
  )
  const receipt = page.getByRole('link', { name: 'Download your receipt (PDF)' })
  const href = await receipt.getAttribute('href')
  expect(href).toMatch(/^\/v1\/common\/PaymentReceipt\/P[0-9A-Z]{10}$/)
  // Clicked as a person would (issue 21 item 6: the system message's exit rule used to answer it with 204).
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(page).toHaveURL(/\/system-message$/)
  await expectNoAxeViolations(page, 'payment success 1280')

  await page.goto('/payment-history')
  await expect(page.getByRole('main')).toContainText('Online Payment - Credit Card')
  await expect(page.getByText('Thank you for your recent payment of')).toBeVisible()
})

test('pay by check with the keyboard only (tabs by arrow keys, the authorization checkbox by Space)', async ({ page }) => {
  await openTagged(page, 'policy.eft')
  await page.goto('/make-payment')
  const amount = page.getByLabel('Payment Amount *')
  await amount.focus()
  await amount.fill('120.00')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('tab', { name: 'Credit Card' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  const checkTab = page.getByRole('tab', { name: 'Check' })
  await expect(checkTab).toBeFocused()
  await expect(checkTab).toHaveAttribute('aria-selected', 'true')

  const typeInto = async (label: string, text: string) => {
    await page.keyboard.press('Tab')
    await expect(page.getByLabel(label)).toBeFocused()
    await page.keyboard.type(text)
  }
  await typeInto('Routing Number *', '021000021')
  await typeInto('Check Number *', '1001')
  await typeInto('Account Number *', '000123456789')
  await typeInto('Name on Account *', 'Sam Single')
  await typeInto('Billing Address *', '2 Oak Ave')
  await typeInto('Billing City *', 'Austin')
  await typeInto('Billing State *', 'Texas')
  await expect(page.getByLabel('Billing State *')).toHaveValue('TX')
  await typeInto('Billing Zip Code *', '78701')
  // 'Save this account for later' (issue 22) comes before the authorization; left unticked.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: /Save this/ })).toBeFocused()
  await page.keyboard.press('Tab')
  const agree = page.getByRole('checkbox', { name: /I agree to this authorization/ })
  await expect(agree).toBeFocused()
  await expect(page.getByText(/from my bank account ending in 6789/)).toBeVisible()
  await page.keyboard.press('Space')
  await expect(agree).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Submit Payment' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/system-message$/)
  await expect(page.getByRole('status')).toContainText('Your payment of $120.00 on policy HOM4020001 was approved.')
})

test("a declined card: the spec's error heading with the reason, on the form's page (decision 222)", async ({ page }) => {
  await openTagged(page, 'policy.past-due')
  await page.goto('/make-payment')
  await fillCard(page, '4000 0000 0000 0002')
  await fillBilling(page)
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page).toHaveURL(/\/make-payment$/)
  await expect(page.getByRole('heading', { level: 1, name: 'An unexpected error has occurred.' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Your payment was declined, and no payment was made.')
})

test("the flood splash: 'We're Sorry' with the support line to call, axe clean on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openTagged(page, 'policy.flood-payments-disabled')
  await page.goto('/make-payment')
  await expect(page.getByRole('heading', { name: "We're Sorry" })).toBeVisible()
  // Exactly: the payment-due box says it too, with the support line (decision 222).
  await expect(page.getByText('Online payments are not supported at this time.', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/)
  await expectNoAxeViolations(page, 'flood splash 375')
})

test('the payment form is axe clean on a phone (375 px), both tabs', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openTagged(page, 'policy.recent-payment')
  await page.goto('/make-payment')
  await expectNoAxeViolations(page, 'make-payment card 375')
  await page.getByRole('tab', { name: 'Check' }).click()
  await expectNoAxeViolations(page, 'make-payment check 375')
})
