import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { openTagged, sideNav } from './servicing-helpers'
import { fillBilling, fillCard } from './payment-form'

/**
 * Issue 21, the policyholder's worst day, at 375 px (a phone): every dead end gives a number to call,
 * result pages say the result in their title, a refused form lists its errors first, the insured need
 * not type themselves again as the reporter, past-due amounts are called past due. Screenshots of the
 * parts each item changed, against baselines made with Debian Chromium (tests/e2e/worst-day.spec.ts-snapshots).
 */

test.use({ viewport: { width: 375, height: 812 } })
// A log-in, a page, axe and a screenshot on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 })

const CLAIMS_LINE = { name: '1-800-555-0199', href: 'tel:18005550199' }
const SUPPORT_LINE = { name: '1-800-555-0134', href: 'tel:18005550134' }

/** A small tolerance for anti-aliasing; a moved or resized block changes far more than 1 % of the pixels. */
const SHOT = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const

function paymentDueBox(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Payment due' })
}

async function expectCallLink(scope: Locator, line: { name: string; href: string }): Promise<void> {
  const link = scope.getByRole('link', { name: line.name, exact: true }).first()
  await expect(link).toHaveAttribute('href', line.href)
  // Never broken inside: one line box.
  const lines = await link.evaluate((a) => a.getClientRects().length)
  expect(lines).toBe(1)
}

