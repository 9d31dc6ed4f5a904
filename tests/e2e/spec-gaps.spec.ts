import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * Issue 13, "a loading indicator on every form submit that takes longer than a moment" (spec 000
 * section 3 "Interface flags: spinner"; section 4 "E-sign: A spinner shows while submitting"), on the
 * forms without an island, with no script: the pressed button shows a spinner while the next page is
 * on its way (decision 138).
 */

/** The pressed button's ::after, as the browser draws it. */
function spinnerOf(page: Page, name: string) {
  return page.evaluate((label) => {
    const button = [...document.querySelectorAll('button[type="submit"]')].find((b) => b.textContent?.trim() === label)
    if (!button) return null
    const s = getComputedStyle(button, '::after')
    return { content: s.content, opacity: s.opacity, delay: s.animationDelay }
  }, name)
}

test.describe('a submit that takes longer than a moment shows a spinner', () => {
  test('a button pressed with the mouse shows the spinner once the submit has taken 0.5 s', async ({ page }) => {
    await page.goto('/forgot-password')
    await page.getByLabel('Email Address *').fill('someone@example.com')
    // The answer never comes: the submit is held in the page (as a slow server would hold it).
    await page.evaluate(() => document.querySelector('main form')!.addEventListener('submit', (e) => e.preventDefault()))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
    // The waiting animation runs 0.5 s and then holds the spinner: awaited as an event, not a delay.
    const waited = await page.evaluate(async () => {
      const waits = document.getAnimations().filter((a) => (a as CSSAnimation).animationName === 'submit-wait')
      await Promise.all(waits.map((a) => a.finished))
      return waits.length
    })
    expect(waited).toBe(1)
    expect(await spinnerOf(page, 'Continue')).toEqual({ content: '""', opacity: '1', delay: '0.5s, 0.5s' })
  })

  test('a button reached with the keyboard shows nothing', async ({ page }) => {
    await page.goto('/forgot-password')
    await page.getByLabel('Email Address *').focus()
    for (let i = 0; i < 10 && !(await page.getByRole('button', { name: 'Continue' }).evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
    // No waiting animation was started for it (CSS animations on pseudo-elements are listed by the document).
    const started = await page.evaluate(() => document.getAnimations().filter((a) => (a as CSSAnimation).animationName === 'submit-wait').length)
    expect(started).toBe(0)
    expect((await spinnerOf(page, 'Continue'))?.content).toBe('none')
  })
})
