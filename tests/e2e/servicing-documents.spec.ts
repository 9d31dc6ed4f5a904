import { expect, test, expectNoAxeViolations } from './fixtures'
import { openPartnerPolicy, openTagged, pdfOf } from './servicing-helpers'

/** Downloads from the Documents page, opened as PDFs; and the partner-site notice. */

test.describe('downloads', () => {
  test('a packet and a document download as PDF files named as the spec says', async ({ page }) => {
    const policyId = await openTagged(page, 'policy.packets')
    await page.goto('/policy-documents')
    const main = page.getByRole('main')

    const packetDownload = page.waitForEvent('download')
    await main.getByRole('link', { name: /^New Business Packet \d{2}\/\d{2}\/\d{4}/ }).click()
    const packet = await packetDownload
    // 'New Business Packet ' + MM/dd/yyyy; the browser cannot keep '/' in a file name and writes '_'.
    expect(packet.suggestedFilename()).toMatch(/^New Business Packet \d{2}_\d{2}_\d{4}\.pdf$/)
    const packetPdf = await pdfOf((await packet.path())!)
    expect(packetPdf.header).toBe('%PDF-')
    expect(packetPdf.pages).toBeGreaterThanOrEqual(3) // cover letter, declarations, summary

    const docDownload = page.waitForEvent('download')
    await main.getByRole('link', { name: /^Declarations Page/ }).click()
    const doc = await docDownload
    expect(doc.suggestedFilename()).toBe(`${policyId}-declarations.pdf`)
    const docPdf = await pdfOf((await doc.path())!)
    expect(docPdf.header).toBe('%PDF-')
    expect(docPdf.pages).toBeGreaterThanOrEqual(1)

    const coverageDownload = page.waitForEvent('download')
    await main.getByRole('list').last().getByRole('link').first().click()
    expect((await pdfOf((await (await coverageDownload).path())!)).header).toBe('%PDF-')
    await expect(page).toHaveURL(/\/policy-documents$/) // the page stays
  })
})

test.describe('partner-site redirect (sendToProgressive)', () => {
  for (const width of [375, 1280]) {
    test(`the banner and the 'Great News!' modal (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await openPartnerPolicy(page, 'policy.partner')
      await page.goto('/policy-information')
      const banner = page.getByRole('region', { name: 'Partner notice' })
      await expect(banner).toContainText("Great News! Your policy can now be serviced on our partner's site.")
      const dialog = page.getByRole('dialog', { name: 'Great News!' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('button', { name: "Log in to our partner's site (opens in a new tab)" })).toBeVisible()
      await expect(dialog.locator('form[action="/great-news"]')).toHaveAttribute('target', '_blank')
      await expectNoAxeViolations(page, `Great News modal at ${width}`)
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toBeHidden()

      await page.goto('/agent-information') // opens by itself once
      await expect(banner).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('link', { name: 'Manage Profile' })).toHaveCount(0)
      await banner.getByRole('button', { name: 'Learn more' }).click()
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expectNoAxeViolations(page, `partner banner at ${width}`)
    })
  }
})
