import type { BrowserContext, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, logIn, personaTagged, scrollWidth, SESSION_ENDED, submitLogin, test } from './fixtures'
import { CODE_MSG } from '../../shared/identity/sign-in-code'

/**
 * Issue 23 as a new user tries it: turn on 2-step sign-in, log in with the password, read the code on the
 * dev mailbox, enter it; wrong, reused and expired codes are refused with their words (the expired one by
 * moving the portal's clock, POST /__dev/clock, as a tester would);
 * sign out another session from the list and see that session's next request land on the login page.
 */
test.setTimeout(120_000)

const stamp = Date.now().toString(36)
const USER = { userName: `two.step.${stamp}`, email: `two.step.${stamp}@example.com`, password: 'TwoStep#Pass1' }

async function checkPage(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, label)
  const size = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 700 })
  expect(await scrollWidth(page), `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, `${label} at 375 px`)
  if (size) await page.setViewportSize(size)
}

/** The newest code mailed to the user, read on the dev mailbox in a tab of its own. */
async function codeFromMailbox(context: BrowserContext): Promise<string> {
  const mailbox = await context.newPage()
  await mailbox.goto('/__dev/mailbox')
  const mail = mailbox.getByRole('article').filter({ hasText: 'Your ProgHome code' }).filter({ hasText: USER.email }).first()
  const code = /\b\d{6}\b/.exec((await mail.textContent()) ?? '')?.[0]
  await mailbox.close()
  if (!code) throw new Error('no code in the mailbox')
  return code
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

test.beforeAll(async ({ request, baseURL }) => {
  // A profile of its own (the excess flood policy no other spec registers), so 2-step sign-in never meets another test's login.
  const res = await request.post('/v1/profile', {
    headers: { Origin: baseURL!, 'Idempotency-Key': `e2e-two-step-${stamp}` },
    data: { policyID: 'EXF4090004', lastName: 'Moreau', birthDate: '', userName: USER.userName, emailAddress: USER.email, password: USER.password },
  })
  expect(res.status(), await res.text()).toBe(200)
})

test('2-step sign-in: turned on in the profile, the mailed code finishes the login; wrong, reused and expired codes are refused', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await submitLogin(page, USER.userName, USER.password)
  await expect(page).toHaveURL(/\/account-home$/)

  await page.getByRole('banner').getByRole('link', { name: 'Manage Profile' }).click()
  await page.getByRole('link', { name: '2-step sign-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '2-Step Sign-In' })).toBeVisible()
  await checkPage(page, '2-Step Sign-In')
  await page.getByRole('button', { name: 'Turn on 2-step sign-in' }).click()
  await expect(page.getByRole('status')).toHaveText('2-step sign-in is now on.')

  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  await submitLogin(page, USER.userName, USER.password)
  await expect(page).toHaveURL(/\/sign-in-code$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Enter Your Code' })).toBeVisible()
  const field = page.getByLabel('Code *')
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(field).toHaveAttribute('inputmode', 'numeric')
  await checkPage(page, 'Enter Your Code')

  const code = await codeFromMailbox(page.context())
  await field.fill(otherThan(code))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText(CODE_MSG.wrong, { exact: true })).toBeVisible()
  await expect(page.getByLabel('Code *')).toBeFocused()
  await checkPage(page, 'Enter Your Code, wrong code')

  const pending = (await page.context().cookies()).find((c) => c.name === '__Host-ph_pending')!
  await page.getByLabel('Code *').fill(code)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()

  // The same code again, from another browser holding a copy of that sign-in's cookie: used.
  const thief = await browser.newContext({ baseURL })
  await thief.addCookies([pending])
  const other = await thief.newPage()
  await other.goto('/sign-in-code')
  await other.getByLabel('Code *').fill(code)
  await other.getByRole('button', { name: 'Continue' }).click()
  await expect(other.getByText(CODE_MSG.used, { exact: true })).toBeVisible()
  await thief.close()

  // Five wrong codes: a new code is needed, and Send a new code gives one that works.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  await submitLogin(page, USER.userName, USER.password)
  await expect(page).toHaveURL(/\/sign-in-code$/)
  const next = await codeFromMailbox(page.context())
  for (let i = 0; i < 5; i += 1) {
    await page.getByLabel('Code *').fill(otherThan(next))
    await page.getByRole('button', { name: 'Continue' }).click()
  }
  await expect(page.getByText(CODE_MSG.tooManyTries, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Send a new code' }).click()
  await expect(page.getByRole('status')).toHaveText(CODE_MSG.sent)
  await page.getByLabel('Code *').fill(await codeFromMailbox(page.context()))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/account-home$/)

  // An expired code: the portal's clock (POST /__dev/clock) moved past the code's 10 minutes.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  await submitLogin(page, USER.userName, USER.password)
  await expect(page).toHaveURL(/\/sign-in-code$/)
  const late = await codeFromMailbox(page.context())
  const headers = { Origin: new URL(page.url()).origin }
  try {
    const moved = await page.request.post('/__dev/clock', { data: { now: new Date(Date.now() + 11 * 60_000).toISOString() }, headers })
    expect(moved.status()).toBe(200)
    await page.getByLabel('Code *').fill(late)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText(CODE_MSG.expired, { exact: true })).toBeVisible()
  } finally {
    await page.request.post('/__dev/clock', { data: { now: null }, headers })
  }
})

test('where you are signed in: signing out another session ends it at once', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const persona = personaTagged('direct.edge-cases')
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 700 } })
  const phonePage = await phone.newPage()
  await logIn(phonePage, persona)
  await logIn(page, persona)

  await page.getByRole('banner').getByRole('link', { name: 'Manage Profile' }).click()
  await page.getByRole('link', { name: 'Where you are signed in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Where You Are Signed In' })).toBeVisible()
  await checkPage(page, 'Where You Are Signed In')
  const sessions = page.getByRole('listitem').filter({ has: page.getByRole('article') })
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1)
  const others = sessions.filter({ hasNotText: 'This device' })
  expect(await others.count()).toBeGreaterThanOrEqual(1)

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByRole('status')).toContainText('Every other session was signed out')
  await expect(sessions).toHaveCount(1)

  // The phone's next request: the session is gone, and the page sends it back to the login.
  await phonePage.reload()
  await expect(phonePage.getByRole('alert')).toHaveText(SESSION_ENDED)
  await phonePage.getByRole('link', { name: 'Return to Login' }).click()
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Flood Policy Login' })).toBeVisible()

  // One session signed out by its own button.
  await logIn(phonePage, persona)
  await page.reload()
  await expect(sessions).toHaveCount(2)
  await sessions.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('status')).toHaveText('That session was signed out. Anyone using it must log in again.')
  await phonePage.goto('/account-home')
  await expect(phonePage.getByRole('alert')).toHaveText(SESSION_ENDED)
  await phone.close()

  // Confirm It Is You (step-up; the rule itself is tested in tests/worker/stronger-sign-in.test.ts).
  await page.goto('/manage-profile/confirm?next=password')
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm It Is You' })).toBeVisible()
  await checkPage(page, 'Confirm It Is You')
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await expect(page.getByRole('status')).toContainText('We emailed a 6-digit code to')
  await expect(page.getByLabel('Code *')).toHaveAttribute('autocomplete', 'one-time-code')
  await checkPage(page, 'Confirm It Is You, code sent')
})

test('passkeys: add one on the profile with a virtual authenticator, log out, sign in with it, remove it', async ({ browser }) => {
  // WebAuthn needs a domain (an IP address can be no relying party): this test uses localhost, the RP id.
  const port = new URL(test.info().project.use.baseURL!).port
  const context = await browser.newContext({ baseURL: `http://localhost:${port}`, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const persona = personaTagged('direct.catalog')

  // The login page without its passkey prompt: no script at all, and a link to the prompt.
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Sign in with a passkey' })).toBeVisible()
  expect(scripts).toEqual([])

  await logIn(page, persona)
  await page.getByRole('banner').getByRole('link', { name: 'Manage Profile' }).click()
  await page.getByRole('link', { name: 'Passkeys' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible()
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible()
  await page.getByLabel('Passkey name *').fill('My laptop')
  await checkPage(page, 'Passkeys')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page).toHaveURL(/\/manage-profile\/passkeys\?done=added$/)
  await expect(page.getByRole('status')).toHaveText('Your passkey was added. You can now log in with it.')
  const item = page.getByRole('article').filter({ hasText: 'My laptop' })
  await expect(item).toContainText('Not yet')

  // The button: the authenticator waits for a touch while the page is checked, then is touched.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false })
  await page.goto('/')
  await expect(page.getByLabel('User ID or Email *', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn')
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
  await checkPage(page, 'Login with its passkey prompt')
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true })
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()

  // Autofill (conditional UI) on the user-name field: the virtual authenticator picks its only passkey
  // for the pending autofill request as soon as the page makes it; no click.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  await page.goto('/')
  await expect(page).toHaveURL(/\/account-home$/)

  await page.goto('/manage-profile/passkeys')
  await expect(item).not.toContainText('Not yet')
  await item.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByRole('status')).toHaveText('The passkey was removed.')
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible()
  await context.close()
})
