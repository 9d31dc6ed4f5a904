import { expect, test } from './fixtures'
import { openPartnerPolicy, openTagged, pdfOf, sideNav } from './servicing-helpers'

/** With JavaScript disabled, every servicing page shows its content and its links work. */
test.use({ javaScriptEnabled: false })

test('homeowners: every page through the side nav, paging, the claims list and a download, without script', async ({ page }) => {
  const policyId = await openTagged(page, 'policy.homeowners-balance')
  await page.goto('/policy-information')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Policy Summary' })).toBeVisible()
  await expect(main).toContainText(policyId)
  await expect(main.getByRole('heading', { level: 2, name: 'Mortgagees' })).toBeVisible()
  // The second: the policy-changes spec replaces maria's first mortgage company in the same run.
  await expect(main).toContainText('Golden 1 Credit Union')

  const steps: [string, RegExp, string][] = [
    ['Agent Information', /\/agent-information$/, 'Golden State Insurance Agency'],
    ['Claims History', /\/claims-history$/, 'HO-2026-004417'],
    ['Payment History', /\/payment-history$/, 'Renewal Down Payment - Check'],
    ['Documents', /\/policy-documents$/, 'Renewal Packet 11/15/2026'],
    ['Policy Summary', /\/policy-information$/, 'Additional Interest(s)'],
  ]
  for (const [link, url, content] of steps) {
    await (await sideNav(page)).getByRole('link', { name: link, exact: true }).click()
    await expect(page).toHaveURL(url)
    await expect(main).toContainText(content)
  }

  await page.goto('/payment-history')
  await main.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\?page=2$/)
  await expect(main.locator('tbody tr')).toHaveCount(3)

  // The claims list opens through an invoker command: no script needed.
  await (await sideNav(page)).getByRole('button', { name: 'Report a Claim' }).click()
  const dialog = page.getByRole('dialog', { name: /^Claims on Policy/ })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/policy-documents')
  const download = page.waitForEvent('download')
  await main.getByRole('link', { name: /^Renewal Packet/ }).click()
  expect((await pdfOf((await (await download).path())!)).header).toBe('%PDF-')
})

test('flood, excess flood, umbrella and cancelled pages show their content without script', async ({ page }) => {
  const cases: [string, string, string][] = [
    [
      'policy.flood-balance',
      '/policy-documents',
      'The Declarations Page will be available once the policy has been paid in full and underwriting has been completed.',
    ],
    ['policy.excess-flood', '/policy-information', 'Excess Flood'],
    ['policy.umbrella', '/policy-information', 'Whitfield Family Trust'],
    ['policy.cancelled', '/policy-information', 'Cancelled Policy'],
  ]
  for (const [tag, path, content] of cases) {
    await page.context().clearCookies()
    await openTagged(page, tag)
    await page.goto(path)
    await expect(page.getByRole('main'), tag).toContainText(content)
    for (const p of ['/agent-information', '/claims-history', '/payment-history', '/policy-documents']) {
      await page.goto(p)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }), `${tag} ${p}`).toBeVisible()
    }
  }
})

test("the partner policy's 'Great News!' modal is shown and closes without script", async ({ page }) => {
  await openPartnerPolicy(page, 'policy.partner')
  await page.goto('/policy-information')
  const dialog = page.getByRole('dialog', { name: 'Great News!' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Policy Summary' })).toBeVisible()
})
