import type { APIRequestContext, Page } from '@playwright/test'
import { pdfText } from '../support/pdf-text'
import { expect, expectNoAxeViolations, logIn, personaTagged, scrollWidth, test } from './fixtures'

/**
 * Issue 22 item 4 end to end in Chromium: from Your Profile to Paperless documents; the disclosures; the
 * sample PDF's code (a wrong code is refused with a clear message); the consent; a document issued by the
 * policy-system stand-in announced by email in /__dev/mailbox after the scheduled work; the withdrawal,
 * after which a new document is not announced. axe clean at 375 and 1280 px in each state.
 */
test.describe.configure({ mode: 'serial' })

const erin = personaTagged('direct.edge-cases')
const policyId = erin.policies[0]!.policyId
const CODE_MISSING = 'Enter the code printed in the sample PDF.'
const CODE_WRONG = 'That is not the code in the sample PDF. Open the sample PDF again and type the code it shows.'

async function sampleCode(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: 'Open the sample PDF (opens in a new tab)' }).getAttribute('href')
  const pdf = await page.request.get(href!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const code = /Your code\s*([A-Z]{6})/.exec(await pdfText(await pdf.body()))?.[1]
  if (!code) throw new Error('the sample PDF prints no code')
  return code
}

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    if (width === 375) expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await expectNoAxeViolations(page, `${label} (${width} px)`)
  }
}

async function issueDocumentAndRunSchedule(request: APIRequestContext, origin: string, description: string): Promise<number> {
  const headers = { Origin: origin }
  const issued = await request.post('/__dev/policy-documents', { headers, data: { policyId, description } })
  expect(issued.status()).toBe(201)
  const run = await request.post('/__dev/scheduled', { headers })
  expect(run.status()).toBe(200)
  return ((await run.json()) as { paperlessNotices: number }).paperlessNotices
}

test('consent with its disclosures, a new-document email, then withdrawal', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page, erin)
  const origin = new URL(page.url()).origin

  await page.goto('/manage-profile')
  await page.getByRole('link', { name: 'Paperless documents' }).click()
  await expect(page).toHaveURL(/\/paperless-documents$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Paperless documents' })).toBeVisible()
  await expect(page.getByText('You get your policy documents by mail.')).toBeVisible()
  for (const heading of [
    'What you receive electronically',
    'Your right to paper copies',
    'Withdrawing your consent',
    'Keeping your email address current',
    'What you need to open and keep the documents',
  ])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  await expect(page.getByText(/free of charge/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change your email address on Your Profile' }).first()).toHaveAttribute('href', '/manage-profile')
  await axeAtBothWidths(page, 'Paperless documents')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Step 1: the sample PDF, as the browser fetches it for this session; it prints the code.
  const code = await sampleCode(page)

  // Nothing typed, then a wrong code: refused, with the message on the field, which takes focus.
  await page.getByRole('button', { name: 'Agree and go paperless' }).click()
  await expect(page.getByText(CODE_MISSING)).toBeVisible()
  const codeField = page.getByLabel('Code from the sample PDF *')
  await codeField.fill(code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ')
  await page.getByLabel(/I have read the disclosures above/).check()
  await page.getByRole('button', { name: 'Agree and go paperless' }).click()
  await expect(page.getByText(CODE_WRONG)).toBeVisible()
  await expect(codeField).toHaveAttribute('aria-invalid', 'true')
  await expect(codeField).toBeFocused()
  await axeAtBothWidths(page, 'Paperless documents, wrong code')
  await page.setViewportSize({ width: 1280, height: 900 })

  // The right code (any case) and the box: consented.
  await codeField.fill(code.toLowerCase())
  await page.getByLabel(/I have read the disclosures above/).check()
  await page.getByRole('button', { name: 'Agree and go paperless' }).click()
  await expect(page).toHaveURL(/\/paperless-documents\?done=consented$/)
  await expect(page.getByRole('status')).toContainText('Your documents now come electronically')
  await expect(page.getByText(`We email ${erin.email} when a new one is available.`, { exact: false })).toBeVisible()
  await axeAtBothWidths(page, 'Paperless documents, consented')
  await page.setViewportSize({ width: 1280, height: 900 })

  // The policy system issues a document; the scheduled work announces it once.
  expect(await issueDocumentAndRunSchedule(page.request, origin, 'Premium Notice')).toBe(1)
  await page.goto('/__dev/mailbox')
  const mail = page.getByRole('article').filter({ hasText: `A new document for your ProgHome policy ${policyId}` })
  await expect(mail).toHaveCount(1)
  await expect(mail).toContainText(erin.email)
  await expect(mail).toContainText(`A new document is available for your policy ${policyId}: Premium Notice.`)

  // Withdrawal takes effect at once: the next document is not announced.
  await page.goto('/paperless-documents')
  await page.getByRole('button', { name: 'Withdraw my consent' }).click()
  await expect(page).toHaveURL(/\/paperless-documents\?done=withdrawn$/)
  await expect(page.getByRole('status')).toContainText('Your consent is withdrawn. From now on your documents come by mail.')
  await expect(page.getByText(/You withdrew your consent to paperless documents on \d{2}\/\d{2}\/\d{4}\./)).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Agreed to paperless documents' })).toHaveCount(1)
  await expect(page.getByRole('listitem').filter({ hasText: 'Withdrew consent' })).toHaveCount(1)
  await axeAtBothWidths(page, 'Paperless documents, withdrawn')

  expect(await issueDocumentAndRunSchedule(page.request, origin, 'Renewal Offer')).toBe(0)
  await page.goto('/__dev/mailbox')
  await expect(page.getByRole('article').filter({ hasText: 'Renewal Offer' })).toHaveCount(0)
})

test('the same without JavaScript: consent and withdrawal are plain forms', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await logIn(page, erin)
  await page.goto('/paperless-documents')
  await page.getByLabel('Code from the sample PDF *').fill(await sampleCode(page))
  await page.getByLabel(/I have read the disclosures above/).check()
  await page.getByRole('button', { name: 'Agree and go paperless' }).click()
  await expect(page.getByRole('status')).toContainText('Your documents now come electronically')
  await page.getByRole('button', { name: 'Withdraw my consent' }).click()
  await expect(page.getByRole('status')).toContainText('Your consent is withdrawn.')
  await context.close()
})
