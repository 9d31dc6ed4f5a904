import type { Page, Route } from '@playwright/test'
import { expect, test, openPolicy } from './fixtures'
import { openTagged, policyTagged } from './servicing-helpers'
import { fillBilling, fillCard } from './payment-form'
import { localDate } from '../../shared/clock'

/**
 * Issue 18, "Done when", with the UI against `npm start`: a claim or a payment whose reply was lost (the
 * server did the work, the browser saw the connection drop) still shows its claim number or outcome when
 * sent again, and a claim edited after that is taken as the new claim it is, even when it arrives under
 * the old Idempotency-Key (the server's 422, then the island's fresh attempt with a fresh key).
 */

const FLOOD = policyTagged('claims.flood-open') // erin, FLD4040005: a flood claim form, prefilled
/** A policy with an amount due that no other spec pays (its history and due box change). */
// Not COM4050003 any more: with 2 terms due it is the agent's to collect (decision 222).
const PAYABLE = 'worstday.esign-evidence' // HOM4060003

test.setTimeout(120_000)
// What the islands log on purpose when the connection drops, and Chromium's lines for the dropped and 422 answers.
test.use({
  allowedConsoleError: /the claim could not be sent|the payment post failed|Failed to load resource: (net::ERR_|the server responded with a status of 422)/,
})

const keyOf = (route: Route) => route.request().headers()['idempotency-key'] ?? ''

/** Lets the request reach the server, then drops the connection before the browser sees the answer. */
async function loseTheReply(route: Route): Promise<string> {
  const res = await route.fetch()
  const text = await res.text()
  await route.abort('connectionreset')
  return text
}

async function fillFloodClaim(page: Page, description: string): Promise<void> {
  await page.goto('/report-claim')
  await expect(page.getByLabel('Brief Description of the Loss / Damages *')).toBeVisible() // hydrated
  // The date and time of loss start empty (issue 35 item 2).
  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'FL'))
  await page.getByLabel('Time of Loss *').fill('14:05')
  await page.getByLabel('Brief Description of the Loss / Damages *').fill(description)
  const reporter = page.getByRole('region', { name: 'Reported By', exact: true })
  await reporter.getByLabel('Reported By *').fill('Erin Castellano')
  await reporter.getByLabel('Phone Number *').fill('9195550164')
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('No')
    .check()
}

async function reportClaim(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Report Claim' }).click()
  const confirm = page.getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
  await confirm.getByRole('button', { name: 'Confirm' }).click()
}

const claimNumberIn = (text: string) => /FL-\d{4}-\d{6}/.exec(text)?.[0] ?? ''

test('a claim whose reply was lost shows its claim number when sent again, and is made once', async ({ page }) => {
  await openPolicy(page, FLOOD.owner, FLOOD.policyId)
  const keys: string[] = []
  let lost = ''
  await page.route('**/v1/flood/FirstNoticeOfLoss/**', async (route) => {
    keys.push(keyOf(route))
    if (keys.length === 1) lost = await loseTheReply(route)
    else await route.continue()
  })
  await fillFloodClaim(page, 'Water came in under the doors (the reply to this one is lost).')
  await reportClaim(page)
  await expect(page.getByRole('alert')).toContainText('We could not send your claim. Nothing you entered has been lost')
  const made = claimNumberIn(lost)
  expect(made, 'the server made the claim before the connection dropped').not.toBe('')

  // Sent again as the page asks: the same claim, the same key, the answer the server kept.
  const again = page.waitForResponse((r) => r.url().includes('/FirstNoticeOfLoss/'))
  await reportClaim(page)
  const replayed = await again
  expect(replayed.status()).toBe(200)
  expect(replayed.headers()['idempotent-replayed']).toBe('true')
  expect(keys).toEqual([keys[0], keys[0]])
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
  await expect(page.getByRole('main')).toContainText(`Your claim number is ${made}.`)

  await page.goto('/claims-history')
  await expect(page.getByRole('row', { name: new RegExp(made) })).toHaveCount(1)
})

