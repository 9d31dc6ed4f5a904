import { expect, test } from './fixtures'
import { openTagged } from './servicing-helpers'

/**
 * Issue 35 at 375 px, FLD4010003 (decision 222): 'Pending - Elevation Certificate Required' says what to do
 * and whom to call; while its Declarations Page is withheld, Documents gives the number to call instead of
 * sending the person to that page.
 */
test.use({ viewport: { width: 375, height: 812 } })
const SHOT = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const

test('the pending underwriting status has a next step, and Documents gives the number while the Declarations Page is withheld', async ({ page }) => {
  await openTagged(page, 'policy.flood-balance')
  await page.goto('/policy-information')
  const main = page.getByRole('main')
  await expect(main).toContainText('Pending - Elevation Certificate Required')
  const step = main.locator('.underwriting-next')
  await expect(step).toContainText('Underwriting needs an Elevation Certificate for this building')
  await expect(step).toContainText('Please send it to your agent')
  await expect(step.getByRole('link', { name: '916-555-0142' })).toHaveAttribute('href', 'tel:9165550142')
  await expect(main.locator('dd:has(.underwriting-next)')).toHaveScreenshot('underwriting-next-step-375.png', SHOT)

  await page.goto('/policy-documents')
  await expect(main).toContainText('The Declarations Page will be available once the policy has been paid in full and underwriting has been completed.')
  await expect(main).not.toContainText('on your Declarations Page')
  const note = main.locator('.documents-note')
  await expect(note).toContainText('If you cannot find a document, please call policy servicing at 1-800-555-0134.')
  await expect(note.getByRole('link', { name: '1-800-555-0134' })).toHaveAttribute('href', 'tel:18005550134')
  await expect(note).toHaveScreenshot('documents-note-withheld-375.png', SHOT)
})
