import type { Locator, Page } from '@playwright/test'
import { expect, logIn, test } from './fixtures'
import { openTagged, policyTagged } from './servicing-helpers'

/**
 * Issue 35's contradictions where a person sees them, at 375 px (decision 222): one rule (shared/payments/
 * gate.ts canPayOnline) decides whether a policy can be paid online, and the payment-due box, Account
 * Home's cards and Make a Payment all follow it. (A policy on automatic draft not asked to pay is in
 * worst-day-states.spec.ts, before its payment there.)
 */
test.use({ viewport: { width: 375, height: 812 } })
const SHOT = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const

const box = (page: Page): Locator => page.getByRole('complementary', { name: 'Payment due' })
const card = (page: Page, policyId: string): Locator => page.locator('li.policy-tile', { hasText: policyId })

test("COM4050003, two terms due: 'contact your agent' in the box and on Make a Payment, no form under it", async ({ page }) => {
  await openTagged(page, 'policy.terms-due-2')
  await expect(box(page)).toContainText('Please contact your agent to make a payment.')
  await page.goto('/make-payment')
  await expect(page.getByText('Please contact your agent to make a payment:')).toBeVisible()
  await expect(page.getByLabel('Payment Amount *')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Submit Payment' })).toHaveCount(0)
})

test("FLD4050011, online flood payments off: no 'Pay $876.00' on Account Home; the box says how to pay instead", async ({ page }) => {
  const { owner, policyId } = policyTagged('policy.flood-payments-disabled')
  await logIn(page, owner)
  const tile = card(page, policyId)
  await expect(tile).toContainText('$876.00')
  await expect(tile.getByRole('button', { name: /^Pay / })).toHaveCount(0)
  await expect(tile).not.toContainText('Payment Due')

  await tile.getByRole('button', { name: /View your policy/ }).click()
  await expect(box(page)).toContainText('Online payments are not supported at this time. Please call our support team to process your payment.')
  await expect(box(page).getByRole('link', { name: /\d{3}.*\d{4}/ })).toHaveAttribute('href', /^tel:/)
  await expect(box(page).getByRole('link', { name: 'Make a Payment' })).toHaveCount(0)
  await expect(box(page)).toHaveScreenshot('flood-payments-off-box-375.png', SHOT)
})
