import { backToEnglish, expect, expectNoAxeViolations, personaTagged, scrollWidth, test } from './fixtures'

/**
 * Issue 36 item 1, as a new user on a phone (375 px) meets it: Español in the login page's header, the
 * page back in Spanish (<html lang="es-US">), still in Spanish after signing in, and English chosen back.
 * The choice is a plain form: the keyboard reaches and presses it like any button.
 */
test.use({ viewport: { width: 375, height: 800 } })
// Signing in saves Español in the person's profile: English again, passed or failed, for the specs after it.
test.afterEach(({ page, baseURL }) => backToEnglish(page, baseURL!))

test('choose Español on the login page, sign in in Spanish, and choose English back', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  const espanol = page.getByRole('banner').getByRole('button', { name: 'Español', exact: true })
  await expect(espanol).toBeVisible()
  await expect(espanol).toHaveAttribute('lang', 'es-US')

  await espanol.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  await expect(page).toHaveTitle('Iniciar sesión - ProgHome')
  await expect(page.getByRole('link', { name: 'Saltar al contenido principal' })).toBeAttached()
  const english = page.getByRole('banner').getByRole('button', { name: 'English', exact: true })
  await expect(english).toBeVisible()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'the login page in Spanish at 375 px')

  // Signing in keeps the choice: the header says Cerrar sesión, in one row at 375 px.
  const sam = personaTagged('direct.single')
  await page.locator('input[name="userName"]').fill(sam.userName)
  await page.locator('input[name="password"]').fill(sam.password)
  await page.locator('input[name="password"]').press('Enter')
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  await expect(page).toHaveTitle('Inicio de la cuenta - ProgHome')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await expect(english).toBeVisible()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  // English back, on the page it was chosen on.
  await english.click()
  await expect(page).toHaveURL(/\/account-home$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  await expect(page).toHaveTitle('Account Home - ProgHome')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible()
  await expect(espanol).toBeVisible()
})
