import { expect, openPolicy, personaTagged, test } from '../e2e/fixtures'
import { fillBilling, fillCard } from '../e2e/payment-form'
import { mailTo, STAND_INS } from './support'

/**
 * As deployed (issue 29): a card payment goes to the processor through the payments HTTP adapter (the
 * sandbox in the stand-ins' process holds the charge, by the portal's reference, never the card number)
 * and its receipt reaches the mail API.
 */
const OWNER = personaTagged('direct.catalog')
const POLICY = 'BLD4050001'

test('a card payment is charged at the processor and its receipt is mailed', async ({ page, request }) => {
  await openPolicy(page, OWNER, POLICY)
  await page.goto('/make-payment')
  await page.getByLabel('Payment Amount *').fill('184.50')
  await fillCard(page, '4111 1111 1111 1111')
  await fillBilling(page)
  await page.getByRole('button', { name: 'Submit Payment' }).click()
  await expect(page).toHaveURL(/\/system-message$/)
  const status = page.getByRole('status')
  await expect(status).toContainText(`Your payment of $184.50 on policy ${POLICY} was approved.`)
  const confirmation = /confirmation number is (P[0-9A-Z]{10})/.exec((await status.textContent()) ?? '')![1]!

  const receipt = await mailTo(request, OWNER.email, new RegExp(`payment receipt, confirmation ${confirmation}`))
  expect(receipt.text).toContain('$184.50')
  expect(receipt.text).not.toMatch(/4111\s?1111\s?1111\s?1111/)

  const { charges } = (await (await request.get(`${STAND_INS}/payments/charges`)).json()) as {
    charges: { policyId: string; amountCents: number; outcome: string; last4: string }[]
  }
  expect(charges.filter((c) => c.policyId === POLICY)).toEqual([expect.objectContaining({ amountCents: 18450, outcome: 'approved', last4: '1111' })])
})