test('a claim edited after its reply was lost is taken as a new claim, even under the old key', async ({ page }) => {
  await openPolicy(page, FLOOD.owner, FLOOD.policyId)
  const sent: { key: string; status: number }[] = []
  let lost = ''
  await page.route('**/v1/flood/FirstNoticeOfLoss/**', async (route) => {
    const key = keyOf(route)
    if (sent.length === 0) {
      sent.push({ key, status: 0 })
      lost = await loseTheReply(route)
      return
    }
    if (sent.length === 1) {
      // The island keys a claim by what it holds, so the edit took a new key by itself; sent under the
      // old one (as the islands did before issue 18), the server refuses it with a 422 the island handles.
      expect(key, 'the edited claim takes a key of its own').not.toBe(sent[0]!.key)
      const res = await route.fetch({ headers: { ...route.request().headers(), 'idempotency-key': sent[0]!.key } })
      sent.push({ key: sent[0]!.key, status: res.status() })
      await route.fulfill({ response: res })
      return
    }
    sent.push({ key, status: -1 })
    await route.continue()
  })
  await fillFloodClaim(page, 'Water came in under the doors.')
  await reportClaim(page)
  await expect(page.getByRole('alert')).toContainText('We could not send your claim. Nothing you entered has been lost')
  const first = claimNumberIn(lost)
  expect(first).not.toBe('')

  await page.getByLabel('Brief Description of the Loss / Damages *').fill('Water came in under the doors and the garage door.')
  const answered = page.waitForResponse((r) => r.url().includes('/FirstNoticeOfLoss/') && r.status() === 200)
  await reportClaim(page)
  const newClaim = await answered
  expect(newClaim.headers()['idempotent-replayed']).toBeUndefined()
  expect(sent.map((s) => s.status)).toEqual([0, 422, -1])
  expect(new Set(sent.map((s) => s.key)).size, 'the attempt after the 422 has a fresh key').toBe(2)
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
  const second = claimNumberIn((await page.getByRole('main').textContent()) ?? '')
  expect(second).not.toBe('')
  expect(second).not.toBe(first)

  await page.goto('/claims-history')
  await expect(page.getByRole('row', { name: new RegExp(first) })).toHaveCount(1)
  await expect(page.getByRole('row', { name: new RegExp(second) })).toHaveCount(1)
})

test('a payment whose reply was lost shows its outcome when submitted again, and is paid once', async ({ page }) => {
  const policyId = await openTagged(page, PAYABLE)
  const keys: string[] = []
  let lost = ''
  await page.route('**/v1/*/MakePayment/**', async (route) => {
    keys.push(keyOf(route))
    if (keys.length === 1) lost = await loseTheReply(route)
    else await route.continue()
  })
  await page.goto('/make-payment')
  await page.getByLabel('Payment Amount *').fill('100.00')
  await fillCard(page, '4111 1111 1111 1111')
  await fillBilling(page)
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page.getByRole('alert')).toContainText('the same payment submitted again is not charged twice')
  const confirmation = /P[0-9A-Z]{10}/.exec(lost)?.[0] ?? ''
  expect(confirmation, 'the processor approved the payment before the connection dropped').not.toBe('')

  // For their safety the card number and CVV are typed again; the payment is the same one.
  await page.getByLabel('Credit Card Number *').fill('4111 1111 1111 1111')
  await page.getByLabel('CVV *').fill('123')
  const again = page.waitForResponse((r) => r.url().includes('/MakePayment/'))
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  const replayed = await again
  expect(replayed.status()).toBe(200)
  expect(replayed.headers()['idempotent-replayed']).toBe('true')
  expect(keys).toEqual([keys[0], keys[0]])
  await expect(page).toHaveURL(/\/system-message$/)
  await expect(page.getByRole('status')).toContainText(
    `Your payment of $100.00 on policy ${policyId} was approved. Your confirmation number is ${confirmation}.`,
  )

  await page.goto('/payment-history')
  await expect(page.getByRole('row').filter({ hasText: 'Online Payment - Credit Card' })).toHaveCount(1)
})
