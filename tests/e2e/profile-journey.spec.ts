import type { Page } from '@playwright/test'
import { expect, test, expectNoAxeViolations, personaTagged, scrollWidth, SESSION_ENDED, submitLogin } from './fixtures'

/**
 * Issue 3 end to end, in Chromium: register -> Account Home, add a policy, rename it, remove it (modal,
 * and the confirmation page without script), change the password, the forgot-password journey through
 * the dev mailbox, and Great News. axe on every page on the way, and no sideways scrolling at 320 px.
 * Serial: one new profile walks through it all (the e2e server starts from a fresh seed per run).
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const user = {
  userName: `e2e.rivera.${stamp}`,
  email: `e2e.rivera.${stamp}@example.com`,
  password: 'Journey#Pass1',
}
const HOME = { policyId: 'HOM4090001', lastName: 'Rivera', birthDate: '1975-04-12' }
const FLOOD = { policyId: 'FLD4090002', lastName: 'Nguyen' }

/** axe at the default width and at 320 px, where the page must not scroll sideways. */
async function checkPage(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, label)
  const size = page.viewportSize()
  await page.setViewportSize({ width: 320, height: 640 })
  expect(await scrollWidth(page), `${label} scrolls sideways at 320 px`).toBeLessThanOrEqual(320)
  await expectNoAxeViolations(page, `${label} at 320 px`)
  if (size) await page.setViewportSize(size)
}

async function logInAs(page: Page, userName: string, password: string): Promise<void> {
  await submitLogin(page, userName, password)
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()
}

