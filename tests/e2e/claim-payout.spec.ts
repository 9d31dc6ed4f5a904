import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'
import { homeownersClaimOf, us } from '../support/claim-submission'
import { PAYOUT_TEXT } from '../../shared/claims/payout/payout-choice'

/**
 * Issue 33 item 1 end to end in Chromium at 375 px (decision 210): on a claim delivered to the claims
 * stand-in, the policyholder chooses direct deposit; the payments sandbox holds a token (never the
 * account number) and the claims stand-in receives the instruction; the stand-in then issues a payment
 * and later marks it deposited, and the claim page shows each. Without script, the plain form chooses a
 * mailed check.
 */
// A policy of its own: a policy takes 5 claims an hour (decision 164), and sam's are the report's journeys.
const HOME = policyTagged('policy.renters') // casey, RNT4050007 (GA)
const ACCOUNT = '6120447391'

test.setTimeout(180_000)

async function deliveredClaim(page: Page, request: APIRequestContext): Promise<string> {
  const headers = { Origin: new URL(page.url()).origin }
  const login = await request.post('/v1/profile/login/', { data: { userName: HOME.owner.userName, password: HOME.owner.password }, headers })
  const { accountToken } = (await login.json()) as { accountToken: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${HOME.policyId}`, {
    headers: { ...headers, Authorization: `Bearer ${accountToken}`, 'Idempotency-Key': `e2e-payout-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaimOf(HOME.policyId, us(localDate(Date.now() - 2 * 86_400_000, 'TX')))), fileIds: [] },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]
  expect((await page.request.post('/__dev/scheduled', { headers })).status()).toBe(200)
  return claimNumber
}

async function instructionsAtStandIn(page: Page, claimNumber: string): Promise<Record<string, unknown>[]> {
  await page.request.post('/__dev/scheduled', { headers: { Origin: new URL(page.url()).origin } })
  const res = await page.request.get(`/__dev/claims-system/claims/${claimNumber}/payment-instructions`)
  return ((await res.json()) as { instructions: Record<string, unknown>[] }).instructions
}

async function standInEvent(page: Page, claimNumber: string, type: string, data: unknown): Promise<void> {
  const res = await page.request.post(`/__dev/claims-system/claims/${claimNumber}/events`, {
    data: { type, data },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(await res.json()).toMatchObject({ delivered: true, status: 200 })
}

test('choose direct deposit, then see the payment issued and deposited (375 px)', async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  const claimNumber = await deliveredClaim(page, request)

  await page.goto(`/claims-history/${claimNumber}`)
  const payout = page.getByRole('region', { name: PAYOUT_TEXT.heading })
  await expect(payout).toContainText('Not chosen yet.')
  await payout.getByRole('radio', { name: PAYOUT_TEXT.deposit }).check()
  await payout.getByLabel(PAYOUT_TEXT.routing).fill('021000021')
  await payout.getByLabel(PAYOUT_TEXT.account).fill(ACCOUNT)
  await payout.getByLabel(PAYOUT_TEXT.holder).fill('Casey Whitfield')
  await payout.getByRole('button', { name: PAYOUT_TEXT.submit }).click()
  await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}\\?sent=payout$`))
  await expect(payout.getByRole('status')).toHaveText(PAYOUT_TEXT.saved)
  await expect(payout).toContainText('Direct deposit to JPMorgan Chase account ending 7391')
  expect(await page.content()).not.toContain(ACCOUNT)
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'claim page with how you get paid (375 px)')

  // The sandbox holds a token and the last four; the claims stand-in has the instruction, once.
  const sandbox = await (await page.request.get('/__dev/payments/payouts/accounts')).text()
  expect(sandbox).toContain('"last4":"7391"')
  expect(sandbox).not.toContain(ACCOUNT)
  await expect
    .poll(() => instructionsAtStandIn(page, claimNumber))
    .toEqual([{ method: 'direct-deposit', payoutToken: expect.stringMatching(/^pyt_/), bankName: 'JPMorgan Chase', last4: '7391', version: 1 }])

  // The claims team issues the payment, and later it is deposited.
  await standInEvent(page, claimNumber, 'payment.issued', { amountCents: 480_000, method: 'ach', paymentId: 'pay-e2e-1', status: 'issued' })
  await page.reload()
  const payments = page.getByRole('region', { name: 'Payments' })
  await expect(payments).toContainText('$4,800.00 by direct deposit. Status: Issued')
  // Later the team marks it deposited from the stand-in's page (a developer, in another browser tab).
  const team = await browser.newPage()
  await team.goto(new URL('/__dev/claims-system', page.url()).toString())
  const push = team.getByRole('group', { name: `Claim ${claimNumber}` })
  await push.getByLabel('Event').selectOption('payment.status')
  await push.getByLabel(/^Payment id/).fill('pay-e2e-1')
  await push.getByLabel(/^Payment status/).selectOption('deposited')
  await push.getByRole('button', { name: /Send/ }).click()
  await expect(team.getByRole('status')).toHaveText('Sent. The portal answered HTTP 200.')
  await team.close()
  await page.bringToFront()
  await page.reload()
  await expect(payments).toContainText('Status: Deposited in your account')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  await page.goto('/claims-history')
  await expect(page.getByRole('row', { name: new RegExp(claimNumber) })).toContainText('Direct deposit: Deposited in your account')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form chooses a mailed check at the mailing address (375 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await openPolicy(page, HOME.owner, HOME.policyId)
    const claimNumber = await deliveredClaim(page, request)
    await page.goto(`/claims-history/${claimNumber}`)
    const payout = page.getByRole('region', { name: PAYOUT_TEXT.heading })
    await payout.getByRole('radio', { name: PAYOUT_TEXT.check }).check()
    await expect(payout.getByLabel(PAYOUT_TEXT.payee)).toHaveValue('Casey Whitfield')
    await payout.getByRole('button', { name: PAYOUT_TEXT.submit }).click()
    await expect(page).toHaveURL(new RegExp(`/claims-history/${claimNumber}\\?sent=payout$`))
    await expect(payout).toContainText('Check to Casey Whitfield, mailed to')
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  })
})
