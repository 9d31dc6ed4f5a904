import { expect, test } from './fixtures'
import { openTagged } from './servicing-helpers'
import { fillBilling, fillCard } from './payment-form'

/**
 * Issue 21 item 3 and issue 35's payment item where a person sees it (decisions 171, 222), against `npm start`
 * and its sandbox, at 375 px: a declined card says nothing was charged on the form's own page, 'Try another
 * card' is its primary action, and it brings the form back with everything typed, the card too (kept in the
 * island's memory only: nothing in the browser's storage). (A pending payment's pages, from the outcome page
 * to its settling, are in worst-day-states.spec.ts, on a policy no other spec reads.)
 */

test("a declined card: nothing charged, and 'Try another card' first brings back the card typed", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openTagged(page, 'policy.past-due')
  await page.goto('/make-payment')
  await page.getByLabel('Payment Amount *').fill('190.00')
  await fillCard(page, '4000 0000 0000 0002')
  const expYear = await page.getByLabel('Expiration Year *').inputValue()
  await fillBilling(page)
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'An unexpected error has occurred.' })).toBeFocused()
  await expect(page).toHaveURL(/\/make-payment$/)
  await expect(page.getByRole('alert')).toContainText('Your payment was declined, and no payment was made. ')
  await expect(page.getByRole('alert')).toContainText('Nothing was charged.')
  const tryAgain = page.getByRole('button', { name: 'Try another card' })
  await expect(tryAgain).toHaveClass(/btn--primary/)
  await expect(page.getByRole('link', { name: 'Return to Summary' })).toHaveClass(/btn--secondary/)
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0)

  await tryAgain.click()
  await expect(page.getByLabel('Credit Card Number *')).toBeFocused()
  await expect(page.getByLabel('Credit Card Number *')).toHaveValue('4000 0000 0000 0002')
  await expect(page.getByLabel('Expiration Month *')).toHaveValue('07')
  await expect(page.getByLabel('Expiration Year *')).toHaveValue(expYear)
  await expect(page.getByLabel('CVV *')).toHaveValue('123')
  await expect(page.getByLabel('Name on Account *')).toHaveValue('Casey Whitfield')
  await expect(page.getByLabel('Payment Amount *')).toHaveValue('190.00')
  await expect(page.getByLabel('Billing Address *')).toHaveValue('1 Main St')
  await expect(page.getByLabel('Billing City *')).toHaveValue('Atlanta')
  await expect(page.getByLabel('Billing State *')).toHaveValue('GA')
  await expect(page.getByLabel('Billing Zip Code *')).toHaveValue('30305')
})
