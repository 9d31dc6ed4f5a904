import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { homeownersClaimOf, us } from '../support/claim-submission'
import { pngPhoto } from '../support/image-files'

/**
 * Issue 19 item 3 end to end in Chromium: a homeowners claim reported through /v1 (the form itself is
 * report-claim.spec.ts), delivered to the claims stand-in by the scheduled work, then adjuster.assigned
 * and documents.requested pushed from the stand-in; the claim page shows the adjuster's phone link and
 * the request, is reached from Claims History, and is axe clean at 375 and 1280 px. The document asked
 * for is then sent from beside the request (item 4) and reaches the stand-in once.
 */

const HOME = policyTagged('claims.mitigation-window') // sam, HOM4020001 (TX)
/** A real PNG: an image and only an image (decision 204). */
const PNG = Buffer.from(pngPhoto())
const ADJUSTER = { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }

test.setTimeout(120_000)

const homeownersClaim = () => homeownersClaimOf(HOME.policyId, us(localDate(Date.now() - 2 * 86_400_000, 'TX')))

test('a reported claim, then an adjuster and a documents request from the claims system: the claim page shows them', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  const origin = new URL(page.url()).origin
  const headers = { Origin: origin }

  // The API is called as an app would (its own bearer, no browser cookies).
  const login = await request.post('/v1/profile/login/', { data: { userName: HOME.owner.userName, password: HOME.owner.password }, headers })
  expect(login.status()).toBe(200)
  const { accountToken } = (await login.json()) as { accountToken: string }
  const auth = { ...headers, Authorization: `Bearer ${accountToken}` }
  // The photo travels on its own (decision 169), then the claim names it.
  const upload = await request.post(`/v1/homeowners/ClaimFile/${HOME.policyId}`, {
    headers: { ...auth, 'Content-Type': 'image/png', 'X-File-Name': 'kitchen.png', 'Idempotency-Key': `e2e-claim-file-${Date.now()}` },
    data: PNG,
  })
  expect(upload.status()).toBe(201)
  const { fileId } = (await upload.json()) as { fileId: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${HOME.policyId}`, {
    headers: { ...auth, 'Idempotency-Key': `e2e-claim-page-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaim()), fileIds: [fileId] },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]

  // The cron's work delivers the claim to the claims stand-in; then the stand-in sends two events.
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  for (const event of [
    { type: 'adjuster.assigned', data: { adjuster: ADJUSTER } },
    { type: 'documents.requested', data: { items: ['Plumber invoice for the repair'] } },
  ]) {
    const pushed = await page.request.post(`/__dev/claims-system/claims/${claimNumber}/events`, { data: event, headers })
    expect(await pushed.json()).toMatchObject({ delivered: true, status: 200 })
  }

  // Account Home: the open claim's line on its policy card opens the policy and the claim.
  await page.goto('/account-home')
  const line = page.getByRole('button', { name: `Claim ${claimNumber}: Documents requested` })
  await expect(line).toBeVisible()
  await expectNoAxeViolations(page, 'Account Home with an open claim (1280 px)')
  await line.click()
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}$`))

  await page.goto('/claims-history')
  await page.getByRole('link', { name: claimNumber }).click()
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible()
  await expect(page.getByRole('link', { name: ADJUSTER.phone })).toHaveAttribute('href', 'tel:5125550142')
  await expect(page.getByRole('link', { name: ADJUSTER.email })).toHaveAttribute('href', `mailto:${ADJUSTER.email}`)
  const requested = page.getByRole('region', { name: 'Documents requested' })
  await expect(requested).toContainText('Plumber invoice for the repair')
  await expect(page.getByRole('main')).toContainText('Documents requested')
  await expect(page.getByRole('region', { name: 'Documents sent' })).toContainText('kitchen.png')
  // The copy of what was reported downloads as a PDF.
  const [copy] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download a copy of your claim (PDF)' }).click()])
  expect(copy.suggestedFilename()).toBe(`Claim ${claimNumber}.pdf`)
  await expectNoAxeViolations(page, 'claim page (1280 px)')

  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await expect(page.getByRole('link', { name: ADJUSTER.phone })).toBeVisible()
  await expect(requested).toBeVisible()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page (375 px)')

  // The document asked for, sent from beside the request (a plain form, one file, no script needed).
  await requested.getByLabel('Photo or PDF').setInputFiles({ name: 'plumber-invoice.png', mimeType: 'image/png', buffer: PNG })
  await requested.getByRole('button', { name: 'Send this document' }).click()
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}\\?added=cf_[a-p]{32}$`))
  await expect(page.getByRole('status')).toHaveText('Thank you. We received plumber-invoice.png and added it to your claim.')
  await expect(page.getByRole('region', { name: 'Documents sent' })).toContainText('plumber-invoice.png')
  await expectNoAxeViolations(page, 'claim page after a document was sent (375 px)')
  // The claims stand-in has it, once.
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  const held = (await (await page.request.get('/__dev/claims-system/claims')).json()) as { claims: { claimNumber: string; documents: { name: string }[] }[] }
  expect(held.claims.find((c) => c.claimNumber === claimNumber)!.documents.map((d) => d.name)).toEqual(['kitchen.png', 'plumber-invoice.png'])
})
