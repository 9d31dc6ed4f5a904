import type { Page } from '@playwright/test'
import { expect, test, logIn, personaTagged, SESSION_ENDED, submitLogin, type Persona } from './fixtures'

/** Spec 000 §2 "Login screen", "Account Home", "Logout screen"; §4 "Session"; §5 Login validation. */

async function expectAccountHomeListsPolicies(page: Page, persona: Persona): Promise<void> {
  await expect(page).toHaveTitle('Account Home - ProgHome')
  const cards = page.getByRole('main').locator('.policy-grid > li')
  await expect(cards).toHaveCount(persona.policies.length)
  for (const policy of persona.policies) {
    const card = cards.filter({ hasText: policy.policyId })
    await expect(card.getByText(policy.policyId, { exact: true })).toBeVisible()
    await expect(card.getByText(/^My (.+ )?Policy$/)).toBeVisible()
    await expect(card.getByText('View your policy for policy details', { exact: true })).toBeVisible()
  }
}

async function logOutFromHeader(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Log Out Confirmation' })).toBeVisible()
  await expect(page.getByText(/You logged off at \d{1,2}:\d{2}/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/')
}

async function expectSessionEnded(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED)
  await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/')
}

test.describe('login and logout', () => {
  test('a profile with several policies logs in with Enter, sees its policies, logs out, and the session is gone', async ({ page }) => {
    const persona = personaTagged('direct.multi')
    expect(persona.policies.length).toBeGreaterThan(1)

    await page.goto('/')
    await expect(page).toHaveTitle('Login - ProgHome')
    await expect(page.getByRole('heading', { level: 1, name: 'Flood Policy Login' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password')
    await expect(page.getByRole('link', { name: 'Register My Flood Policy' })).toHaveAttribute('href', '/find-policy')

    await logIn(page, persona)
    await expectAccountHomeListsPolicies(page, persona)

    await logOutFromHeader(page)

    await page.goto('/account-home')
    await expectSessionEnded(page)
    await page.getByRole('link', { name: 'Return to Login' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Flood Policy Login' })).toBeVisible()
  })

  test('submitting the empty form shows two required messages and focuses the user field', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText('Value is required', { exact: true })).toHaveCount(2)
    const userField = page.getByLabel('User ID or Email *', { exact: true })
    await expect(userField).toBeFocused()
    await expect(userField).toHaveAttribute('aria-invalid', 'true')
    await expect(userField).toHaveAccessibleDescription('Value is required')
    await expect(page.getByLabel('Password *', { exact: true })).toHaveAccessibleDescription('Value is required')
    await expect(page.getByRole('alert').filter({ hasText: 'Login Failed.' })).toHaveCount(0)
  })

  test('a wrong password shows the Login Failed alert and stays on Login', async ({ page }) => {
    const persona = personaTagged('direct.multi')
    await submitLogin(page, persona.userName, `${persona.password}-wrong`)
    await expect(page.getByRole('alert')).toHaveText('Login Failed.')
    await expect(page.getByRole('heading', { level: 1, name: 'Flood Policy Login' })).toBeVisible()
    await expect(page.getByLabel('Password *', { exact: true })).toHaveValue('')
    await page.goto('/account-home')
    await expectSessionEnded(page)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('logging in, seeing Account Home and logging out work with plain forms', async ({ page }) => {
    const persona = personaTagged('direct.multi')
    await logIn(page, persona)
    await expectAccountHomeListsPolicies(page, persona)
    await logOutFromHeader(page)
    await page.goto('/account-home')
    await expectSessionEnded(page)
  })
})
