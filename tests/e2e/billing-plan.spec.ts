import { expect, expectNoAxeViolations, openPolicy, personaTagged, scrollWidth, test } from './fixtures'
import { localDate } from '../../shared/clock'
import { formatDate } from '../../shared/format'
import { firstDueDate } from '../../shared/policy/changes/billing-plan'

/**
 * Issue 34's 'Done when' for the billing plan (decision 217), tried as a new user would at 375 px: erin
 * moves her pay-in-full homeowners policy (HOM4040001, $1,980.00 owed, NC; no other spec changes its
 * bill) to monthly on the 20th, sees each plan's dates and amounts before choosing, confirms the review,
 * and the payment-due box shows the first installment: $1,980.00 / 10 plus the $5.00 fee.
 */
const erin = personaTagged('direct.edge-cases')
const POLICY = 'HOM4040001'

test.use({ viewport: { width: 375, height: 812 } })
test.setTimeout(120_000)

test('switch a policy to monthly, see the schedule before choosing, and the first installment in the payment-due box', async ({ page }) => {
  await openPolicy(page, erin, POLICY)
  await page.goto('/policy-changes')
  await page.getByRole('link', { name: 'Change my billing plan or due date' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Change my billing plan or due date' })).toBeVisible()

  await page.getByLabel('Day of the month payments are due').selectOption('20')
  await page.getByRole('button', { name: 'Show the schedules for this day' }).click()
  const first = firstDueDate(localDate(Date.now(), 'NC'), 20)
  const monthly = page.getByRole('list', { name: 'Monthly (10 installments): dates and amounts' })
  await expect(monthly.getByRole('listitem')).toHaveCount(10)
  await expect(monthly.getByRole('listitem').first()).toHaveText(`Installment 1 of 10: $203.00 due ${formatDate(first)} (includes a $5.00 fee).`)
  await expect(page.getByRole('list', { name: 'Four installments: dates and amounts' }).getByRole('listitem')).toHaveCount(4)
  await expect(page.getByRole('list', { name: 'Pay in full: dates and amounts' })).toContainText('$1,980.00')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Change my billing plan, 375 px')

  await page.getByRole('radio', { name: 'Monthly (10 installments)' }).check()
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Review your change' })).toBeVisible()
  await expect(page.locator('main')).toContainText('to Monthly (10 installments), due on day 20 of the month.')
  await expect(page.locator('main')).toContainText('In all $2,030.00: $1,980.00 still owed plus $50.00 in installment fees.')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Review the billing change, 375 px')
  await page.getByRole('button', { name: 'Confirm the change' }).click()

  await expect(page.getByRole('status')).toContainText('Your change was made.')
  const box = page.getByRole('complementary', { name: 'Payment due' })
  await expect(box).toContainText('Amount Due')
  await expect(box).toContainText('$203.00')
  await expect(box).toContainText(`By: ${formatDate(first)}`)
  await expectNoAxeViolations(page, 'Change My Policy after the billing change, 375 px')
})
