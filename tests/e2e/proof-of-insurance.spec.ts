import { readFileSync } from 'node:fs'
import type { Download, Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { openTagged, pdfOf, policyTagged } from './servicing-helpers'
import { pdfText } from '../support/pdf-text'

/**
 * Issue 24's 'Done when', tried as a new user would: the Policy Summary's proof of insurance downloads,
 * opens (a PDF made with a verification code) and verifies on the public page, as a lender would check
 * it (no session); a made-up code is 'Not found' and nothing else; 'Send to my lender' reaches the dev
 * mailbox with the PDF attached, the same code in the mail and in the file. axe on Verify Proof of
 * Insurance at 375 and 1280 px, in each of its states, and on the dev mailbox with the attachment.
 */

const CODE = /^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/
const NOT_FOUND = 'Not found. No proof of insurance was issued with this code. Check the code and try again.'

/** The code a proof PDF was issued with (its subject names it), after checking the file is a PDF. */
async function codeOfPdf(download: Download): Promise<string> {
  const path = (await download.path())!
  const { header, pages } = await pdfOf(path)
  expect(header).toBe('%PDF-')
  expect(pages).toBeGreaterThan(0)
  const subject = (await PDFDocument.load(readFileSync(path), { updateMetadata: false })).getSubject() ?? ''
  const code = /^Evidence of insurance, code (.+)$/.exec(subject)?.[1] ?? ''
  expect(code).toMatch(CODE)
  // Its text extracts (issue 24 item 4): the title, the code a lender types, the insurer's disclaimer.
  const text = await pdfText(readFileSync(path))
  for (const want of ['Evidence of Insurance', 'Named insured', 'Policy number', `Verification code`, code, 'This document is evidence of insurance only.'])
    expect(text, want).toContain(want)
  return code
}

async function check(page: Page, code: string): Promise<void> {
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Check' }).click()
}

test('a proof downloads, opens and verifies; a made-up code is not found; Send to my lender reaches the dev mailbox with the PDF', async ({ page }) => {
  const { policyId, owner } = policyTagged('policy.homeowners-balance')
  await openTagged(page, 'policy.homeowners-balance')
  await page.goto('/policy-information')
  const block = page.getByRole('region', { name: "What's covered" })

  const [download] = await Promise.all([page.waitForEvent('download'), block.getByRole('link', { name: 'Get proof of insurance' }).click()])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^proof-of-insurance-${policyId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`))
  const code = await codeOfPdf(download)

  // The lender's side: a browser of its own, never signed in.
  const lenderContext = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL })
  const lender = await lenderContext.newPage()
  for (const width of [375, 1280]) {
    await lender.setViewportSize({ width, height: 900 })
    await lender.goto('/verify-insurance')
    await expect(lender.getByRole('heading', { level: 1, name: 'Verify Proof of Insurance' })).toBeVisible()
    await expectNoAxeViolations(lender, `Verify Proof of Insurance, ${width} px`)

    await check(lender, code)
    const answer = lender.getByRole('status')
    await expect(answer.getByRole('heading', { name: 'Genuine, and the policy is in force' })).toBeVisible()
    await expect(answer).toContainText(`Policy number${policyId}`)
    await expect(answer).toContainText('In force todayYes')
    await expectNoAxeViolations(lender, `Verify Proof of Insurance, a genuine code, ${width} px`)

    await check(lender, 'ABCD-EFGH-JKMN')
    await expect(lender.getByRole('alert')).toHaveText(NOT_FOUND)
    await expect(lender.getByRole('status')).toHaveCount(0)
    await expect(lender.locator('main')).toContainText(NOT_FOUND)
    await expect(lender.locator('main')).not.toContainText(policyId)
    await expectNoAxeViolations(lender, `Verify Proof of Insurance, not found, ${width} px`)
  }
  await lenderContext.close()

  // Send to my lender: the policy's first mortgagee is chosen; the policyholder gets a copy.
  const to = `closing.${Date.now().toString(36)}@lender.example`
  await block.getByText('Send to my lender').click()
  await block.getByLabel('Their email address').fill(to)
  await block.getByRole('button', { name: 'Send proof of insurance' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Sent to ${to}.` })).toContainText(`A copy went to ${owner.email}.`)

  await page.goto('/__dev/mailbox')
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Proof of insurance for policy ${policyId}` }) })
    .filter({ hasText: to })
  await expect(mail).toHaveCount(1)
  const sentCode = /Verification code: (\S+)/.exec((await mail.textContent()) ?? '')?.[1] ?? ''
  expect(sentCode).toMatch(CODE)
  expect(sentCode).not.toBe(code) // every proof is a new one
  const file = mail.getByRole('listitem').filter({ hasText: 'application/pdf' })
  await expect(file).toHaveText(new RegExp(`^proof-of-insurance-${policyId}-\\d{4}-\\d{2}-\\d{2}\\.pdf \\(application/pdf, \\d+ KB\\)$`))
  const [attached] = await Promise.all([page.waitForEvent('download'), file.getByRole('link').click()])
  expect(await codeOfPdf(attached)).toBe(sentCode)

  const copy = page.getByRole('article').filter({ hasText: `Your proof of insurance was sent to ${to}` })
  await expect(copy).toContainText(`Verification code: ${sentCode}`)
  await expect(copy.getByRole('listitem').filter({ hasText: 'application/pdf' })).toHaveCount(1)
  await expectNoAxeViolations(page, 'Dev Mailbox, mails with an attachment')
})
