import { expect, openPolicy, personaTagged, test } from '../e2e/fixtures'
import { mailTo, STAND_INS } from './support'

/**
 * As deployed (issue 29): 'Send to my lender' mails the proof of insurance with its PDF attached (the
 * attachment read from R2 at delivery and sent base64 through the mail adapter), and the policyholder a copy.
 */
const OWNER = personaTagged('direct.multi')
const POLICY = 'HOM4010001'

test('proof of insurance reaches the lender with its PDF attached', async ({ page, request }) => {
  await openPolicy(page, OWNER, POLICY)
  await page.goto('/policy-information')
  const block = page.getByRole('region', { name: "What's covered" })
  const to = `closing.${Date.now().toString(36)}@lender.example`
  await block.getByText('Send to my lender').click()
  await block.getByLabel('Their email address').fill(to)
  await block.getByRole('button', { name: 'Send proof of insurance' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Sent to ${to}.` })).toBeVisible()

  const mail = await mailTo(request, to, new RegExp(`^Proof of insurance for policy ${POLICY}$`))
  expect(mail.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) })])
  const pdf = await request.get(`${STAND_INS}/mailbox/${mail.id}/attachments/0`)
  expect(pdf.status()).toBe(200)
  const bytes = await pdf.body()
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  expect(bytes.byteLength).toBe(mail.attachments[0]!.size)
  const code = /Verification code: (\S+)/.exec(mail.text)![1]!
  expect((await mailTo(request, OWNER.email, new RegExp(`sent to ${to.replace(/\./g, '\\.')}`))).text).toContain(`Verification code: ${code}`)
})
