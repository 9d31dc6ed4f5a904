import { expect, openPolicy, personaTagged, test } from '../e2e/fixtures'
import { lastMailId, mailTo, STAND_INS } from './support'

/**
 * As deployed (issue 34, decisions 214 and 216): maria replaces her first mortgage company; the portal
 * prices and binds it through its real HTTP adapter at the stand-ins' own process (/policy-admin, with
 * the deployed key), and the new lender's mail with the proof of insurance (its PDF attached) and her
 * confirmation arrive at the mail stand-in.
 */
const OWNER = personaTagged('direct.multi')
const POLICY = 'HOM4010001'

test('maria replaces her mortgage company and the new lender receives the proof of insurance', async ({ page, request }) => {
  const before = await lastMailId(request)
  await openPolicy(page, OWNER, POLICY)
  await page.goto('/policy-changes/mortgage-company')
  const lender = `insurance.${Date.now().toString(36)}@harbor.example`
  await page.getByLabel('Replace a mortgage company').check()
  await page.getByLabel('Which one').selectOption('1')
  await page.getByLabel('Name of the company').fill('Harbor Home Loans')
  await page.getByLabel('Loan number').fill('HHL-DEPLOYED-1')
  await page.getByLabel('Mailing address').fill('400 Capitol Mall')
  await page.getByLabel('City').fill('Sacramento')
  await page.getByLabel('State').selectOption('CA')
  await page.getByLabel('ZIP code').fill('95814')
  await page.getByLabel("The company's email address for insurance documents").fill(lender)
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.locator('main')).toContainText('with Harbor Home Loans, loan HHL-DEPLOYED-1, as the first mortgagee.')
  const changeId = new URL(page.url()).searchParams.get('change')!
  await page.getByRole('button', { name: 'Confirm the change' }).click()
  await expect(page.getByRole('status')).toContainText('Your change was made.')

  // The carrier's side, read as a tester reads it: the stand-in bound the change under the portal's reference.
  const { quotes } = (await (await request.get(`${STAND_INS}/policy-admin/changes`)).json()) as { quotes: { reference: string; status: string }[] }
  expect(quotes.find((q) => q.reference === changeId)?.status).toBe('bound')

  const proof = await mailTo(request, lender, new RegExp(`^Proof of insurance for policy ${POLICY}$`), before)
  expect(proof.text).toContain('Harbor Home Loans, loan HHL-DEPLOYED-1')
  expect(proof.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) })])
  const pdf = await request.get(`${STAND_INS}/mailbox/${proof.id}/attachments/0`)
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  await page.goto('/policy-information')
  await expect(page.locator('main')).toContainText('Harbor Home Loans')
})
