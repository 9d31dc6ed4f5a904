import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, personaTagged } from './fixtures'

/** Spec 000 "Test SSO" and "SSO landing": Test SSO -> landing -> the page of each action code. */

const SINGLE = personaTagged('direct.single').policies[0]!.policyId // no e-signature required
const ESIGN = personaTagged('direct.multi').policies[0]!.policyId // e-signature required

async function clickTestSso(page: Page, form: { action: string; policyId: string; origin?: 'None' | 'MNA (mobile native app)'; optOut?: boolean }) {
  await page.goto('/TestSSO')
  await page.getByLabel('Action').selectOption(form.action)
  await page.getByLabel('Policy ID').fill(form.policyId)
  await page.getByLabel('System Origin').selectOption({ label: form.origin ?? 'None' })
  await page.getByLabel(form.optOut ? '0: opt out' : '1: opt in').check()
  await page.getByRole('button', { name: 'Click' }).click()
}

test.describe('Test SSO', () => {
  test('the page: no header, axe clean at phone and desktop widths', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/TestSSO')
      await expect(page).toHaveTitle('Test SSO - ProgHome')
      await expect(page.getByRole('heading', { level: 1, name: 'Test SSO' })).toBeVisible()
      await expect(page.locator('header.site-header')).toHaveCount(0)
      await expect(page.getByLabel('Action').locator('option')).toHaveText(['POLICYSUMMARY', 'POLICYDOCUMENTS', 'REPORTCLAIM'])
      await expectNoAxeViolations(page, `Test SSO at ${width}px`)
    }
  })

  test('clears session storage when it loads', async ({ page }) => {
    await page.goto('/TestSSO')
    await page.evaluate(() => sessionStorage.setItem('left-over', 'x'))
    await page.reload()
    expect(await page.evaluate(() => sessionStorage.getItem('left-over'))).toBeNull()
  })

  const ACTIONS = [
    { action: 'POLICYSUMMARY', path: '/policy-information', title: 'Policy Summary - ProgHome' },
    { action: 'POLICYDOCUMENTS', path: '/policy-documents', title: 'Documents - ProgHome' },
    { action: 'REPORTCLAIM', path: '/report-claim', title: 'Report a Claim - ProgHome' },
  ]
  for (const { action, path, title } of ACTIONS) {
    test(`${action} lands on ${path}`, async ({ page }) => {
      await clickTestSso(page, { action, policyId: SINGLE })
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page).toHaveTitle(title)
      // An SSO user's Account Home ends the session, then goes to the partner's (spec 000 section 4).
      await expect(page.getByRole('banner').locator('form[action="/return-to-partner"]').getByRole('button', { name: 'Account Home' })).toBeVisible()
    })
  }

  test('a policy that requires an e-signature lands on the e-signature page', async ({ page }) => {
    await clickTestSso(page, { action: 'POLICYDOCUMENTS', policyId: ESIGN })
    await expect(page).toHaveURL(/\/e-sign$/)
    await expect(page).toHaveTitle('E-Signature Required - ProgHome')
  })

  test('trims and uppercases the policy id; MNA hides Account Home; the opt-out is stored; the landing is not in history', async ({ page, context }) => {
    await clickTestSso(page, { action: 'POLICYSUMMARY', policyId: `  ${SINGLE.toLowerCase()} `, origin: 'MNA (mobile native app)', optOut: true })
    await expect(page).toHaveURL(/\/policy-information$/)
    await expect(page).toHaveTitle('Policy Summary - ProgHome')
    await expect(page.getByRole('link', { name: 'Account Home' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Account Home', includeHidden: true })).toHaveCount(0)
    const optOut = (await context.cookies()).find((c) => c.name === 'PgrOptOutPref')
    expect(decodeURIComponent(optOut!.value)).toBe('C0004:0')
    await page.goBack()
    await expect(page).toHaveURL(/\/TestSSO$/)
  })
})
