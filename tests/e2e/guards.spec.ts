import type { Page } from '@playwright/test'
import { expect, test, SESSION_ENDED } from './fixtures'

/** Spec 000 §2 route table and "Global navigation guards"; §1 page footer. */

const FOOTER_GROUPS = [
  { title: 'Policyholders', links: ['Frequently Asked Questions', 'Understanding My Policy', 'Insurance Terms', 'Loss Prevention'] },
  { title: 'Claims Center', links: ['Report Fraud', 'Claims FAQs', 'About the Claims Process'] },
  { title: 'Support', links: ['Browser Support', 'Terms of Use'] },
] as const

function footerGroup(page: Page, title: string) {
  return page
    .getByRole('contentinfo')
    .locator('details')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

test.describe('navigation guards', () => {
  test('an unknown path shows Page Not Found with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/anywhere')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page Not Found - ProgHome')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/')
  })

  for (const path of ['/account-home', '/manage-profile', '/policy-information', '/claims-history']) {
    test(`${path} without a session shows the session-ended message`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(401)
      await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED)
      await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/')
      // Nothing of a signed-in page shows.
      await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0)
      await expect(page.getByRole('navigation', { name: 'Policy' })).toHaveCount(0)
    })
  }
})

test.describe('page footer', () => {
  test('three link groups, every link opening in a new tab', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('contentinfo').locator('details')).toHaveCount(FOOTER_GROUPS.length)
    for (const group of FOOTER_GROUPS) {
      const links = footerGroup(page, group.title).locator('a')
      await expect(links).toHaveCount(group.links.length)
      for (const [i, name] of group.links.entries()) {
        const link = links.nth(i)
        await expect(link).toContainText(name)
        await expect(link).toHaveAttribute('target', '_blank')
        await expect(link).toHaveAttribute('rel', /noopener/)
        await expect(link).toHaveAttribute('href', /^https?:\/\//)
      }
    }
  })

  test('at 375 px the groups are collapsed and open when their heading is pressed', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    for (const group of FOOTER_GROUPS) {
      const details = footerGroup(page, group.title)
      const firstLink = details.getByRole('link', { name: group.links[0], includeHidden: true })
      await expect(firstLink).toBeHidden()
      await details.locator('summary').click()
      await expect(firstLink).toBeVisible()
      await expect(details).toHaveAttribute('open', '')
      await details.locator('summary').click()
      await expect(firstLink).toBeHidden()
    }
  })

  test('at 1280 px every group shows its links without opening anything', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    for (const group of FOOTER_GROUPS) {
      const details = footerGroup(page, group.title)
      for (const name of group.links) {
        await expect(details.getByRole('link', { name })).toBeVisible()
      }
    }
  })
})
