import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, openPolicy, scrollWidth, test } from './fixtures'
import { policyTagged, sideNav } from './servicing-helpers'
import { pngPhoto } from '../support/image-files'

/**
 * Issue 35 item 6 (decision 227) on a phone (375 px): one menu (the Policy Menu, carrying the account
 * links; the header keeps Log Out), its items in spec 000's order with a focus ring you can see; no
 * payment box above a claim; and a photo added to Report a Claim as a thumbnail, then removed.
 */

const HOME = policyTagged('claims.mitigation-window') // sam, HOM4020001 (TX), an amount due

/** The menus a phone shows at the page's top: the header's and the Policy Menu's disclosures that are visible. */
const menusShown = (page: Page) =>
  page.locator('header summary, .side-nav summary').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length)

/** The labels of the Policy Menu's items that are shown, in order. */
const menuItems = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Policy' })
    .locator('li > a, li > .side-nav__button, li button')
    .evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.textContent?.trim() ?? ''))

test('at 375 px the Policy Menu is the one menu: the account links inside it, the same items in the same order as on desktop, focus seen, axe clean', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  await page.goto('/policy-information')
  await page.waitForLoadState('load')
  const desktop = await menuItems(page)
  expect(desktop[0]).toBe('Policy Summary')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account Home' })).toBeVisible()

  await page.setViewportSize({ width: 375, height: 800 })
  const banner = page.getByRole('banner')
  // One disclosure on the page's top: the Policy Menu's. The header's own 'Menu' steps aside; Log Out stays.
  await expect(banner.locator('summary')).toBeHidden()
  await expect(banner.getByRole('link', { name: 'Account Home' })).toBeHidden()
  await expect(banner.getByRole('button', { name: 'Log Out' })).toBeVisible()
  const toggle = page.locator('summary.side-nav__toggle')
  await expect(toggle).toBeVisible()
  expect(await menusShown(page)).toBe(1)

  // The toggle's ring, reached by keyboard: drawn, and not clipped (decision 224).
  await toggle.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(toggle).toBeFocused()
  const ring = await toggle.evaluate((el) => {
    const s = getComputedStyle(el)
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth), offset: Number.parseFloat(s.outlineOffset) }
  })
  expect(ring.style).not.toBe('none')
  expect(ring.width).toBeGreaterThanOrEqual(2)
  expect(ring.offset + ring.width).toBeLessThanOrEqual(0) // drawn inside the panel that clips it
  await page.keyboard.press('Enter')
  const nav = await sideNav(page)
  await expect(nav.getByRole('link', { name: 'Account Home' })).toBeVisible()
  // Spec 000's items, in its order, then the account link phones also get.
  expect(await menuItems(page)).toEqual([...desktop, 'Account Home'])
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'Policy Summary' })).toBeFocused()
  await expectNoAxeViolations(page, 'Policy Summary at 375 px, the Policy Menu open')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  // The payment box where it helps: on the Policy Summary, not above Claims History.
  await expect(page.getByRole('complementary', { name: 'Payment due' })).toBeVisible()
  await page.goto('/claims-history')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Payment due' })).toHaveCount(0)
  expect(await menusShown(page)).toBe(1) // still one menu here
})

test('at 375 px a photo added to Report a Claim shows as a thumbnail with its name, size and Remove; Remove takes it away and says so', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.addInitScript(() => {
    const revokedUrls: string[] = []
    Object.assign(window, { revokedUrls })
    const revoke = URL.revokeObjectURL.bind(URL)
    URL.revokeObjectURL = (u: string) => {
      revokedUrls.push(u)
      revoke(u)
    }
  })
  await openPolicy(page, HOME.owner, HOME.policyId)
  await page.goto('/report-claim')
  const files = page.getByRole('region', { name: 'Photos and Files' })
  const picker = files.getByLabel('Add photos or files')
  // Hydrated: the real input lies over the button, and the button is what shows.
  await expect(files.locator('label.file-picker')).toBeVisible()
  await expect(picker).toHaveAttribute('type', 'file')

  const png = Buffer.from(pngPhoto(40, 30))
  await picker.setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: png })
  const line = files.getByRole('listitem').filter({ hasText: 'kitchen.png' })
  await expect(line).toContainText('Uploaded')
  await expect(line).toContainText(`${Math.round(png.length / 1024)} KB`)
  const thumb = line.locator('img.claim-file__thumb')
  await expect(thumb).toHaveAttribute('src', /^blob:/)
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(40) // the photo itself, drawn
  await expect(page.getByRole('status').filter({ hasText: 'kitchen.png uploaded.' })).toHaveCount(1)
  await expectNoAxeViolations(page, 'Report a Claim at 375 px with a photo')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  const url = (await thumb.getAttribute('src'))!
  await line.getByRole('button', { name: 'Remove kitchen.png' }).click()
  await expect(files.getByRole('listitem')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Removed kitchen.png.' })).toHaveCount(1)
  await expect(picker).toBeFocused()
  // Its object URL was given back to the browser (the page's own calls, recorded by the init script).
  expect(await page.evaluate(() => (window as unknown as { revokedUrls: string[] }).revokedUrls)).toEqual([url])
})
