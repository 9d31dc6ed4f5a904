import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, logIn, openPolicy, personaTagged, scrollWidth, SESSION_ENDED, waitForSessionTimer } from './fixtures'

/**
 * axe (WCAG 2.0/2.1 A and AA) on every page reachable so far, at a phone (375 px) and a desktop
 * (1280 px) width, plus the session-timeout dialog; and no sideways scrolling at 320 px.
 */

interface PageCase {
  name: string
  open: (page: Page) => Promise<void>
}

async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

const WITHOUT_SESSION: PageCase[] = [
  { name: 'Login', open: (page) => visit(page, '/', 'Flood Policy Login') },
  {
    name: 'Login with errors shown',
    open: async (page) => {
      await visit(page, '/', 'Flood Policy Login')
      await page.getByRole('button', { name: 'Login', exact: true }).click()
      await expect(page.getByText('Value is required', { exact: true })).toHaveCount(2)
    },
  },
  {
    name: 'Login failed',
    open: async (page) => {
      await visit(page, '/', 'Flood Policy Login')
      await page.getByLabel('User ID or Email *', { exact: true }).fill('nobody@example.com')
      await page.getByLabel('Password *', { exact: true }).fill('Nobody#12345')
      await page.getByRole('button', { name: 'Login', exact: true }).click()
      await expect(page.getByRole('alert')).toHaveText('Login Failed.')
    },
  },
  { name: 'Logout confirmation', open: (page) => visit(page, '/Logout', 'Log Out Confirmation') },
  { name: 'Verify proof of insurance', open: (page) => visit(page, '/verify-insurance', /verif/i) },
  {
    name: 'Accessibility statement, reached from the footer',
    open: async (page) => {
      await visit(page, '/', 'Flood Policy Login')
      await page.getByRole('link', { name: 'Accessibility statement' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Accessibility Statement' })).toBeVisible()
      await expect(page.getByRole('main')).toContainText('WCAG) 2.2 at level AA')
    },
  },
  { name: 'Error', open: (page) => visit(page, '/error', 'An unexpected error occurred.') },
  { name: 'Page Not Found', open: (page) => visit(page, '/no-such-page', 'Page Not Found') },
  {
    name: 'Session ended',
    open: async (page) => {
      await page.goto('/account-home')
      await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED)
    },
  },
  ...(
    [
      ['/find-policy', 'Find My Policy'],
      ['/forgot-password', 'Reset Password'],
      ['/register-policy', 'Register My Policy'],
      ['/great-news', 'Great News'],
      ['/privacy/confirmation', 'Opt Out Confirmation'],
      ['/TestSSO', 'Test SSO'],
    ] as const
  ).map(([path, title]) => ({
    name: title,
    open: async (page: Page) => {
      await page.goto(path)
      await expect(page).toHaveTitle(`${title} - ProgHome`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  })),
]

/** Pages of a signed-in profile, and of a policy opened from Account Home (these show the policy side nav). */
const SIGNED_IN_PAGES = [
  { path: '/manage-profile', title: 'Manage Profile', policyNav: false },
  { path: '/manage-policies', title: 'Your Policies', policyNav: false },
  { path: '/policy-information', title: 'Policy Summary', policyNav: true },
  { path: '/agent-information', title: 'Agent Information', policyNav: true },
  { path: '/claims-history', title: 'Claims History', policyNav: true },
  { path: '/payment-history', title: 'Payment History', policyNav: true },
  { path: '/policy-documents', title: 'Documents', policyNav: true },
]

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    for (const c of WITHOUT_SESSION) {
      test(`${c.name}`, async ({ page }) => {
        await c.open(page)
        await expectNoAxeViolations(page, `${c.name} at ${width} px`)
      })
    }

    test('Account Home', async ({ page }) => {
      await logIn(page, personaTagged('direct.multi'))
      await expectNoAxeViolations(page, `Account Home at ${width} px`)
    })

    test('Logout confirmation after logging out', async ({ page }) => {
      await logIn(page, personaTagged('direct.multi'))
      await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Log Out Confirmation' })).toBeVisible()
      await expectNoAxeViolations(page, `Logout confirmation at ${width} px`)
    })

    for (const { path, title, policyNav } of SIGNED_IN_PAGES) {
      test(`${path} with a policy opened from Account Home`, async ({ page }) => {
        const persona = personaTagged('direct.multi')
        const policyId = persona.policies[0]!.policyId
        await openPolicy(page, persona, policyId)
        await page.goto(path)
        await expect(page).toHaveTitle(`${title} - ProgHome`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByText(SESSION_ENDED)).toHaveCount(0)
        if (policyNav) {
          await expect(page.getByRole('navigation', { name: 'Policy', includeHidden: true })).toContainText(policyId)
        }
        await expectNoAxeViolations(page, `${path} at ${width} px`)
      })
    }

    test('session-timeout dialog open', async ({ page }) => {
      await page.clock.install()
      await logIn(page, personaTagged('direct.multi'))
      await waitForSessionTimer(page)
      await page.clock.runFor('13:00')
      await expect(page.getByRole('dialog', { name: 'Your session is about to expire' })).toBeVisible()
      await expectNoAxeViolations(page, `session-timeout dialog at ${width} px`)
    })
  })
}

test.describe('no sideways scrolling at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('Login', async ({ page }) => {
    await visit(page, '/', 'Flood Policy Login')
    expect(await scrollWidth(page)).toBeLessThanOrEqual(320)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText('Value is required', { exact: true })).toHaveCount(2)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(320)
  })

  test('Account Home', async ({ page }) => {
    await logIn(page, personaTagged('direct.multi'))
    expect(await scrollWidth(page)).toBeLessThanOrEqual(320)
  })
})
