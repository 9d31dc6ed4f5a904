import { expect, expectNoAxeViolations, openPolicy, personaTagged, scrollWidth, test } from './fixtures'

/**
 * Issue 34 items 3 and 4 (decisions 215, 216), tried as a new user would at 375 px on maria's condo
 * (no other spec changes it): the Policy Summary's 'Change my policy' link leads to the kinds;
 * she changes the mailing address and adds an email (the confirmation reaches it), then raises her
 * deductible and sees the premium's change on the review before confirming and in the history after.
 */
const maria = personaTagged('direct.multi')
const POLICY = 'CND4010002'

test.use({ viewport: { width: 375, height: 812 } })
test.setTimeout(120_000)

test('change the mailing address, then raise a deductible and see the premium’s change before and after binding', async ({ page }) => {
  await openPolicy(page, maria, POLICY)
  await page.goto('/policy-information')
  await page.getByRole('link', { name: 'Change my policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Change my policy' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change my mailing address, email or phone' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change my deductible' })).toBeVisible()
  await expectNoAxeViolations(page, 'Change my policy, 375 px')

  // The mailing address and an email for the policy (it had none).
  await page.getByRole('link', { name: 'Change my mailing address, email or phone' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Change my mailing address and contact details' })).toBeVisible()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Change my mailing address, 375 px')
  const email = `maria.${Date.now().toString(36)}@example.com`
  await page.getByRole('textbox', { name: 'Mailing address', exact: true }).fill('1500 Ocean Drive')
  await page.getByLabel('Apartment, suite or unit (optional)').fill('Unit 1204')
  await page.getByLabel('City').fill('Miami Beach')
  await page.getByLabel('State').selectOption('FL')
  await page.getByLabel('ZIP code').fill('33139')
  await page.getByLabel('Email for this policy').fill(email)
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Review your change' })).toBeVisible()
  const main = page.locator('main')
  await expect(main).toContainText('to 1500 Ocean Drive, Unit 1204, Miami Beach, FL 33139.')
  await expect(main).toContainText(`Email for this policy: from none to ${email}.`)
  await expect(main).toContainText('No change')
  await expectNoAxeViolations(page, 'Review the mailing address, 375 px')
  await page.getByRole('button', { name: 'Confirm the change' }).click()
  await expect(page.getByRole('status')).toContainText('Your change was made.')
  await page.goto('/policy-information')
  await expect(page.locator('main')).toContainText('1500 Ocean Drive')
  await expect(page.locator('main')).toContainText(email)

  // A higher deductible: the premium's change before binding ...
  await page.goto('/policy-changes/deductible')
  await expect(page.getByRole('heading', { level: 1, name: 'Change my deductible' })).toBeVisible()
  await expect(page.getByLabel('All other perils deductible')).toHaveValue('50000')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Change my deductible, 375 px')
  await page.getByLabel('All other perils deductible').selectOption({ label: '$1,000' })
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(main).toContainText('All other perils deductible: from $500 to $1,000.')
  await expect(main).toContainText('$95.00 less for the rest of the term')
  await expect(main).toContainText('including a claim already open, keeps the deductible the policy had when it happened')
  await expectNoAxeViolations(page, 'Review the deductible, 375 px')
  await page.getByRole('button', { name: 'Confirm the change' }).click()

  // ... and after: the history says it, and the policy's deductibles are the new ones.
  await expect(page.getByRole('status')).toContainText('Your change was made.')
  const entry = page.locator('main li.entry').filter({ hasText: 'All other perils deductible' })
  await expect(entry).toContainText('$95.00 less for the rest of the term')
  await expect(entry).toContainText('Done')
  await page.goto('/policy-information')
  await expect(
    page
      .getByRole('table', { name: /Deductibles/i })
      .getByRole('row', { name: /All Other Perils/ })
      .getByRole('cell'),
  ).toHaveText('$1,000')

  // Both confirmations reached the policy's new email: the address's, then the deductible's with its premium.
  await page.request.post('/__dev/scheduled', { headers: { Origin: new URL(page.url()).origin } })
  await page.goto('/__dev/mailbox')
  const changed = page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ hasText: `Your policy ${POLICY} was changed` })
  await expect(changed.filter({ hasText: '(Mailing address and contact details)' })).toHaveCount(1)
  await expect(changed.filter({ hasText: '(Deductible)' })).toContainText('Premium: $95.00 less for the rest of the term')
})
