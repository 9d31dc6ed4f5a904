import { expect, test } from './fixtures'
import { openTagged } from './servicing-helpers'
import { fillBilling, fillCard } from './payment-form'

/**
 * Issue 21 item 3 where a person sees it (decision 171), against `npm start` and its sandbox: a declined
 * card says nothing was charged, and 'Try another card or account' brings the form back with the amount,
 * name and address kept and the card number and CVV empty. (A pending payment's pages, from the outcome
 * page to its settling, are in worst-day-states.spec.ts, on a policy no other spec reads.)
 */

test("a declined card: nothing charged, and 'Try another card or account' keeps all but the card number and CVV", async ({ page }) => {
  await openTagged(page, 'policy.past-due')
  await page.goto('/make-payment')
  await page.getByLabel('Payment Amount *').fill('190.00')
  await fillCard(page, '4000 0000 0000 0002')
  await fillBilling(page)
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page).toHaveURL(/\/system-message$/)
  await expect(page.getByRole('heading', { level: 1, name: 'An unexpected error has occurred.' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Your payment was declined, and no payment was made. ')
  await expect(page.getByRole('alert')).toContainText('Nothing was charged.')

  await page.getByRole('link', { name: 'Try another card or account' }).click()
  await expect(page).toHaveURL(/\/make-payment\?kept=1$/)
  await expect(page.getByLabel('Name on Account *')).toHaveValue('Casey Whitfield')
  await expect(page.getByLabel('Payment Amount *')).toHaveValue('190.00')
  await expect(page.getByLabel('Billing Address *')).toHaveValue('1 Main St')
  await expect(page.getByLabel('Billing City *')).toHaveValue('Atlanta')
  await expect(page.getByLabel('Billing State *')).toHaveValue('GA')
  await expect(page.getByLabel('Billing Zip Code *')).toHaveValue('30305')
  await expect(page.getByLabel('Credit Card Number *')).toHaveValue('')
  await expect(page.getByLabel('CVV *')).toHaveValue('')
})
