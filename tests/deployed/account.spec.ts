import { expect, submitLogin, test } from '../e2e/fixtures'
import { lastMailId, mailTo } from './support'

/**
 * As deployed (issue 29 'Done when'): register a policy, turn on 2-step sign-in and finish a sign-in with
 * the code the mail API received, then reset the password from its mailed link. Every mail leaves the
 * portal through its HTTP mail adapter, after the answer, for the mail stand-in in another process.
 */
test.setTimeout(180_000)

const stamp = Date.now().toString(36)
const USER = { userName: `deployed.${stamp}`, email: `deployed.${stamp}@example.com`, password: 'Deployed#Pass1' }
const HOME = { policyId: 'HOM4090001', lastName: 'Rivera', birthDate: '1975-04-12' }

async function codeFrom(request: Parameters<typeof mailTo>[0], after: number): Promise<string> {
  const mail = await mailTo(request, USER.email, /^Your ProgHome code: \d{6}$/, after)
  return /\b\d{6}\b/.exec(mail.subject)![0]
}

test('register, 2-step sign-in with the mailed code, and a password reset by its mailed link', async ({ page, request }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Register My Flood Policy' }).click()
  await page.getByLabel('Policy Number *').fill(HOME.policyId)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Register My Policy' })).toBeVisible()
  await page.getByLabel('Last Name *').fill(HOME.lastName)
  await page.getByLabel('Date of Birth *').fill(HOME.birthDate)
  await page.getByLabel('User Name *').fill(USER.userName)
  await page.getByLabel('Email Address *').fill(USER.email)
  await page.getByLabel('Password *', { exact: true }).fill(USER.password)
  await page.getByLabel('Confirm Password *').fill(USER.password)
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.getByRole('main').getByText(HOME.policyId, { exact: true })).toBeVisible()

  // 2-step sign-in: turning it on may ask for a mailed code first (step-up); then the login asks for one.
  await page.getByRole('banner').getByRole('link', { name: 'Manage Profile' }).click()
  await page.getByRole('link', { name: '2-step sign-in' }).click()
  await page.getByRole('button', { name: 'Turn on 2-step sign-in' }).click()
  await expect(page.getByRole('status')).toHaveText('2-step sign-in is now on.')
  await expect((await mailTo(request, USER.email, /2-step sign-in is on/)).text).toContain('You turned on 2-step sign-in')

  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
  let before = await lastMailId(request)
  await submitLogin(page, USER.userName, USER.password)
  await expect(page).toHaveURL(/\/sign-in-code$/)
  await page.getByLabel('Code *').fill(await codeFrom(request, before))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/account-home$/)
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()

  // Forgot password: the mailed link, once.
  before = await lastMailId(request)
  await page.goto('/')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await page.getByLabel('Email Address *').fill(USER.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('status')).toContainText('an email with instructions to reset the password will be sent')
  const reset = await mailTo(request, USER.email, /^Reset your ProgHome password$/, before)
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(reset.text)![0]
  expect(new URL(link).origin, 'the link points at the portal, from PORTAL_BASE_URL').toBe(new URL(page.url()).origin)
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible()
  // With 2-step sign-in on, a reset also asks for one of the profile's policies (decision 181).
  await page.getByLabel('Policy Number *').fill(HOME.policyId)
  await page.getByLabel('Last Name *').fill(HOME.lastName)
  await page.getByLabel('Date of Birth', { exact: true }).fill(HOME.birthDate)
  await page.getByLabel('Password *', { exact: true }).fill('Deployed#Pass2')
  await page.getByLabel('Confirm Password *').fill('Deployed#Pass2')
  await page.getByRole('button', { name: 'Save Password' }).click()
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Please log in with your new password.')
  await expect((await mailTo(request, USER.email, /password was changed/)).text).toContain('was just changed')

  before = await lastMailId(request)
  await submitLogin(page, USER.userName, 'Deployed#Pass2')
  await expect(page).toHaveURL(/\/sign-in-code$/)
  await page.getByLabel('Code *').fill(await codeFrom(request, before))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/account-home$/)
})

test('the deployed portal has no stand-ins and no Test SSO', async ({ request }) => {
  for (const path of ['/__dev/mailbox', '/__dev/outbox', '/__dev/mail/messages']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
  const testSso = await request.get('/TestSSO', { maxRedirects: 0 })
  expect(testSso.status()).toBe(303)
  expect(testSso.headers().location).toBe('/policy-information')
})
