import { devPost, expect, expectNoAxeViolations, test } from './fixtures'
import { openTagged } from './servicing-helpers'
import { fillBilling, fillCard } from './payment-form'

/**
 * Issue 22, the main journey as the README walks it: save a card while paying, pay again with it, save
 * a bank account, turn on automatic payments, move the portal's clock to the due date and run the
 * scheduler (twice): one charge at the sandbox, the payment in Payment History; then the profile's
 * Payment Methods page. Axe clean on the new pages at 375 and 1280 px. The clock is given back after the test, whatever happens.
 */
const POLICY_TAG = 'policy.esign-journey' // erin's HOM4040006: $355.00 due 12/20/2026 (CA); no other spec pays on it
const DUE = '2026-12-20'

test.afterEach(async ({ page }) => {
  await devPost(page, '/__dev/clock', { now: null })
})

test('save a card while paying, pay with it, save an account, turn on automatic payments, and the scheduler charges once on the due date', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  expect((await devPost(page, '/__dev/clock', { now: '2026-12-01T17:00:00Z' })).status()).toBe(200)
  const policyId = await openTagged(page, POLICY_TAG)

  // 1. A card, saved while paying.
  await page.goto('/make-payment')
  await page.getByLabel('Payment Amount *').fill('50.00')
  await fillCard(page, '5555 5555 5555 4444')
  await fillBilling(page)
  await page.getByLabel('Save this card for later').check()
  await page.getByLabel('Nickname (optional)').fill('Travel card')
  await expectNoAxeViolations(page, 'make-payment with save 1280')
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page).toHaveURL(/\/system-message$/)
  await expect(page.getByRole('status')).toContainText('Your Mastercard ending in 4444 is saved for your next payment.')

  // 2. Paying again: the saved card is chosen already; the typed form is one choice away.
  await page.goto('/make-payment')
  await expect(page.getByLabel(/^Travel card: Mastercard ending in 4444/)).toBeChecked()
  await expect(page.getByRole('tab', { name: 'Credit Card' })).toHaveCount(0)
  await expectNoAxeViolations(page, 'make-payment saved 1280')
  await page.getByLabel('Payment Amount *').fill('25.00')
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page.getByRole('status')).toContainText(`Your payment of $25.00 on policy ${policyId} was approved.`)

  // 3. A bank account, saved while paying by check (the authorization shown and accepted).
  await page.goto('/make-payment')
  await page.getByLabel('Use a different card or bank account').check()
  await page.getByRole('tab', { name: 'Check' }).click()
  await page.getByLabel('Payment Amount *').fill('10.00')
  await page.getByLabel('Routing Number *').fill('021000021')
  await page.getByLabel('Check Number *').fill('1001')
  await page.getByLabel('Account Number *').fill('000123456789')
  await fillBilling(page)
  await page.getByLabel('I agree to this authorization *').check()
  await page.getByLabel('Save this account for later').check()
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page.getByRole('status')).toContainText('Your JPMorgan Chase account ending in 6789 is saved for your next payment.')

  // 4. Automatic payments from the saved card, from the link on Make a Payment.
  await page.goto('/make-payment')
  await page.getByRole('link', { name: /^Automatic payments/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Automatic Payments' })).toBeVisible()
  await page.getByLabel(/^Travel card: Mastercard ending in 4444/).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText(/I authorize ProgHome Insurance to charge my Mastercard ending in 4444 on each due date/)).toBeVisible()
  await expectNoAxeViolations(page, 'automatic payments terms 1280')
  await page.getByLabel('I agree to these terms *').check()
  await page.getByRole('button', { name: 'Turn on automatic payments' }).click()
  await expect(page.getByRole('status')).toContainText('Automatic payments are on.')
  await expect(page.getByText('Your next automatic payment is on 12/20/2026.')).toBeVisible()
  // Issue 35: the 'on' message's icon is the success tick drawn through its mask, not a solid square of colour.
  const iconMask = await page
    .getByRole('status')
    .evaluate(
      (el) => getComputedStyle(el, '::before').getPropertyValue('mask-image') || getComputedStyle(el, '::before').getPropertyValue('-webkit-mask-image'),
    )
  expect(iconMask).toMatch(/^url\("data:image\/svg\+xml/)

  // 5. The due date: the scheduler charges once, however often it runs.
  expect((await devPost(page, '/__dev/clock', { now: `${DUE}T18:00:00Z` })).status()).toBe(200)
  for (let i = 0; i < 2; i++) expect((await devPost(page, '/__dev/scheduled')).status()).toBe(200)
  const { charges } = (await (await page.request.get('/__dev/payments/charges')).json()) as {
    charges: { policyId: string; amountCents: number; outcome: string }[]
  }
  const drafts = charges.filter((c) => c.policyId === policyId && c.amountCents === 35500 - 5000 - 2500 - 1000)
  expect(drafts).toEqual([expect.objectContaining({ outcome: 'approved' })])
  await page.goto('/payment-history')
  await expect(page.getByRole('main')).toContainText('$270.00')

  // 6. The profile's Payment Methods: rename, default; axe clean on a desktop and a phone.
  await page.goto('/payment-methods')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible()
  await expectNoAxeViolations(page, 'payment methods 1280')
  await page.getByRole('listitem').filter({ hasText: 'Mastercard ending in 4444' }).getByRole('link', { name: 'Rename' }).click()
  await page.getByLabel('Nickname of Mastercard ending in 4444').fill('Blue card')
  await page.getByRole('button', { name: 'Save nickname' }).click()
  await expect(page.getByRole('status')).toContainText('The nickname is saved.')
  await page.getByRole('listitem').filter({ hasText: 'JPMorgan Chase account ending in 6789' }).getByRole('button', { name: 'Make default' }).click()
  await expect(page.getByRole('status')).toContainText('Your default payment method is changed.')
  await expect(page.getByRole('heading', { level: 2, name: /Blue card/ })).toBeVisible()
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page, 'payment methods 375')
  await page.goto('/automatic-payments')
  await expectNoAxeViolations(page, 'automatic payments 375')
})
