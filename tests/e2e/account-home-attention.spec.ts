import { expect, expectNoAxeViolations, logIn, personaTagged, scrollWidth, submitLogin, test } from './fixtures'

/**
 * Issue 35 item 6 where a person sees it, at 375 px: Account Home greets by first name and, before the
 * cards, says what needs attention, each item a sentence and one link that works without JavaScript; a
 * result page is one statement in plain words with one primary button. Nothing here changes the demo's
 * data (the links only open a policy in the session).
 */

test.use({ viewport: { width: 375, height: 812 } })

test('Account Home: the greeting, then what needs attention, then the cards', async ({ page }) => {
  await logIn(page, personaTagged('direct.multi'))
  const main = page.getByRole('main')
  await expect(main.getByText('Welcome back, Maria', { exact: true })).toBeVisible()
  const attention = page.getByRole('region', { name: 'What needs your attention' })
  const items = attention.getByRole('listitem')
  // HOM4010001 must be signed first: its signature is the item, not its payment (Pay would open E-Signature).
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText(/^\$[\d,]+\.\d\d is due by \d\d\/\d\d\/\d{4} on your Flood policy FLD4010003\./)
  await expect(items.nth(1)).toContainText('Your Homeowners policy HOM4010001 has documents waiting for your signature.')
  // Before the first card, in the page's order and on the screen.
  const [list, firstCard] = await Promise.all([attention.boundingBox(), page.locator('.policy-tile').first().boundingBox()])
  expect(list!.y + list!.height).toBeLessThanOrEqual(firstCard!.y)
  // Each item: one sentence and one control.
  for (const item of await items.all()) await expect(item.getByRole('button')).toHaveCount(1)
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'Account Home with what needs attention (375 px)')

  await attention.getByRole('button', { name: /^Sign your documents ?, policy HOM4010001$/ }).click()
  await expect(page).toHaveURL(/\/e-sign$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("an item's link works: Pay opens Make a Payment for that policy", async ({ page }) => {
    const maria = personaTagged('direct.multi')
    await submitLogin(page, maria.userName, maria.password)
    await expect(page).toHaveURL(/\/account-home$/)
    const attention = page.getByRole('region', { name: 'What needs your attention' })
    await attention.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d ?, policy FLD4010003$/ }).click()
    await expect(page).toHaveURL(/\/make-payment$/)
    await expect(page.getByRole('main')).toContainText('FLD4010003')
  })
})

test('nothing due (an automatic draft takes it): the calm line', async ({ page }) => {
  await logIn(page, personaTagged('direct.single'))
  const attention = page.getByRole('region', { name: 'What needs your attention' })
  await expect(attention).toContainText('Nothing needs your attention right now.')
  await expect(attention.getByRole('listitem')).toHaveCount(0)
  await expectNoAxeViolations(page, 'Account Home with nothing needing attention (375 px)')
})

test('a result page: the heading, the words in plain text, one primary button, other ways on as links', async ({ page }) => {
  // The system-message page's own component (success and error) on the style page.
  await page.goto('/__dev/styles')
  for (const id of ['sg-sm-success', 'sg-sm-error']) {
    const message = page.locator(`section:has(> #${id})`)
    const body = message.locator('.system-message__body')
    const [weight, colour, ink] = await body.evaluate((el) => [
      getComputedStyle(el).fontWeight,
      getComputedStyle(el).color,
      getComputedStyle(document.body).color,
    ])
    expect(weight).toBe('400')
    expect(colour).toBe(ink)
    await expect(message.locator('.btn--primary')).toHaveCount(1)
    await expect(message.locator('.btn--secondary')).toHaveCount(0)
  }
  await expect(page.locator('#sg-sm-success')).toHaveText('Success!')
  await expect(page.locator('#sg-sm-error')).toHaveText('An unexpected error has occurred.')
  await expectNoAxeViolations(page, 'style page (375 px)')
})