async function addPolicyFromManagePolicies(page: Page, check = false): Promise<void> {
  await page.goto('/manage-policies')
  await page.getByRole('link', { name: '+ Add a policy to your profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Find My Policy' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/manage-policies')
  await page.getByLabel('Policy Number *').fill(FLOOD.policyId.toLowerCase())
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(new RegExp(`/add-policy\\?policyId=${FLOOD.policyId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Add My Policy' })).toBeVisible()
  await expect(page.getByLabel('Policy Number', { exact: true })).toHaveValue(FLOOD.policyId)
  await expect(page.getByLabel('Date of Birth (optional)')).toBeVisible()
  if (check) await checkPage(page, 'Add My Policy')
  await page.getByLabel('Last Name *').fill(FLOOD.lastName)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.getByRole('main').getByText(FLOOD.policyId, { exact: true })).toBeVisible()
}

const removeButton = (page: Page, policyId: string) => page.getByRole('button', { name: `Remove policy ${policyId}` })

test.describe('with JavaScript', () => {
  test('register from Find My Policy: messages and focus, then Account Home', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Register My Flood Policy' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Find My Policy' })).toBeVisible()
    await expect(page.getByText('for example FLA12345')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/')
    await checkPage(page, 'Find My Policy')

    await page.getByRole('button', { name: 'Continue' }).click()
    const number = page.getByLabel('Policy Number *')
    await expect(number).toBeFocused()
    await expect(number).toHaveAccessibleDescription(/Policy number field is required\./)
    await checkPage(page, 'Find My Policy with an error')

    await number.fill(HOME.policyId)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/register-policy\?policyId=HOM4090001$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Register My Policy' })).toBeVisible()
    await expect(page.getByLabel('Policy Number', { exact: true })).toHaveValue(HOME.policyId)
    await expect(page.getByLabel('Policy Number', { exact: true })).toHaveAttribute('readonly', '')
    await expect(page.getByRole('group', { name: 'Create your profile' })).toBeVisible()
    await checkPage(page, 'Register My Policy')

    await page.getByRole('button', { name: 'Help: Last Name' }).click()
    await expect(page.getByText('Enter the last name of the first named insured')).toBeVisible()
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByLabel('Last Name *')).toBeFocused()
    for (const message of [
      'The Last Name field is required.',
      'The Date of Birth field is required.',
      'The User Name field is required.',
      'The Email Address field is required.',
      'The Password field is required.',
      'The Confirm Password field is required.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await checkPage(page, 'Register My Policy with errors')

    await page.getByLabel('Last Name *').fill(HOME.lastName)
    await page.getByLabel('Date of Birth *').fill(HOME.birthDate)
    await page.getByLabel('User Name *').fill(user.userName)
    await page.getByLabel('Email Address *').fill(user.email)
    await page.getByLabel('Password *', { exact: true }).fill('weakpass')
    await page.getByLabel('Confirm Password *').fill('weakpass')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByLabel('Password *', { exact: true })).toBeFocused()
    await expect(page.getByText(/^Password requires between 7 and 35 characters/)).toBeVisible()

    await page.getByLabel('Password *', { exact: true }).fill(user.password)
    await page.getByLabel('Confirm Password *').fill(user.password)
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page).toHaveURL(/\/account-home$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()
    await expect(page.getByRole('main').getByText(HOME.policyId, { exact: true })).toBeVisible()
    await checkPage(page, 'Account Home after registering')
  })

  test('add a policy, rename it, and remove it through the confirm modal', async ({ page }) => {
    await logInAs(page, user.userName, user.password)
    await page.getByRole('link', { name: 'Manage Policies' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your Policies' })).toBeVisible()
    await expect(removeButton(page, HOME.policyId)).toBeDisabled()
    await checkPage(page, 'Your Policies with one policy')

    await addPolicyFromManagePolicies(page, true)

    await page.goto('/manage-policies')
    await page.getByRole('button', { name: `Edit nickname of policy ${FLOOD.policyId}` }).click()
    const nickname = page.getByLabel(`Nickname of policy ${FLOOD.policyId}`, { exact: true })
    await expect(nickname).toBeFocused()
    await expect(nickname).toHaveAttribute('maxlength', '20')
    await checkPage(page, 'Your Policies editing a nickname')
    await nickname.fill('River House')
    await page.getByRole('button', { name: `Save nickname of policy ${FLOOD.policyId}` }).click()
    await expect(page).toHaveURL(/\/manage-policies$/)
    await expect(page.locator(`#nickname-${FLOOD.policyId}`)).toHaveValue('River House')
    await page.goto('/account-home')
    await expect(page.getByText('My River House Policy', { exact: true })).toBeVisible()

    await page.goto('/manage-policies')
    await expect(page.locator('form[data-enhanced]')).toHaveCount(2)
    await expect(removeButton(page, HOME.policyId)).toBeEnabled()
    await removeButton(page, FLOOD.policyId).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Remove Policy from Profile' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Are you sure you want to remove this policy?')).toBeVisible()
    await expect(dialog.getByText(FLOOD.policyId, { exact: true })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused()
    await expect(page).toHaveURL(/\/manage-policies$/)
    await checkPage(page, 'Your Policies with the confirm modal open')
    await dialog.getByRole('button', { name: 'No' }).click()
    await expect(dialog).toBeHidden()
    await expect(removeButton(page, FLOOD.policyId)).toBeFocused()

    await removeButton(page, FLOOD.policyId).click()
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await expect(page).toHaveURL(/\/manage-policies$/)
    await expect(page.locator(`#policy-${FLOOD.policyId}`)).toHaveCount(0)
    await expect(removeButton(page, HOME.policyId)).toBeDisabled()
  })

  test('the no-script confirmation page passes axe', async ({ page }) => {
    await logInAs(page, user.userName, user.password)
    await addPolicyFromManagePolicies(page)
    await page.goto(`/manage-policies/remove?policyId=${FLOOD.policyId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Remove Policy from Profile' })).toBeVisible()
    await checkPage(page, 'Confirm Remove Policy from Profile')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Remove goes to the confirmation page; No goes back, Yes removes', async ({ page }) => {
    await logInAs(page, user.userName, user.password)
    await page.goto('/manage-policies')
    await removeButton(page, FLOOD.policyId).click()
    await expect(page).toHaveURL(new RegExp(`/manage-policies/remove\\?policyId=${FLOOD.policyId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Remove Policy from Profile' })).toBeVisible()
    await expect(page.getByText('Are you sure you want to remove this policy?')).toBeVisible()
    await page.getByRole('link', { name: 'No' }).click()
    await expect(page).toHaveURL(/\/manage-policies$/)
    await removeButton(page, FLOOD.policyId).click()
    await page.getByRole('button', { name: 'Yes' }).click()
    await expect(page).toHaveURL(/\/manage-policies$/)
    await expect(page.locator(`#policy-${FLOOD.policyId}`)).toHaveCount(0)
  })

  test('Update Password opens without script', async ({ page }) => {
    await logInAs(page, user.userName, user.password)
    await page.goto('/manage-profile')
    await page.getByText('Update Password', { exact: true }).click()
    await expect(page.getByLabel('Confirm Password *')).toBeVisible()
  })
})

test.describe('with JavaScript, account', () => {
  test('change the password on Your Profile', async ({ page }) => {
    await logInAs(page, user.userName, user.password)
    await page.getByRole('banner').getByRole('link', { name: 'Manage Profile' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible()
    await expect(page.getByText('Edit the information below to update your profile')).toBeVisible()
    await expect(page.getByLabel('User Name *')).toHaveValue(user.userName)
    await expect(page.getByLabel('Confirm Password *')).toBeHidden()
    await checkPage(page, 'Your Profile')

    await page.getByLabel('Email Address *').fill('not-an-email')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByLabel('Email Address *')).toBeFocused()
    await expect(page.getByText('Email Address Invalid', { exact: true })).toBeVisible()
    await page.getByLabel('Email Address *').fill(user.email)
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByRole('status')).toHaveText('Your profile has been updated.')

    await page.getByText('Update Password', { exact: true }).click()
    await page.getByRole('button', { name: 'Save Password' }).click()
    await expect(page.getByLabel('Current Password *')).toBeFocused()
    await expect(page.getByText('The Current Password field is required', { exact: true })).toBeVisible()
    await expect(page.getByText('The Password field is required', { exact: true })).toBeVisible()
    await expect(page.getByText('The Confirm Password field is required', { exact: true })).toBeVisible()
    await checkPage(page, 'Your Profile with password errors')

    await page.getByLabel('Current Password *').fill(user.password)
    await page.getByLabel('Password *', { exact: true }).fill('Journey#Pass2')
    await page.getByLabel('Confirm Password *').fill('Journey#Pass3')
    await page.getByRole('button', { name: 'Save Password' }).click()
    await expect(page.getByText('Password and Confirmation password do not match', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Confirm Password *')).toBeFocused()

    await page.getByLabel('Current Password *').fill('Wrong#Current9')
    await page.getByLabel('Password *', { exact: true }).fill('Journey#Pass2')
    await page.getByLabel('Confirm Password *').fill('Journey#Pass2')
    await page.getByRole('button', { name: 'Save Password' }).click()
    await expect(page.getByLabel('Current Password *')).toBeFocused()
    await expect(page.getByText('The current password is not correct. Please try again.', { exact: true })).toBeVisible()

    await page.getByLabel('Current Password *').fill(user.password)
    await page.getByLabel('Password *', { exact: true }).fill('Journey#Pass2')
    await page.getByLabel('Confirm Password *').fill('Journey#Pass2')
    await page.getByRole('button', { name: 'Save Password' }).click()
    await expect(page).toHaveURL(/\/account-home$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()
    user.password = 'Journey#Pass2'

    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
    await submitLogin(page, user.userName, 'Journey#Pass1')
    await expect(page.getByRole('alert')).toHaveText('Login Failed.')
    await logInAs(page, user.userName, user.password)
  })

  test('forgot password through the dev mailbox: the link works once', async ({ page }) => {
    const signedIn = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL })
    const other = await signedIn.newPage()
    await logInAs(other, user.userName, user.password)

    await page.goto('/')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/')
    await checkPage(page, 'Reset Password')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel('Email Address *')).toBeFocused()
    await expect(page.getByText('Email address is required.', { exact: true })).toBeVisible()
    await page.getByLabel('Email Address *').fill(user.email.toUpperCase())
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'If the information entered matches a valid account, an email with instructions to reset the password will be sent to the email address associated with this account.',
    )
    await checkPage(page, 'Reset Password, sent')

    await page.goto('/__dev/mailbox')
    const mail = page.getByRole('article').filter({ hasText: 'Reset your ProgHome password' }).filter({ hasText: user.email }).first()
    await expect(mail).toBeVisible()
    await checkPage(page, 'Dev Mailbox')
    const link = mail.getByRole('link', { name: /\/reset-password\?token=/ })
    const href = (await link.getAttribute('href'))!
    await link.click()
    await expect(page).toHaveURL(/\/reset-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible()
    await checkPage(page, 'Choose a New Password')

    await page.getByLabel('Password *', { exact: true }).fill('Mailbox#Pass3')
    await page.getByLabel('Confirm Password *').fill('Mailbox#Pass4')
    await page.getByRole('button', { name: 'Save Password' }).click()
    await expect(page.getByText('The Password fields must match.', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Confirm Password *')).toBeFocused()
    await page.getByLabel('Password *', { exact: true }).fill('Mailbox#Pass3')
    await page.getByLabel('Confirm Password *').fill('Mailbox#Pass3')
    await page.getByRole('button', { name: 'Save Password' }).click()
    await expect(page.getByRole('status')).toHaveText('Your password has been changed. Please log in with your new password.')
    await checkPage(page, 'Choose a New Password, done')
    user.password = 'Mailbox#Pass3'

    // every session of the profile ended
    await other.goto('/account-home')
    await expect(other.getByRole('alert')).toHaveText(SESSION_ENDED)
    await signedIn.close()

    // the link works once
    await page.goto(href)
    await expect(page.getByRole('alert')).toHaveText('This password reset link has expired or has already been used. Please request a new one.')
    await checkPage(page, 'Choose a New Password, used link')

    await page.getByRole('link', { name: 'Return to Login' }).click()
    await logInAs(page, user.userName, user.password)
  })

  test('Great News: the partner link opens a new tab and logs the profile out', async ({ page, context }) => {
    await context.route('https://partner.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Partner</title><h1>Partner login</h1></html>' }),
    )
    const partner = personaTagged('direct.partner')
    await logInAs(page, partner.userName, partner.password)
    await page.goto('/great-news')
    await expect(page.getByRole('heading', { level: 1, name: 'Great News!' })).toBeVisible()
    await checkPage(page, 'Great News')
    const popup = context.waitForEvent('page') // rel=noopener: a new page of the context, not a page.popup
    await page.getByRole('button', { name: "Log in to our partner's site (opens in a new tab)" }).click()
    const tab = await popup
    await tab.waitForURL('https://partner.example/login')
    await expect(tab.getByRole('heading', { name: 'Partner login' })).toBeVisible()
    await page.goto('/account-home')
    await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED)
  })
})
