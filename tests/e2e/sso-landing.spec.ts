import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, personaTagged } from './fixtures'

/**
 * Spec 000 "SSO landing" through the local identity stand-in (the ping login, the reference hand-off),
 * partner logs seen by the stand-in receiver, the 502 message, and spec 001's opt-out confirmation.
 */

const SINGLE = personaTagged('direct.single').policies[0]!.policyId
const MULTI = personaTagged('direct.multi')
const CONDO = MULTI.policies[1]!.policyId
const FLOOD = MULTI.policies[2]!.policyId

function trackingId(): string {
  return `trk-e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

/** A partner link without a token: the portal sends the browser to the (stand-in) ping login, which hands the chosen policies back. */
async function signInThroughPing(page: Page, query: Record<string, string>, grantedPolicies: string) {
  await page.goto(`/sso-progressive-landing?${new URLSearchParams({ PPA: 'yes', ...query }).toString()}`)
  await expect(page).toHaveURL(/\/__dev\/identity\/login$/)
  await page.getByLabel('Policy IDs (comma-separated)').fill(grantedPolicies)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The stand-in's control endpoint sits behind the portal's same-origin check for non-GET requests. */
async function tellIdentityToFail(page: Page, origin: string, mode: string) {
  const res = await page.request.post('/__dev/identity/fail', { data: { mode }, headers: { Origin: origin } })
  expect(res.status()).toBe(200)
}

test.describe('SSO landing through the identity stand-in', () => {
  test('ping login -> landing -> the action code page; partner log entries reach the receiver', async ({ page }) => {
    const tracking = trackingId()
    await signInThroughPing(page, { policyId: FLOOD, actionCd: 'POLICYDOCUMENTS', tracking_id: tracking }, FLOOD)
    await expect(page).toHaveURL(/\/policy-documents$/)
    await expect(page).toHaveTitle('Documents - ProgHome')
    expect(page.url()).not.toContain('tokenid')
    await expect
      .poll(async () => ((await (await page.request.get(`/__dev/partner-logs?transactionId=${tracking}`)).json()) as { entries: unknown[] }).entries)
      .toEqual([
        expect.objectContaining({
          entry: expect.objectContaining({ LogLevel: 1, TransactionId: tracking, Message: `SSO landing complete: policy ${FLOOD} opened at PolicyDocs` }),
        }),
      ])
  })

  test('an SSO user is denied a policy the identity service did not return', async ({ page }) => {
    const tracking = trackingId()
    // Granted only the condo policy, the user asks for another one.
    await signInThroughPing(page, { policyId: SINGLE, tracking_id: tracking }, CONDO)
    await expect(page).toHaveURL(/\/error$/)
    await expect(page.getByRole('alert')).toHaveText('Access to policy denied.')
    await expectNoAxeViolations(page, 'Error page with Access to policy denied.')
    await expect
      .poll(async () =>
        (
          (await (await page.request.get(`/__dev/partner-logs?transactionId=${tracking}`)).json()) as {
            entries: { entry: { LogLevel: number; Message: string } }[]
          }
        ).entries.map((e) => [e.entry.LogLevel, e.entry.Message]),
      )
      .toEqual([[3, 'Access to policy denied.']])
  })

  test('inside an SSO session another policy is not there at all', async ({ page }) => {
    await signInThroughPing(page, { policyId: CONDO }, CONDO)
    await expect(page).toHaveURL(/\/policy-information$/)
    const mine = await page.request.get(`/v1/homeowners/GetPolicy/${CONDO}`)
    expect(mine.status()).toBe(200)
    const other = await page.request.get(`/v1/homeowners/GetPolicy/${SINGLE}`)
    expect(other.status()).toBe(404)
  })

  test("the identity service failing (502): 'There appears to have been an issue…', axe clean", async ({ page, baseURL }) => {
    await tellIdentityToFail(page, new URL(baseURL!).origin, '502')
    await signInThroughPing(page, { policyId: SINGLE }, SINGLE)
    await expect(page).toHaveURL(/\/system-message$/)
    await expect(page.getByText('There appears to have been an issue. Please return to the Login page.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible()
    await expectNoAxeViolations(page, 'system message after a 502 from the identity service')
  })

  test('a link without PPA=yes signs nobody in; the page is axe clean', async ({ page }) => {
    const res = await page.goto(`/sso-progressive-landing?policyId=${SINGLE}`)
    expect(res?.status()).toBe(400)
    await expect(page).toHaveTitle('Signing In - ProgHome')
    await expect(page.getByRole('alert')).toContainText('We could not complete your sign-in from this link.')
    await expectNoAxeViolations(page, 'landing without PPA')
  })
})

test.describe('Opt-out confirmation', () => {
  test('persistSuccessful not 0: processed; axe clean', async ({ page }) => {
    await page.goto('/privacy/confirmation?PgrOptOutPref=0')
    await expect(page).toHaveTitle('Opt Out Confirmation - ProgHome')
    await expect(page.getByRole('heading', { level: 1, name: 'Do Not Sell or Share My Personal Information: California Residents Only' })).toBeVisible()
    await expect(page.getByRole('status')).toHaveText('Your request has successfully been processed.')
    await expect(page.getByRole('link', { name: 'Close this window' })).toBeVisible()
    await expectNoAxeViolations(page, 'opt-out confirmation, processed')
  })

  test('persistSuccessful=0: this browser only; axe clean', async ({ page }) => {
    await page.goto('/privacy/confirmation?PgrOptOutPref=0&persistSuccessful=0')
    await expect(page.getByRole('status')).toContainText('applies to this browser only')
    await expect(page.getByRole('status')).toContainText('not linked to your profile')
    await expectNoAxeViolations(page, 'opt-out confirmation, browser only')
  })

  test('a browser sending the Global Privacy Control signal is opted out', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } })
    const page = await context.newPage()
    await page.goto('/privacy/confirmation?PgrOptOutPref=1')
    const cookie = (await context.cookies()).find((c) => c.name === 'PgrOptOutPref')
    expect(decodeURIComponent(cookie!.value)).toBe('C0004:0')
    await context.close()
  })
})