test.describe('item 1: a number to call at every dead end', () => {
  test('a cancelled policy says since when, that an earlier loss can be reported by phone, and names the agent', async ({ page }) => {
    await openTagged(page, 'policy.cancelled')
    await page.goto('/policy-information')
    const box = paymentDueBox(page)
    await expect(box).toContainText('Cancelled Policy')
    await expect(box).toContainText('Cancelled since 09/14/2026. A loss that happened before then can still be reported by phone, 24 hours a day:')
    await expectCallLink(box, CLAIMS_LINE)
    await expect(box).toContainText(/Call your agent, [^:]+:/)
    await expect(box).toHaveScreenshot('cancelled-box-375.png', SHOT)
    // No 'Report a Claim' in its menu: the claims line in its place.
    const nav = await sideNav(page)
    await expect(nav.getByRole('link', { name: 'Report a Claim' })).toHaveCount(0)
    await expect(nav).toContainText('Report a claim by phone, 24 hours a day:')
    await expectCallLink(nav, CLAIMS_LINE)
    await expectNoAxeViolations(page, 'cancelled policy at 375')
  })

  test("'Please contact your agent to make a payment.' gives the agent's number", async ({ page }) => {
    await openTagged(page, 'policy.previous-cancelled')
    await page.goto('/policy-information')
    const box = paymentDueBox(page)
    await expect(box).toContainText('Please contact your agent to make a payment.')
    await expect(box).toContainText(/Call your agent, [^:]+:/)
    await expect(box.getByRole('link', { name: /^[\d-]+$/ })).toHaveAttribute('href', /^tel:\d{10,11}$/)
  })

  test('the flood claim form disabled by a balance gives the claims line and the way to pay', async ({ page }) => {
    await openTagged(page, 'claims.flood-balance')
    await page.goto('/report-claim')
    const card = page.locator('section.claim-page')
    await expect(card).toContainText('Report a Claim functionality is disabled until the policy has been paid in full.')
    await expect(card).toContainText('To report a loss now, call our claims line, 24 hours a day:')
    await expectCallLink(card, CLAIMS_LINE)
    await expect(card).toHaveScreenshot('flood-claim-disabled-375.png', SHOT)
    await expectNoAxeViolations(page, 'flood claim disabled at 375')
    await card.getByRole('link', { name: 'Make a Payment' }).click()
    await expect(page).toHaveURL(/\/make-payment$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible()
  })
})

test.describe("standards finding 3.3.7: 'I am the insured' on Reported By", () => {
  test('ticking it fills the reporter from the insured; unticking clears it', async ({ page }) => {
    await openTagged(page, 'claims.flood-open')
    await page.goto('/report-claim')
    const section = page.getByRole('region', { name: 'Reported By', exact: true })
    const self = page.getByLabel('I am the insured')
    await expect(self).not.toBeChecked()
    await self.check()
    await expect(section.getByLabel('Reported By *')).not.toHaveValue('')
    await expect(section.getByLabel('Phone Number *')).toHaveValue(/^\d{3}-\d{3}-\d{4}$/)
    await expect(self).toBeChecked()
    await expect(section).toHaveScreenshot('reported-by-self-375.png', SHOT)
    await self.uncheck()
    await expect(section.getByLabel('Reported By *')).toHaveValue('')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('item 7: Make a Payment says it needs JavaScript, with the number to pay by phone, and shows no card form under it (issue 35)', async ({ page }) => {
    // A policy no spec pays, so the page is the same whatever ran before.
    await openTagged(page, 'policy.homeowners-balance')
    await page.goto('/make-payment')
    const notice = page.getByRole('main').locator('.alert--error').first()
    await expect(notice).toContainText('To pay online, please turn on JavaScript in your browser')
    await expect(notice).toContainText('To pay by phone, call')
    await expectCallLink(notice, SUPPORT_LINE)
    await expect(notice).toHaveScreenshot('payment-no-script-notice-375.png', SHOT)
    // Nothing to type a card into that could not be sent (decision 222).
    await expect(page.getByLabel('Payment Amount *')).toBeHidden()
    await expect(page.getByLabel('Credit Card Number *')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Submit Payment' })).toBeHidden()
    await expect(page.getByRole('main').locator('input:not([type=hidden]):visible, select:visible')).toHaveCount(0)
  })
})

// The login page has no script of its own: the form is the server's either way.
test.describe('a form the server refuses', () => {
  test('standards finding 3.3.1: a refused form lists its errors first, each a link to its field', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Login' }).click()
    const summary = page.getByRole('region', { name: 'Please correct these 2 fields:' })
    await expect(summary).toBeVisible()
    await expect(summary.getByRole('link')).toHaveText(['User ID or Email: Value is required', 'Password: Value is required'])
    // Focus is on the first field in error (spec 000), the summary above it.
    await expect(page.getByLabel('User ID or Email *', { exact: true })).toBeFocused()
    await expect(summary).toHaveScreenshot('login-error-summary-375.png', SHOT)
    await expectNoAxeViolations(page, 'login error summary at 375')
    await summary.getByRole('link', { name: 'Password: Value is required' }).click()
    await expect(page).toHaveURL(/#f-password$/)
    await expect(page.getByLabel('Password *', { exact: true })).toBeFocused()
  })
})

// The remaining numbered items where a person sees them, at 375 px (their journeys at other widths are in
// make-payment, payment-pending-decline, report-claim and sso-landing specs; the states a journey leaves
// behind, items 2, 4, 5, 6, 9 and 13, in worst-day-states.spec.ts).
test.describe('more of the worst day at 375 px', () => {
  test('item 3: a declined card says nothing was charged and offers another card', async ({ page }) => {
    await openTagged(page, 'policy.past-due')
    await page.goto('/make-payment')
    await page.getByLabel('Payment Amount *').fill('190.00')
    await fillCard(page, '4000 0000 0000 0002')
    await fillBilling(page)
    await page.getByRole('button', { name: 'Submit Payment' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'An unexpected error has occurred.' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Nothing was charged.')
    await expect(page.getByRole('button', { name: 'Try another card' })).toBeVisible()
    // One primary action. (No screenshot: what surrounds the refusal follows the policy's payments, which
    // make-payment.spec makes in the same run, and the refusal's own box moves by a pixel with it.)
    await expect(page.getByRole('button', { name: 'Try another card' })).toHaveClass(/btn--primary/)
    await expect(page.getByRole('region', { name: 'An unexpected error has occurred.' }).locator('.btn--primary')).toHaveCount(1)
  })

  test('item 10: the opt-out confirmation at 375 px', async ({ page }) => {
    await page.goto('/privacy/confirmation?PgrOptOutPref=0')
    await expect(page.getByRole('status')).toHaveText('Your request has successfully been processed.')
    await expect(page.getByRole('main')).toHaveScreenshot('opt-out-375.png', SHOT)
  })
})
