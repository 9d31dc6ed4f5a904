import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { homeownersClaimOf, us } from '../support/claim-submission'
import { pngPhoto } from '../support/image-files'

/**
 * Issue 32 items 1 and 4 end to end at 375 px (decision 207): a claim reported through /v1, delivered to
 * the claims stand-in, an adjuster and a documents request pushed from it; the claim page's tracker is an
 * ordered list with the current step marked and said in words; the document asked for is sent with the
 * form's choice of request, its line turns 'Sent', and 'Received by the claims team' once the stand-in
 * sends document.received. No script is needed for any of it.
 */
const HOME = policyTagged('claims.mitigation-window') // sam, HOM4020001 (TX)
const PNG = Buffer.from(pngPhoto())
const ADJUSTER = { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }

test.setTimeout(120_000)
test.use({ viewport: { width: 375, height: 800 } })

test('the tracker shows where the claim is; a requested document sent turns Sent, then Received by the claims team', async ({ page, request }) => {
  await openPolicy(page, HOME.owner, HOME.policyId)
  const headers = { Origin: new URL(page.url()).origin }
  const login = await request.post('/v1/profile/login/', { data: { userName: HOME.owner.userName, password: HOME.owner.password }, headers })
  expect(login.status()).toBe(200)
  const { accountToken } = (await login.json()) as { accountToken: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${HOME.policyId}`, {
    headers: { ...headers, Authorization: `Bearer ${accountToken}`, 'Idempotency-Key': `e2e-claim-tracker-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaimOf(HOME.policyId, us(localDate(Date.now() - 86_400_000, 'TX')))), fileIds: [] },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]
  const push = async (event: unknown) => {
    const pushed = await page.request.post(`/__dev/claims-system/claims/${claimNumber}/events`, { data: event, headers })
    expect(await pushed.json()).toMatchObject({ delivered: true, status: 200 })
  }

  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  await push({ type: 'adjuster.assigned', data: { adjuster: ADJUSTER } })
  await push({ type: 'documents.requested', data: { items: ['Plumber invoice for the repair', 'Photos of the ceiling'] } })
  // The same request again (a resend on the claims team's side): still one line per document.
  await push({ type: 'documents.requested', data: { items: ['Plumber invoice for the repair', 'Photos of the ceiling'] } })

  await page.goto(`/claims-history/${claimNumber}`)
  const tracker = page.getByRole('region', { name: "Your claim's progress" })
  const steps = tracker.getByRole('listitem')
  await expect(steps).toHaveCount(8)
  await expect(steps.nth(0)).toContainText('Claim reported Done on')
  await expect(steps.nth(2)).toContainText('Adjuster assigned Done on')
  // One current step, said as 'Next' in words, with what usually happens and by when.
  const current = tracker.locator('[aria-current="step"]')
  await expect(current).toHaveCount(1)
  await expect(current).toContainText('Inspection Next')
  await expect(current).toContainText(/Usually by \d{2}\/\d{2}\/\d{4}/)
  await expect(steps.nth(4)).toContainText('Documents Later')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page with the tracker and the checklist (375 px)')

  const requested = page.getByRole('region', { name: 'Documents requested' })
  const lines = requested.locator('.documents-checklist > li')
  await expect(lines).toHaveCount(2)
  await expect(lines.nth(0)).toContainText('Plumber invoice for the repair Requested')
  await expect(page.getByRole('main')).toContainText('Please send the documents listed')

  // Send the invoice, saying which request it answers.
  await requested.getByRole('radio', { name: 'Plumber invoice for the repair' }).check()
  await requested.getByLabel('Photo or PDF').setInputFiles({ name: 'plumber-invoice.png', mimeType: 'image/png', buffer: PNG })
  await requested.getByRole('button', { name: 'Send this document' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you. We received plumber-invoice.png and added it to your claim.')
  await expect(lines.nth(0)).toContainText('Plumber invoice for the repair Sent plumber-invoice.png')
  await expect(lines.nth(1)).toContainText('Photos of the ceiling Requested')
  // The invoice is no longer offered; the photos are.
  await expect(requested.getByRole('radio', { name: 'Plumber invoice for the repair' })).toHaveCount(0)
  await expect(requested.getByRole('radio', { name: 'Photos of the ceiling' })).toBeChecked()

  // The claims system gets the file (the scheduled work's drain), then says it has it.
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  await push({ type: 'document.received', data: {} })
  await page.goto(`/claims-history/${claimNumber}`)
  await expect(lines.nth(0)).toContainText('Plumber invoice for the repair Received by the claims team plumber-invoice.png')

  // The photos too: nothing is left to send, and the page stops asking.
  await requested.getByLabel('Photo or PDF').setInputFiles({ name: 'ceiling.png', mimeType: 'image/png', buffer: PNG })
  await requested.getByRole('button', { name: 'Send this document' }).click()
  await expect(lines.nth(1)).toContainText('Photos of the ceiling Sent ceiling.png')
  await expect(page.getByRole('main')).not.toContainText('Please send the documents listed')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page after the documents were sent (375 px)')
})
