import { expect, test, expectNoAxeViolations, logIn, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { homeownersClaimOf, us } from '../support/claim-submission'

/**
 * Issue 32 item 5 end to end in Chromium at 375 px: a policyholder chooses text messages for claim
 * updates, verifies the number with the code read from the SMS stand-in (/__dev/sms), an adjuster is
 * assigned from the claims-system stand-in and the text arrives at /__dev/sms; then STOP from the
 * stand-in's reply form (the provider's signed webhook), the page says texts are off and why, and the
 * next claim event brings no text.
 */
// A policy of its own: a policy takes 5 claims an hour (decision 164), and sam's are the report's journeys.
const HOME = policyTagged('policy.risc') // casey, RSC4050009
const PHONE = { typed: '(512) 555-0177', e164: '+15125550177' }
const ADJUSTER = { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }

test.setTimeout(120_000)

test('text messages for claim updates: chosen, the number verified, an adjuster assignment texted, none after STOP (375 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await logIn(page, HOME.owner)
  const headers = { Origin: new URL(page.url()).origin }

  // A claim reported by this profile (through /v1, as an app would), delivered to the claims stand-in.
  const login = await request.post('/v1/profile/login/', { data: { userName: HOME.owner.userName, password: HOME.owner.password }, headers })
  const { accountToken } = (await login.json()) as { accountToken: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${HOME.policyId}`, {
    headers: { ...headers, Authorization: `Bearer ${accountToken}`, 'Idempotency-Key': `e2e-texts-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaimOf(HOME.policyId, us(localDate(Date.now() - 2 * 86_400_000, 'TX')))) },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  const textsForClaim = async () => {
    const res = await page.request.get(`/__dev/sms/messages?to=${encodeURIComponent(PHONE.e164)}`)
    return ((await res.json()) as { messages: { text: string }[] }).messages.filter((m) => m.text.includes(claimNumber))
  }

  // Your Profile -> Notifications: text boxes wait for a number.
  await page.goto('/manage-profile')
  await page.getByRole('link', { name: 'Notifications' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  const claimUpdates = page.getByRole('group', { name: 'Claim updates' })
  await expect(claimUpdates.getByLabel('Email')).toBeChecked()
  await expect(claimUpdates.getByLabel('Text message')).toBeDisabled()
  await expect(page.getByRole('group', { name: 'Security alerts' }).getByLabel('Email (always on)')).toBeDisabled()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Notifications (375 px)')

  // The number, the consent, the code from the SMS stand-in.
  await page.getByLabel('Mobile number *').fill(PHONE.typed)
  await page.getByLabel(/I agree to receive text messages from ProgHome/).check()
  await page.getByRole('button', { name: 'Send a code' }).click()
  await expect(page.getByRole('status')).toHaveText('We sent a 6-digit code by text message. It works for 10 minutes.')
  await page.goto('/__dev/sms')
  const codeText = page.getByRole('article', { name: `To ${PHONE.e164}` }).first()
  const code = /your code is (\d{6})/.exec((await codeText.textContent()) ?? '')![1]!
  await page.goBack()
  await page.getByLabel('Code *').fill(code)
  await page.getByRole('button', { name: 'Verify number' }).click()
  await expect(page.getByRole('status')).toHaveText('Your mobile number is verified. Choose the text messages you want below.')
  await expect(page.getByText('Texts go to (512) 555-0177')).toBeVisible()

  // Text for claim updates.
  await claimUpdates.getByLabel('Text message').check()
  await page.getByRole('button', { name: 'Save choices' }).click()
  await expect(page.getByRole('status')).toHaveText('Your notification choices are saved.')
  await expect(claimUpdates.getByLabel('Text message')).toBeChecked()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Notifications with a verified number (375 px)')

  // The claims system assigns an adjuster: the text reaches the SMS stand-in.
  const assigned = await page.request.post(`/__dev/claims-system/claims/${claimNumber}/events`, {
    data: { type: 'adjuster.assigned', data: { adjuster: ADJUSTER } },
    headers,
  })
  expect(await assigned.json()).toMatchObject({ delivered: true, status: 200 })
  await page.goto('/__dev/sms')
  await expect(page.getByText(`ProgHome claim ${claimNumber}: an adjuster has been assigned.`)).toBeVisible()
  expect(await textsForClaim()).toHaveLength(1)

  // STOP from the phone (the provider's signed inbound webhook, from the stand-in's reply form).
  await expect(page.getByLabel(`Reply from ${PHONE.e164}`)).toHaveValue('STOP')
  await page.getByRole('button', { name: `Send reply from ${PHONE.e164}` }).click()
  await expect(page.getByRole('status')).toHaveText('The portal took the reply (200).')

  // The page says texts are off, and why.
  await page.goto('/manage-profile/notifications')
  await expect(page.getByRole('alert')).toContainText('Text messages are off: you replied STOP to one of our texts on')
  await expect(claimUpdates.getByLabel('Text message')).not.toBeChecked()
  await expect(claimUpdates.getByLabel('Text message')).toBeDisabled()

  // The next claim event: its mail goes, no text.
  const requested = await page.request.post(`/__dev/claims-system/claims/${claimNumber}/events`, {
    data: { type: 'documents.requested', data: { items: ['Plumber invoice for the repair'] } },
    headers,
  })
  expect(await requested.json()).toMatchObject({ delivered: true, status: 200 })
  expect(await textsForClaim()).toHaveLength(1)
  await page.goto('/__dev/sms')
  await expect(page.getByText(`ProgHome claim ${claimNumber}: documents requested.`)).toHaveCount(0)
})
