import { expect, test } from './fixtures'
import { openTagged } from './servicing-helpers'
import { fillBilling, fillCard, payerName } from './payment-form'

/**
 * Issue 36: Make a Payment once in Spanish, in a browser: the island hydrates with the page's Spanish
 * texts, its own checks speak Spanish, and a declined card is said in Spanish with the way to try another
 * card. A decline changes no balance, so the policy stays as other specs expect it.
 */
test('Make a Payment in Spanish: the form, its messages and a declined card', async ({ page, baseURL }) => {
  await openTagged(page, 'policy.esign-journey')
  // The page's language only (set after signing in, so erin's profile keeps English for the specs after this one).
  await page.context().addCookies([{ name: 'ph_lang', value: 'es', url: baseURL! }])
  await page.goto('/make-payment')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  await expect(page.getByRole('heading', { level: 1, name: 'Realizar un pago' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Tarjeta de crédito' })).toHaveAttribute('aria-selected', 'true')

  await page.getByRole('button', { name: 'Enviar pago' }).click()
  await expect(page.getByText('El número de tarjeta de crédito es obligatorio')).toBeVisible()
  await expect(page.getByText('El nombre en la cuenta es obligatorio')).toBeVisible()
  await expect(page.getByLabel('Número de tarjeta de crédito *')).toBeFocused()

  await fillCard(page, '4000 0000 0000 0002', 'es')
  await fillBilling(page, 'es')
  await page.getByRole('button', { name: 'Enviar pago' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Ocurrió un error inesperado.' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Su pago fue rechazado, y no se realizó ningún pago.')
  await expect(page.getByRole('alert')).toContainText('No se cobró nada.')
  await page.getByRole('button', { name: 'Probar con otra tarjeta' }).click()
  await expect(page.getByLabel('Nombre en la cuenta *')).toHaveValue(payerName('es'))
})
