import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, logIn, personaTagged } from './fixtures'

/**
 * Issue 13 item 6, decision 126, in Chromium: a landing opened from outside the portal (here typed
 * into the address bar: Sec-Fetch-Site none) while signed in asks before it replaces the session.
 */
const persona = personaTagged('direct.single')
const POLICY = persona.policies[0]!.policyId
const LANDING = `/sso-progressive-landing?${new URLSearchParams({ PPA: 'yes', policyId: POLICY, fakePingResponse: 'true' })}`

test('signed in, a landing from outside asks first; Stay keeps the session, Continue replaces it', async ({ page }) => {
  await logIn(page, persona)
  await page.goto(LANDING)
  await expect(page).toHaveURL(/\/sso-progressive-landing$/)
  await expect(page.getByText('You are already signed in on this browser.', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page, 'SSO landing: replace the session?')
  await page.getByRole('button', { name: 'Stay signed in' }).click()
  await expect(page).toHaveTitle('Account Home - ProgHome')

  await page.goto(LANDING)
  await page.getByRole('button', { name: 'Continue signing in' }).click()
  await expect(page).toHaveURL(/\/(policy-information|e-sign)$/)
  // An SSO session has no profile's Account Home (it goes to the partner's): the direct login was replaced.
  const home = await page.request.get('/account-home', { maxRedirects: 0 })
  expect(home.status()).toBe(303)
  expect(home.headers().location).not.toBe('/account-home')
  expect(home.headers().location).toMatch(/^https:\/\//)
})
