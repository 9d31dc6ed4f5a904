import { expect, openPolicy, personaTagged, test } from '../e2e/fixtures'
import { mailTo, runCron, STAND_INS } from './support'

/**
 * As deployed (issue 29): an automatic payment on its due date. wren.worstday's HOM4060001 is enrolled with
 * a card kept at the processor and its installment has come due (tests/deployed/seed-autopay.ts). The
 * cron's work queues the draft, the outbox charges it by token through the payments adapter (once, with
 * the cron run again and again meanwhile: tests/worker/autopay-outbox.test.ts proves the races), and the
 * receipt reaches the mail API; the policy's Payment History shows it.
 */
const OWNER = personaTagged('direct.worstday')
const POLICY = 'HOM4060001'

interface Charge {
  policyId: string
  amountCents: number
  outcome: string
  last4: string
}

async function chargesOf(request: Parameters<typeof runCron>[0]): Promise<Charge[]> {
  const { charges } = (await (await request.get(`${STAND_INS}/payments/charges`)).json()) as { charges: Charge[] }
  return charges.filter((c) => c.policyId === POLICY)
}

test('the due installment is charged by the cron once, by the saved card, with its receipt mailed', async ({ page, request }) => {
  await openPolicy(page, OWNER, POLICY)
  await page.goto('/automatic-payments')
  await expect(page.getByRole('main')).toContainText('ending in 1111')

  await expect
    .poll(async () => {
      await runCron(request)
      return chargesOf(request)
    })
    .toEqual([expect.objectContaining({ amountCents: 12000, outcome: 'approved', last4: '1111' })])
  const receipt = await mailTo(request, OWNER.email, /^Your ProgHome payment receipt, confirmation P[0-9A-Z]{10}$/)
  expect(receipt.text).toContain('$120.00')
  expect(receipt.text).toContain(POLICY)

  await page.goto('/payment-history')
  await expect(page.getByRole('main')).toContainText('$120.00')
})
