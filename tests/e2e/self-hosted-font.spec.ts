import type { Page } from '@playwright/test'
import { expect, logIn, personaTagged, test } from './fixtures'

/**
 * Issue 35 ('system fonts'), decision 228: the portal reads in Public Sans, served by the portal itself
 * (static/fonts, allowed by the pages' font-src 'self'): one variable file for every weight, cached for a year.
 * The console guard of ./fixtures fails a test on any CSP refusal or failed load.
 */
const LATIN = '/fonts/public-sans-5.3.0-latin-wght-normal.woff2'

/** The font files a page fetched while it loaded, by path. */
function fontRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'font') paths.push(new URL(req.url()).pathname)
  })
  return paths
}

async function drawnInPublicSans(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  const state = await page.evaluate(async () => ({
    family: getComputedStyle(document.body).fontFamily,
    loaded: [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Public Sans' && f.status === 'loaded').length,
    // The faces that draw these letters: none when no Public Sans face covers them (check() would say true then).
    spanish: (await document.fonts.load('16px "Public Sans"', 'ñ¿¡áéíóúü')).map((f) => f.family.replace(/"/g, '')),
  }))
  expect(state.family.startsWith('"Public Sans"')).toBe(true)
  expect(state.loaded).toBe(1)
  expect(state.spanish).toEqual(['Public Sans'])
}

test.describe('the self-hosted face', () => {
  test('is served as font/woff2 with a year of cache and the static files protections', async ({ request }) => {
    const res = await request.get(LATIN)
    expect(res.status()).toBe(200)
    const h = res.headers()
    expect(h['content-type']).toBe('font/woff2')
    expect(h['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(h['x-content-type-options']).toBe('nosniff')
    expect(h['content-security-policy']).toContain("default-src 'none'")
    expect((await res.body()).byteLength).toBe(26832)
  })

  test('the login page at 375 px loads one file, the Latin one, and draws its text in it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const fonts = fontRequests(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Flood Policy Login' })).toBeVisible()
    await drawnInPublicSans(page)
    expect(fonts).toEqual([LATIN])
  })

  test('Account Home at 1280 px draws every weight (400 to 800) from the same single file', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const fonts = fontRequests(page)
    await logIn(page, personaTagged('direct.multi'))
    await expect(page).toHaveTitle('Account Home - ProgHome')
    await drawnInPublicSans(page)
    const weights = await page.evaluate(() => new Set([...document.querySelectorAll('main *')].map((e) => getComputedStyle(e).fontWeight)).size)
    expect(weights).toBeGreaterThan(1)
    expect(new Set(fonts)).toEqual(new Set([LATIN]))
  })
})
