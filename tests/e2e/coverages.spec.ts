import { expect, test, expectNoAxeViolations, scrollWidth } from './fixtures'
import { openTagged } from './servicing-helpers'

/** 'What's covered' on the Policy Summary (issue 24) at phone and desktop widths, with axe. */

for (const width of [375, 1280]) {
  test.describe(`What's covered at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
    })

    test('a homeowners policy: limits right-aligned, a card per coverage on a phone, a help popover that opens', async ({ page }) => {
      await openTagged(page, 'policy.homeowners-balance')
      await page.goto('/policy-information')
      const block = page.getByRole('region', { name: "What's covered" })
      await expect(block).toBeVisible()
      const dwelling = block.getByRole('row', { name: /Coverage A - Dwelling/ })
      await expect(dwelling.getByRole('cell')).toHaveText('$525,000')
      expect(await dwelling.getByRole('cell').evaluate((el) => getComputedStyle(el).textAlign)).toBe('right')
      // A card on a phone (each row its own bordered box), a table row on a desktop.
      const display = await dwelling.evaluate((el) => getComputedStyle(el).display)
      expect(display).toBe(width < 600 ? 'flex' : 'table-row')
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width)

      await block.getByRole('button', { name: 'What Coverage A - Dwelling pays for' }).click()
      await expect(page.getByText('Pays to repair or rebuild your home and anything attached to it.')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByText('Pays to repair or rebuild your home and anything attached to it.')).toBeHidden()

      await expect(block.getByRole('row', { name: /Wildfire/ }).getByRole('cell')).toHaveText('$2,500')
      await expectNoAxeViolations(page, `Policy Summary, homeowners, ${width} px`)
    })

    test('a flood policy: what flood insurance does not cover, and the way to the coverage documents', async ({ page }) => {
      await openTagged(page, 'policy.flood-paid')
      await page.goto('/policy-information')
      const block = page.getByRole('region', { name: "What's covered" })
      await expect(
        block
          .getByRole('row', { name: /^Building/ })
          .first()
          .getByRole('cell'),
      ).toHaveText('$250,000')
      await expect(block.getByRole('listitem').filter({ hasText: 'Flood insurance does not cover' })).toBeVisible()
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width)
      await expectNoAxeViolations(page, `Policy Summary, flood, ${width} px`)
      await block.getByRole('link', { name: 'Read what your policy covers in your coverage documents' }).click()
      await expect(page).toHaveURL(/\/policy-documents$/)
    })
  })
}
