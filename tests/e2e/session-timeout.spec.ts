import { expect, test, type Page } from '@playwright/test'
import { logIn, personaTagged, SESSION_ENDED, waitForSessionTimer } from './fixtures'

/**
 * Spec 000 §4 "Session" and §9: 15-minute session, a check every 60 s, the warning when 2 minutes are
 * left and the user has been idle for 60 s, a countdown of at most 120 s, logout at 0.
 * Time is Playwright's fake clock (installed before the first navigation); nothing here waits for
 * real time, and the mouse never moves over the page while it is meant to be idle.
 */

/** Logs in, waits for the timer island on Account Home, then stays idle for 13 minutes of page time. */
async function idleUntilWarning(page: Page): Promise<void> {
  await page.clock.install()
  await logIn(page, personaTagged('direct.multi'))
  await waitForSessionTimer(page)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Twelve checks leave 3 minutes: no warning yet.
  await page.clock.runFor('12:00')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The thirteenth check finds 2 minutes left and the user idle.
  await page.clock.runFor('01:00')
}

function warningDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Your session is about to expire' })
}

test.describe('session timeout', () => {
  test('an idle user is warned before the session ends, with focus on Continue', async ({ page }) => {
    await idleUntilWarning(page)
    const dialog = warningDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.getByText(/you will be logged out in [12]:\d{2}/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Log Out' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused()
  })

  test('Continue refreshes the session: the warning closes and does not come back for a new idle period', async ({ page }) => {
    await idleUntilWarning(page)
    const dialog = warningDialog(page)
    await expect(dialog).toBeVisible()

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/v1/common/token') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    expect((await refreshed).status()).toBe(200)
    await expect(dialog).toHaveCount(0)

    // The deadline moved a full session ahead: another 12 idle minutes bring no warning and no logout.
    await page.clock.runFor('12:00')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()
    await expect(page.getByText(SESSION_ENDED)).toHaveCount(0)
  })

  test('when the countdown reaches 0 the user is logged out and the session is gone', async ({ page }) => {
    await idleUntilWarning(page)
    const dialog = warningDialog(page)
    await expect(dialog).toBeVisible()

    await page.clock.runFor('02:00')
    await expect(page.getByRole('heading', { level: 1, name: 'Log Out Confirmation' })).toBeVisible()
    await expect(page.getByText(/You logged off at/)).toBeVisible()

    await page.goto('/account-home')
    await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED)
  })

  test('Log Out in the warning logs the user out at once', async ({ page }) => {
    await idleUntilWarning(page)
    const dialog = warningDialog(page)
    await expect(dialog).toBeVisible()

    await dialog.getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Log Out Confirmation' })).toBeVisible()
    await page.goto('/account-home')
    await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED)
  })
})
