import type { Page } from '@playwright/test'
import { expect, test, SESSION_ENDED } from './fixtures'
import { openTagged } from './servicing-helpers'

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

  for (const path of ['/account-home', '/manage-profile', '/policy-information', '/claims-history', '/e-sign/document/application', '/report-claim/x']) {
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

/** Issue 9 section 3: a route's permission is the guards'; typing an address is refused like the menu hides it. */
test.describe('route permissions', () => {
  test('a cancelled policy: typing /report-claim, /make-payment or a path under them lands on the Dashboard', async ({ page }) => {
    await openTagged(page, 'policy.cancelled')
    await page.goto('/policy-information')
    const nav = page.getByRole('navigation', { name: 'Policy' })
    await expect(nav.getByRole('link', { name: 'Report a Claim', includeHidden: true })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Make a Payment', includeHidden: true })).toHaveCount(0)
    for (const path of ['/report-claim', '/make-payment', '/report-claim/x', '/e-sign/document/application']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(/\/policy-information$/)
      await expect(page).toHaveTitle('Policy Summary - ProgHome')
    }
  })

  test('a link to a refused route leaves the browser where it was', async ({ page }) => {
    await openTagged(page, 'policy.umbrella')
    await page.goto('/agent-information')
    // An umbrella policy may not e-sign; a link to /e-sign, followed from a portal page, is cancelled (204).
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.href = '/e-sign'
      a.textContent = 'to e-sign'
      document.querySelector('main')!.append(a)
    })
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/e-sign')
    await page.getByRole('link', { name: 'to e-sign' }).click()
    expect((await answer).status()).toBe(204)
    await expect(page).toHaveURL(/\/agent-information$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Information' })).toBeVisible()
  })

  test('an allowed policy opens the same routes', async ({ page }) => {
    await openTagged(page, 'policy.condo-paid')
    for (const [path, title] of [
      ['/report-claim', 'Report a Claim'],
      ['/make-payment', 'Make a Payment'],
    ] as const) {
      await page.goto(path)
      await expect(page, path).toHaveURL(new RegExp(`${path}$`))
      await expect(page).toHaveTitle(`${title} - ProgHome`)
    }
  })
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
