import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, logIn, personaTagged, scrollWidth, test } from './fixtures'
import { openTagged, sideNav } from './servicing-helpers'
import { pngPhoto } from '../support/image-files'

/**
 * Issue 12: the key pages at 375 and 1280 px against committed baselines (tests/e2e/visual.spec.ts-snapshots,
 * made with Debian Chromium), axe on each, and the layout facts a screenshot alone would not name (one-row
 * header and pager, the claims list's buttons in view, the help beside its field, the footer at the bottom).
 * Nothing shown depends on today's date except what `masks` hides; the seed's dates are fixed.
 */

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const

/** A small tolerance for anti-aliasing; a moved or resized block changes far more than 1 % of the pixels. */
const SHOT = { fullPage: true, maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const

/** Anything that reads the clock: the session timer's dialog and any <time> (none on these pages today). */
function masks(page: Page): Locator[] {
  return [page.locator('time'), page.locator('#session-timeout')]
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await scrollWidth(page)).toBeLessThanOrEqual(page.viewportSize()!.width)
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size })
    // A log-in, a full-page screenshot and axe on a shared 2-core machine: more than the default 30 s.
    test.describe.configure({ timeout: 90_000 })

    test('Account Home: a grid of policy cards, each one control', async ({ page }) => {
      const persona = personaTagged('direct.multi')
      await logIn(page, persona)
      const cards = page.locator('.policy-tile')
      await expect(cards).toHaveCount(persona.policies.length)
      // One column on a phone, several side by side on a desktop. Polled: right after the redirect the
      // stylesheet may still be on its way, and a layout without it stacks the cards (seen once in CI).
      const rows = () => cards.evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size)
      await expect.poll(rows).toBe(size.width === 375 ? persona.policies.length : 1)
      // Each card is one control, and a click anywhere on it opens the policy (the control is stretched);
      // beside it at most one action of its own (issue 21 item 8: sign, pay, the open claim, the agent) and,
      // for a policy with coverages, 'Get proof of insurance' (issue 24).
      for (const card of await cards.all()) {
        await expect(card.locator('.policy-tile__link')).toHaveCount(1)
        expect(await card.locator('button, a').count()).toBeLessThanOrEqual(3)
      }
      await expect(page).toHaveScreenshot(`account-home-${size.width}.png`, { ...SHOT, mask: masks(page) })
      await expectNoAxeViolations(page, `Account Home at ${size.width}`)
      await expectNoSidewaysScroll(page)
      // A click on the plan icon's corner of the card (not on the words of the link) opens the policy.
      await cards.first().click({ position: { x: 24, y: 24 } })
      await expect(page).not.toHaveURL(/\/account-home$/)
    })

    test('Dashboard (Policy Summary) with the payment-due box', async ({ page }) => {
      await openTagged(page, 'policy.homeowners-balance')
      await page.goto('/policy-information')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page).toHaveScreenshot(`dashboard-${size.width}.png`, { ...SHOT, mask: masks(page) })
      await expectNoAxeViolations(page, `Dashboard at ${size.width}`)
      await expectNoSidewaysScroll(page)
      // The header is one row.
      expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(64)
    })

    test("Payment History: 'Page 1 of 4' and the pager on one line", async ({ page }) => {
      await openTagged(page, 'policy.payment-history-long')
      await page.goto('/payment-history')
      const pager = page.getByRole('navigation', { name: 'Payment history pages' })
      await expect(pager.locator('.pagination__where')).toHaveAttribute('data-where', 'Page 1 of 4')
      // One line: the list is no taller than its tallest item.
      const [listHeight, itemHeight] = await pager
        .locator('ul')
        .evaluate((ul) => [ul.getBoundingClientRect().height, Math.max(...[...ul.children].map((li) => li.getBoundingClientRect().height))])
      expect(listHeight).toBeLessThanOrEqual(itemHeight! + 1)
      await expect(page).toHaveScreenshot(`payment-history-${size.width}.png`, { ...SHOT, mask: masks(page) })
      await expectNoAxeViolations(page, `Payment History at ${size.width}`)
      await expectNoSidewaysScroll(page)
    })

    test('Register My Policy with the last-name help open beside its button, clear of Date of Birth', async ({ page }) => {
      await page.goto('/register-policy?policyId=HOM4090001')
      const help = page.getByRole('button', { name: /^Help: Last Name/ })
      await help.click()
      const panel = page.locator('#f-lastName-help')
      await expect(panel).toBeVisible()
      const [b, p, dob] = await Promise.all([help.boundingBox(), panel.boundingBox(), page.getByLabel(/^Date of Birth/).boundingBox()])
      // Anchored: the panel touches its button's row (above or below it), not the middle of the screen.
      expect(Math.min(Math.abs(p!.y + p!.height - b!.y), Math.abs(p!.y - (b!.y + b!.height)))).toBeLessThan(12)
      expect(p!.y + p!.height <= dob!.y || p!.y >= dob!.y + dob!.height).toBe(true)
      await expect(page).toHaveScreenshot(`register-${size.width}.png`, { ...SHOT, fullPage: false, mask: masks(page) })
      await expectNoAxeViolations(page, `Register My Policy at ${size.width}`)
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
    })

    test('the claims-list modal: title and buttons in view, the body scrolls', async ({ page }) => {
      await openTagged(page, 'policy.multiple-claims')
      await page.goto('/agent-information')
      const summary = page.locator('.side-nav > summary')
      if (await summary.isVisible()) await summary.click()
      await page.getByRole('navigation', { name: 'Policy' }).getByRole('button', { name: 'Report a Claim' }).click()
      const dialog = page.getByRole('dialog', { name: /^Claims on Policy/ })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('link', { name: 'Report a New Claim' })).toBeInViewport({ ratio: 1 })
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 })
      await expect(dialog.getByRole('heading', { name: /^Claims on Policy/ })).toBeInViewport({ ratio: 1 })
      await expect(page).toHaveScreenshot(`claims-list-modal-${size.width}.png`, { ...SHOT, fullPage: false, mask: masks(page) })
    })

    test('the system message, success and error (the page component on the style page)', async ({ page }) => {
      await page.goto('/__dev/styles')
      const pair = page.locator('#sg-system-message')
      await expect(pair.getByRole('heading', { name: 'Success!' })).toBeVisible()
      await expect(pair.getByRole('link', { name: '1-800-555-0134' }).first()).toHaveAttribute('href', 'tel:18005550134')
      await expect(pair).toHaveScreenshot(`system-message-${size.width}.png`, { maxDiffPixelRatio: 0.01, animations: 'disabled' })
      await expectNoAxeViolations(page, `style page at ${size.width}`)
      await expectNoSidewaysScroll(page)
    })

    test('the error page without a session offers Login; the footer ends the page', async ({ page }) => {
      await page.goto('/error')
      const main = page.getByRole('main')
      await expect(main.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/')
      await expect(main.getByText('Return to Account Home')).toHaveCount(0)
      const footer = await page.locator('footer').last().boundingBox()
      expect(footer!.y + footer!.height).toBeGreaterThanOrEqual(size.height - 1)
      await expectNoAxeViolations(page, `Error page at ${size.width}`)
    })

    test('the accessibility statement (issue 21 item 12): readable, its phone number a link', async ({ page }) => {
      await page.goto('/accessibility')
      await expect(page.getByRole('heading', { level: 1, name: 'Accessibility Statement' })).toBeVisible()
      await expect(page.getByRole('main').getByRole('link', { name: /^\d{1}-\d{3}-\d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:/)
      await expect(page).toHaveScreenshot(`accessibility-${size.width}.png`, { ...SHOT, mask: masks(page) })
      await expectNoSidewaysScroll(page)
    })

    test('one menu (decision 227): on a phone the Policy Menu open, the header without its own menu; on desktop both in place', async ({ page }) => {
      await openTagged(page, 'policy.homeowners-balance')
      await page.goto('/agent-information')
      await sideNav(page)
      await expect(page.getByRole('navigation', { name: 'Policy' }).getByRole('link', { name: 'Agent Information' })).toBeVisible()
      await expect(page).toHaveScreenshot(`one-menu-${size.width}.png`, { ...SHOT, fullPage: false, mask: masks(page) })
      await expectNoAxeViolations(page, `One menu at ${size.width}`)
    })

    test('Report a Claim with two photos: thumbnails with name, size and Remove (decision 227)', async ({ page }) => {
      await openTagged(page, 'claims.mitigation-window')
      await page.goto('/report-claim')
      const files = page.getByRole('region', { name: 'Photos and Files' })
      await expect(files.locator('label.file-picker')).toBeVisible() // hydrated: the button over the input
      await files.getByLabel('Add photos or files').setInputFiles([
        { name: 'kitchen-ceiling.png', mimeType: 'image/png', buffer: Buffer.from(pngPhoto(64, 48, [60, 110, 170])) },
        { name: 'hallway-floor.png', mimeType: 'image/png', buffer: Buffer.from(pngPhoto(48, 64, [170, 120, 60])) },
      ])
      for (const name of ['kitchen-ceiling.png', 'hallway-floor.png']) {
        await expect(files.getByRole('listitem').filter({ hasText: name })).toContainText('Uploaded')
      }
      await expect(files).toHaveScreenshot(`claim-two-photos-${size.width}.png`, { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' })
      await expectNoAxeViolations(page, `Report a Claim with two photos at ${size.width}`)
    })

    test('Your Policies: id with Remove, then nickname with Edit, the two fields aligned', async ({ page }) => {
      await logIn(page, personaTagged('direct.multi'))
      await page.goto('/manage-policies')
      const first = page.locator('.profile-policy').first()
      const id = await first.getByLabel(/^Policy ID/).boundingBox()
      const nickname = await first.getByLabel(/^Nickname/).boundingBox()
      expect(Math.abs(id!.x - nickname!.x)).toBeLessThan(1)
      expect(Math.abs(id!.width - nickname!.width)).toBeLessThan(1)
      expect(id!.y).toBeLessThan(nickname!.y)
      const remove = await first.getByRole('button', { name: /^Remove/ }).boundingBox()
      expect(remove!.y).toBeLessThan(nickname!.y)
      await expectNoAxeViolations(page, `Your Policies at ${size.width}`)
    })
  })
}
