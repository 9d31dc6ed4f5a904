import type { Page } from '@playwright/test'
import { expect, test, devPost, expectNoAxeViolations, openPolicy, scrollWidth } from './fixtures'
import { policyTagged } from './servicing-helpers'
import { localDate } from '../../shared/clock'

/**
 * Issue 33 item 4 end to end in Chromium at 375 px (decision 213): noor reports one storm on the home
 * policy, takes the offer of the flood claim on the same house (its form starts from the wind claim's
 * facts), and sees both claims, each linking the other; the claims stand-in holds each claim's related claim.
 */
const HOME = policyTagged('claims.paired-home') // noor, HOM4070001 (FL)
const FLOOD = policyTagged('claims.paired-flood') // noor, FLD4070002, the same house

test.setTimeout(180_000)

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const DESCRIPTION = 'Hurricane winds tore shingles off the roof and the street flooded into the ground floor.'

/** Presses Report Claim and Confirm; waits for the system message page. */
async function report(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Report Claim' }).click()
  const confirm = page.getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/system-message$/, { timeout: 30_000 })
  const text = (await page.getByRole('main').textContent()) ?? ''
  return /(HO|FL)-\d{4}-\d{6}/.exec(text)![0]
}

async function relatedAtStandIn(page: Page, claimNumber: string): Promise<string[]> {
  const held = (await (await page.request.get('/__dev/claims-system/claims')).json()) as { claims: { claimNumber: string; related: { reference: string }[] }[] }
  return held.claims.find((c) => c.claimNumber === claimNumber)?.related.map((r) => r.reference) ?? []
}

test('one storm on a home and a flood policy: report the wind claim, take the offer, see both claims linked (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  await page.goto('/report-claim')
  const description = page.getByLabel('Brief description of Loss/Damages *')
  await expect(description).toBeVisible()

  await page.getByLabel('Date of Loss *').fill(localDate(Date.now() - 86_400_000, 'FL'))
  await page.keyboard.press('Tab')
  await page
    .getByRole('radiogroup', { name: /Weather Related Event/ })
    .getByLabel('Yes')
    .check()
  await page.getByLabel('Cause of Loss *').selectOption('Wind/Hail')
  await page.getByLabel('Detailed Cause of Loss *').selectOption('111')
  await description.fill(DESCRIPTION)
  const insured = region(page, 'Insured Information')
  await insured.getByLabel('Mobile Phone').fill('8505550199')
  await insured.getByLabel('Preferred Contact Number *').selectOption('3')
  await insured.getByLabel('Email *', { exact: true }).fill('noor.paired@example.com')
  await insured.getByLabel('Confirm Email *').fill('noor.paired@example.com')
  const reporter = region(page, 'Reported By')
  await reporter.getByLabel('Reported By *').fill('Noor Haddad')
  await reporter.getByLabel('Relationship to Insured *').fill('Self')
  await reporter.getByLabel('Phone Number *').fill('8505550142')
  await page.getByLabel('The loss location is the same as the insured location').check()
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('No')
    .check()
  const windClaim = await report(page)
  expect(windClaim).toMatch(/^HO-/)

  // The success page offers the flood claim on the same house.
  const offer = page.getByRole('region', { name: 'Your flood policy may cover this loss too' })
  await expect(offer).toContainText(`Your flood policy ${FLOOD.policyId} covers the same home`)
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'a storm claim reported, with the offer of the flood claim (375 px)')
  await offer.getByRole('link', { name: 'Report the flood claim too' }).click()

  // The flood form, on the flood policy, starts from what both claims share.
  await expect(page.getByRole('main')).toContainText(`This claim is for the same loss as claim ${windClaim}.`)
  const floodDescription = page.getByLabel('Brief Description of the Loss / Damages *')
  await expect(floodDescription).toHaveValue(DESCRIPTION)
  await expect(page.getByLabel('Date of Loss *')).toHaveValue(localDate(Date.now() - 86_400_000, 'FL'))
  await page.getByLabel('Time of Loss *').fill('14:05') // the wind claim had no time; flood asks for it (issue 35 item 2)
  await expect(region(page, 'Reported By').getByLabel('Reported By *')).toHaveValue('Noor Haddad')
  await expect(region(page, 'Insured Information').getByLabel('Mobile Phone')).toHaveValue('850-555-0199')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await floodDescription.fill(`${DESCRIPTION} Two feet of water downstairs.`)
  await page
    .getByRole('radiogroup', { name: /National Vendor/ })
    .getByLabel('No')
    .check()
  const floodClaim = await report(page)
  expect(floodClaim).toMatch(/^FL-/)
  await expect(page.getByRole('main')).toContainText(`You reported the homeowners claim for this loss too: ${windClaim}`)

  // The scheduled work files both claims, then tells each claims system of the other.
  for (let i = 0; i < 3; i++) expect((await devPost(page, '/__dev/scheduled')).status()).toBe(200)
  await expect.poll(() => relatedAtStandIn(page, windClaim)).toEqual([floodClaim])
  await expect.poll(() => relatedAtStandIn(page, floodClaim)).toEqual([windClaim])

  // Both claims, each linking the other at its one address.
  await page.goto(`/claims/${floodClaim}`)
  const linked = page.getByRole('region', { name: 'The same loss on your other policy' })
  await expect(linked).toContainText('This loss is also claimed on your homeowners policy')
  await expect(linked).toContainText('The claims team handling this claim has been told the other claim number.')
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'the flood claim linking the wind claim (375 px)')
  await linked.getByRole('link', { name: `Claim ${windClaim}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${windClaim}` })).toBeVisible()
  const back = page.getByRole('region', { name: 'The same loss on your other policy' })
  await expect(back).toContainText('This loss is also claimed on your flood policy')
  await expect(back.getByRole('link', { name: `Claim ${floodClaim}` })).toHaveAttribute('href', `/claims/${floodClaim}`)
})
