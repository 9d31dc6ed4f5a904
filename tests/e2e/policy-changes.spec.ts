import { expect, expectNoAxeViolations, openPolicy, personaTagged, scrollWidth, test } from './fixtures'

/**
 * Issue 34's 'Done when' for the mortgage company (decision 214), tried as a new user would at 375 px:
 * maria replaces her first mortgage company from the Policy Summary, reads the review (what changes and
 * from when), confirms; the summary shows the new lender, Documents holds the Policy Change packet, and
 * the dev mailbox holds the lender's mail with the proof of insurance attached.
 */
const maria = personaTagged('direct.multi')
const POLICY = 'HOM4010001'

test.use({ viewport: { width: 375, height: 812 } })
test.setTimeout(120_000)

test('replace maria’s mortgage company and see the lender’s mail with the proof of insurance', async ({ page }) => {
  await openPolicy(page, maria, POLICY)
  await page.goto('/policy-information')
  // The Mortgagees list (open at first) offers the change.
  await page.getByRole('link', { name: 'Change my mortgage company' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Change my mortgage company' })).toBeVisible()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Change my mortgage company, 375 px')

  // A mistake first: the form says what to fix, by the field.
  await page.getByLabel('Replace a mortgage company').check()
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByRole('heading', { name: /Please correct these \d+ fields:/ })).toBeVisible()
  await expect(page.getByText('Enter the name of the mortgage company.').first()).toBeVisible()

  const lender = `insurance.${Date.now().toString(36)}@harbor.example`
  await page.getByLabel('Replace a mortgage company').check()
  await page.getByLabel('Which one').selectOption('1')
  await page.getByLabel('Name of the company').fill('Harbor Home Loans')
  await page.getByLabel('Loan number').fill('HHL-20261128')
  await page.getByLabel('Mailing address').fill('400 Capitol Mall')
  await page.getByLabel('City').fill('Sacramento')
  await page.getByLabel('State').selectOption('CA')
  await page.getByLabel('ZIP code').fill('95814')
  await page.getByLabel("The company's email address for insurance documents").fill(lender)
  await page.getByRole('button', { name: 'Review the change' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Review your change' })).toBeVisible()
  const main = page.locator('main')
  await expect(main).toContainText(/Replace .+ with Harbor Home Loans, loan HHL-20261128, as the first mortgagee\./)
  await expect(main).toContainText('From')
  await expect(main).toContainText('No change')
  await expect(main).toContainText(lender)
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Review your change, 375 px')
  await page.getByRole('button', { name: 'Confirm the change' }).click()

  await expect(page.getByRole('status')).toContainText('Your change was made.')
  await expect(page.locator('main')).toContainText('Harbor Home Loans, loan HHL-20261128')
  await expectNoAxeViolations(page, 'Change My Policy with its history, 375 px')

  await page.goto('/policy-information')
  await expect(page.locator('main')).toContainText('Harbor Home Loans')
  await page.goto('/policy-documents')
  await expect(page.getByRole('link', { name: /Policy Change Packet/ }).first()).toBeVisible()

  // The lender's mail, through the existing lender mail (the outbox drains on its own; a nudge for the test).
  await page.request.post('/__dev/scheduled', { headers: { Origin: new URL(page.url()).origin } })
  await page.goto('/__dev/mailbox')
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Proof of insurance for policy ${POLICY}` }) })
    .filter({ hasText: lender })
  await expect(mail).toHaveCount(1)
  await expect(mail).toContainText('For: Harbor Home Loans, loan HHL-20261128')
  await expect(mail.getByRole('listitem').filter({ hasText: 'application/pdf' })).toHaveText(new RegExp(`^proof-of-insurance-${POLICY}-`))
  await expect(page.getByRole('article').filter({ hasText: `Your policy ${POLICY} was changed` })).toHaveCount(1)

  // The carrier's side: the stand-in lists the change as bound, with its rating rules.
  await page.goto('/__dev/policy-admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Dev Policy Administration' })).toBeVisible()
  await expect(page.getByRole('article').filter({ hasText: 'Harbor Home Loans' }).first()).toContainText('bound')
  await expectNoAxeViolations(page, 'Dev Policy Administration, 375 px')
})

test('without script, removing a mortgage company is sent for review and shows pending with who will call', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await page.goto('/')
  await page.getByLabel('User ID or Email *', { exact: true }).fill(maria.userName)
  await page.getByLabel('Password *', { exact: true }).fill(maria.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.getByRole('button', { name: new RegExp(`View your policy for policy details.*${POLICY}`) }).click()
  await page.goto('/policy-changes/mortgage-company')
  await page.getByLabel('Remove a mortgage company').check()
  await page.getByLabel('Which one').selectOption('2')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.locator('main')).toContainText('Policy services reviews this change before it takes effect')
  await page.getByRole('button', { name: 'Send the change for review' }).click()
  await expect(page.getByRole('status')).toContainText('Policy services reviews it before it takes effect')
  const pending = page.locator('main li.entry').filter({ hasText: 'Remove' })
  await expect(pending.first()).toContainText('Pending: our policy services team reviews it')
  await expect(pending.first()).toContainText('A policy services specialist will call you')
  await context.close()
})
