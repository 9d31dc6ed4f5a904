import { expect, openPolicy, personaTagged, scrollWidth, submitLogin, test } from '../e2e/fixtures'
import { mailTo, runCron, STAND_INS } from './support'
import { localDate } from '../../shared/clock'

/**
 * As deployed (issue 32 items 3 and 6): a claim reported on the portal reaches the claims system; its
 * signed payment event comes back; the payment mail carries the claim's address on the portal's base
 * URL, which, opened signed out at 375 px, goes through sign-in and lands on the claim; Claims History
 * says what was paid.
 */
test.setTimeout(180_000)

const OWNER = personaTagged('direct.edge-cases')
const FLOOD = 'FLD4040005'

test('a payment mail’s link opens the claim after sign-in, and Claims History says what was paid', async ({ page, context, request }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, OWNER, FLOOD)
  await page.goto('/report-claim')
  const description = page.getByLabel('Brief Description of the Loss / Damages *')
  await expect(description).toBeVisible()
  // The date and time of loss start empty (issue 35 item 2).
  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'FL'))
  await page.getByLabel('Time of Loss *').fill('14:05')
  await description.fill('Water came in under the doors.')
  const reporter = page.getByRole('region', { name: 'Reported By', exact: true })
  await reporter.getByLabel('Reported By *').fill('Erin Castellano')
  await reporter.getByLabel('Phone Number *').fill('9195550164')
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('No')
    .check()
  await page.getByRole('button', { name: 'Report Claim' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
    .getByRole('button', { name: 'Confirm' })
    .click()
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
  const claimNumber = /FL-\d{4}-\d{6}/.exec((await page.getByRole('main').textContent()) ?? '')![0]
  await expect(page.getByRole('link', { name: 'See your claim' })).toHaveAttribute('href', `/claims/${claimNumber}`)

  await expect
    .poll(async () => {
      await runCron(request)
      const { claims } = (await (await request.get(`${STAND_INS}/claims-system/claims`)).json()) as { claims: { claimNumber: string; status: string }[] }
      return claims.find((c) => c.claimNumber === claimNumber)?.status
    })
    .toBe('open')
  const pushed = await request.post(`${STAND_INS}/claims-system/claims/${claimNumber}/events`, {
    data: { type: 'payment.issued', data: { amountCents: 845_000, method: 'check' } },
  })
  expect(await pushed.json()).toMatchObject({ delivered: true, status: 200 })

  const mail = await mailTo(request, OWNER.email, new RegExp(`claim ${claimNumber}: payment issued`))
  const link = new RegExp(`https?://\\S+/claims/${claimNumber}`).exec(mail.text)?.[0]
  expect(link, 'the payment mail carries the claim address').toBeTruthy()
  expect(new URL(link!).origin, 'on the portal, from PORTAL_BASE_URL').toBe(new URL(page.url()).origin)

  await context.clearCookies()
  await page.goto(link!)
  await expect(page).toHaveURL(/\/$/)
  await submitLogin(page, OWNER.userName, OWNER.password)
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('$8,450.00 by check')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  await page.goto('/claims-history')
  await expect(page.getByRole('row', { name: new RegExp(`${claimNumber}.*\\$8,450\\.00`) })).toBeVisible()
})
