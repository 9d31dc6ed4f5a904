import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, personaTagged, scrollWidth, type Persona } from './fixtures'

/**
 * Issue 6: the e-signature screen in Chromium. The tests share one server state and run in order:
 * the keyboard and no-script checks come before the signing, which clears the policy's requirement.
 */

const erin = personaTagged('direct.edge-cases')
// A policy only this journey signs, so the other specs still find HOM4010001 awaiting its signature.
const REQUIRED = policyTagged(erin, 'policy.esign-journey')
const RENEWAL = policyTagged(erin, 'policy.renewal-esign')
const CONSENT = `I agree to conduct this transaction for policy ${REQUIRED} electronically pursuant to the terms & conditions *`
const INITIALS = 'Initials are required'
const TERMS = 'Please check the box to agree to the terms and conditions before proceeding.'
const NAME = 'The Applicant Signature field is required.'

function policyTagged(p: Persona, tag: string): string {
  const found = p.policies.find((x) => x.tags.includes(tag))
  if (!found) throw new Error(`${p.userName} has no policy tagged ${tag}`)
  return found.policyId
}

/** Opens the policy from Account Home: a policy that needs a signature lands on /e-sign. */
async function openESign(page: Page, persona: Persona, policyId: string): Promise<void> {
  await openPolicy(page, persona, policyId)
  await expect(page).toHaveURL(/\/e-sign$/)
  await expect(page.getByRole('heading', { level: 1, name: 'E-Signature Required' })).toBeVisible()
}

/** The island has hydrated: the terms button replaces the no-script terms section only then. */
async function waitForIsland(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Read the terms & conditions' })).toBeVisible()
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Sign Now posts the form; the server answers with every message and focuses the first field', async ({ page }) => {
    await openESign(page, erin, REQUIRED)
    await expect(page.locator('details.esign-terms')).toBeVisible()
    await page.getByRole('button', { name: 'Sign Now' }).click()
    await expect(page.getByText(INITIALS, { exact: true })).toHaveCount(4)
    await expect(page.getByText(TERMS, { exact: true })).toBeVisible()
    await expect(page.getByText(NAME, { exact: true })).toBeVisible()
    await expect(page.getByLabel('Initials for statement 1 *')).toBeFocused()
    await page.locator('details.esign-terms > summary').click()
    await expect(page.getByRole('heading', { name: 'Summary for California customers' })).toBeVisible()
    // (axe needs script in the page; the same markup is checked with script in the tests below.)
  })
})

test('the terms and conditions modal opens and closes with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openESign(page, erin, REQUIRED)
  await waitForIsland(page)
  await expectNoAxeViolations(page, 'E-Signature (375 px)')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  const open = page.getByRole('button', { name: 'Read the terms & conditions' })
  await open.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions for Electronic Signature' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Your right to paper copies' })).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'How to withdraw your consent' })).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Hardware and software you need' })).toBeAttached()
  await expect(dialog.getByRole('heading', { name: 'Summary for California customers' })).toBeAttached()
  await expect(dialog.getByText(/Adobe Acrobat Reader 4\.0 or greater/)).toBeAttached()
  await expect(dialog.getByText(/failing to sign electronically removes that discount/)).toBeAttached()
  await expect(dialog.getByRole('region')).toBeFocused()
  await expectNoAxeViolations(page, 'E-Signature terms modal')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('region')).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
})

test('signs a required policy end to end and sees it in the e-signature history', async ({ page }) => {
  await openESign(page, erin, REQUIRED)
  await waitForIsland(page)
  await expectNoAxeViolations(page, 'E-Signature')
  const signNow = page.getByRole('button', { name: 'Sign Now' })

  // Lazy validation: nothing is shown, and nothing sent, until Sign Now; then focus goes to the first error.
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/PostESignatures/')) posts.push(r.url())
  })
  await expect(page.getByText(INITIALS, { exact: true })).toHaveCount(0)
  await signNow.click()
  await expect(page.getByText(INITIALS, { exact: true })).toHaveCount(4)
  await expect(page.getByText(TERMS, { exact: true })).toBeVisible()
  await expect(page.getByText(NAME, { exact: true })).toBeVisible()
  await expect(page.getByLabel('Initials for statement 1 *')).toBeFocused()
  await expectNoAxeViolations(page, 'E-Signature with errors')

  for (let i = 1; i <= 4; i++) await page.getByLabel(`Initials for statement ${i} *`).fill('EC')
  await expect(page.getByText(INITIALS, { exact: true })).toHaveCount(0)
  await signNow.click()
  await expect(page.getByLabel(CONSENT)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByText(TERMS, { exact: true })).toHaveCount(0)
  await signNow.click()
  await expect(page.getByLabel('Applicant Signature *')).toBeFocused()
  expect(posts).toHaveLength(0)

  await page.getByLabel('Applicant Signature *').fill('Erin Castellano')
  await signNow.click()
  await expect(page).toHaveURL(/\/system-message$/)
  expect(posts).toHaveLength(1)
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you.' })).toHaveText(
    new RegExp(`^Thank you\\. Your e-signature for policy ${REQUIRED} was received on \\d{2}/\\d{2}/\\d{4}\\. You can see it on the E-Signatures page\\.$`),
  )
  await expectNoAxeViolations(page, 'System message after signing')

  // Back on the Dashboard the side nav offers the history instead of the signature.
  await page.getByRole('link', { name: 'Return to Summary' }).click()
  await expect(page).toHaveURL(/\/policy-information$/)
  const nav = page.getByRole('navigation', { name: 'Policy' })
  await expect(nav.getByRole('link', { name: 'E-Signature Required' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'E-Signatures', exact: true }).click()
  await expect(page).toHaveURL(/\/e-sign-history$/)
  await expect(page.getByRole('heading', { level: 1, name: 'E-Signatures' })).toBeVisible()
  const rows = page.getByRole('row').filter({ hasText: 'EC' })
  await expect(rows).toHaveCount(4)
  await expect(rows.first()).toContainText('I understand that this homeowners policy does not cover loss caused by flood or earthquake')
  await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/)

  // The same rows through the API, and /e-sign now goes to the history.
  const api = await page.request.get(`/v1/homeowners/GetESignatures/${REQUIRED}`)
  expect(api.status()).toBe(200)
  const history = (await api.json()) as { eSignature: string; statementText: string }[]
  expect(history.filter((h) => h.eSignature === 'EC')).toHaveLength(4)
  await page.goto('/e-sign')
  await expect(page).toHaveURL(/\/e-sign-history$/)
})

test("a renewal shows only 'Click here to review your declaration page.', which opens the declarations", async ({ page }) => {
  await openESign(page, erin, RENEWAL)
  const link = page.getByRole('link', { name: /^Click here to review your declaration page\./ })
  await expect(link).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Now' })).toHaveCount(0)
  await expect(page.getByRole('textbox')).toHaveCount(0)
  await expectNoAxeViolations(page, 'E-Signature, renewal')
  expect(await link.getAttribute('target')).toBe('_blank')
  const href = await link.getAttribute('href')
  const pdf = await page.request.get(href!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
})
