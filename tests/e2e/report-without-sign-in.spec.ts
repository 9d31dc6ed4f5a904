import { expect, test, expectNoAxeViolations, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'

/**
 * Issue 35 item 1 (decision 220), as a new user would at 375 px: from the login page, call the claims
 * line (a tel: link) or report a claim without signing in: say who you are, fill the same claim form,
 * get the claim number, and the way on is to log in.
 */

const FLOOD = policyTagged('claims.flood-open') // erin, FLD4040005 (FL), 118 Harbor Drive, Key Largo 33037

test('from the login page at 375 px: the claims line to call, or a claim reported without signing in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/')
  const frontDoor = page.getByRole('region', { name: 'Report a Claim' })
  await expect(frontDoor.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:18005550199')
  await expect(page.getByRole('heading', { level: 1, name: 'Flood Policy Login' })).toBeVisible()
  await expectNoAxeViolations(page, 'Login with the front door (375 px)')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  await frontDoor.getByRole('link', { name: 'Report a Claim Without Signing In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Report a Claim' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:18005550199')

  // A wrong ZIP code: one answer that names no field, with the number to call.
  await page.getByLabel('Policy Number *').fill(FLOOD.policyId)
  await page.getByLabel('Last Name *').fill('Castellano')
  await page.getByLabel('ZIP Code').fill('33038')
  await page.getByRole('button', { name: 'Continue to the Claim Form' }).click()
  await expect(page.getByRole('alert')).toContainText('We could not confirm these details.')
  await expectNoAxeViolations(page, 'Report a claim without signing in, refused (375 px)')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  await page.getByLabel('ZIP Code').fill('33037')
  await page.getByRole('button', { name: 'Continue to the Claim Form' }).click()
  await expect(page).toHaveURL(/\/report-claim$/)
  const description = page.getByLabel('Brief Description of the Loss / Damages *')
  await expect(description).toBeVisible() // hydrated
  await expectNoAxeViolations(page, 'Report a Claim in a claim session (375 px)')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  // The claim form alone: no policy menu, no account links.
  await expect(page.getByRole('navigation', { name: /Policy/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Account Home' })).toHaveCount(0)

  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'FL'))
  await page.getByLabel('Time of Loss *').fill('14:05')
  await description.fill('Storm surge came in under the doors.')
  const reporter = page.getByRole('region', { name: 'Reported By', exact: true })
  await reporter.getByLabel('Reported By *').fill('Erin Castellano')
  await reporter.getByLabel('Phone Number *').fill('9195550164')
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('No')
    .check()
  await page.getByRole('button', { name: 'Report Claim' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
    .getByRole('button', { name: 'Confirm' })
    .click()
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
  await expect(page.getByRole('main')).toContainText(/Your claim number is FL-\d{4}-\d{6}\./)
  await expectNoAxeViolations(page, 'Claim reported without signing in (375 px)')
  await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible()

  // The claim session opens nothing else.
  await page.goto('/account-home')
  await expect(page.getByRole('heading', { name: 'Session Ended' })).toBeVisible()
})
