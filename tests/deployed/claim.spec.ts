import { expect, openPolicy, personaTagged, test } from '../e2e/fixtures'
import { mailTo, runCron, STAND_INS } from './support'
import { localDate } from '../../shared/clock'

/**
 * As deployed (issue 29): a flood claim reported on the portal reaches the claims system (the outbox's
 * claim notice through the HTTP adapter, sent by the cron's work); the claims system assigns an adjuster
 * and sends the event back signed to /hooks/claims-system; the claim page shows the adjuster and the
 * policyholder is mailed about it.
 */
test.setTimeout(180_000)

const OWNER = personaTagged('direct.edge-cases')
const FLOOD = 'FLD4040005'
const ADJUSTER = { name: 'Dana Whitlock', phone: '512-555-0142', email: 'dana.whitlock@claims.example' }

test('a flood claim reaches the claims system; its signed adjuster event reaches the claim page and the mail', async ({ page, request }) => {
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
  await mailTo(request, OWNER.email, new RegExp(`claim ${claimNumber} has been reported`))

  // The cron's work delivers the notice; the claims system holds it once, opened.
  await expect
    .poll(async () => {
      await runCron(request)
      const { claims } = (await (await request.get(`${STAND_INS}/claims-system/claims`)).json()) as { claims: { claimNumber: string; status: string }[] }
      return claims.find((c) => c.claimNumber === claimNumber)?.status
    })
    .toBe('open')

  const pushed = await request.post(`${STAND_INS}/claims-system/claims/${claimNumber}/events`, {
    data: { type: 'adjuster.assigned', data: { adjuster: ADJUSTER } },
  })
  expect(await pushed.json()).toMatchObject({ delivered: true, status: 200 })

  await page.goto(`/claims-history/${claimNumber}`)
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible()
  await expect(page.getByRole('link', { name: ADJUSTER.phone })).toHaveAttribute('href', 'tel:5125550142')
  const update = await mailTo(request, OWNER.email, new RegExp(`claim ${claimNumber}: an adjuster has been assigned`))
  expect(update.text).toContain(ADJUSTER.name)
})
