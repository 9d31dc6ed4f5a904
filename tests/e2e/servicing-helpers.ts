import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { logIn, openPolicy, type Persona } from './fixtures'

/** Helpers of the servicing specs (issue 5): policies by tag, opening them, reading downloads. */

const MANIFEST = new URL('../fixtures/personas.json', import.meta.url)
const personas = (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { personas: Persona[] }).personas

export interface TaggedPolicy {
  owner: Persona
  policyId: string
}

export function policyTagged(tag: string): TaggedPolicy {
  for (const owner of personas) {
    const p = owner.policies.find((x) => x.tags.includes(tag))
    if (p) return { owner, policyId: p.policyId }
  }
  throw new Error(`tests/fixtures/personas.json has no policy tagged "${tag}"`)
}

/** Logs in as the owner and opens the policy from Account Home, as a user would. */
export async function openTagged(page: Page, tag: string): Promise<string> {
  const { owner, policyId } = policyTagged(tag)
  await openPolicy(page, owner, policyId)
  return policyId
}

/**
 * A profile flagged sendToProgressive sees no policy buttons on Account Home (they lead to Great News),
 * so the policy is loaded by posting Account Home's form directly, as the page's own form would.
 */
export async function openPartnerPolicy(page: Page, tag: string): Promise<string> {
  const { owner, policyId } = policyTagged(tag)
  await logIn(page, owner)
  const origin = new URL(page.url()).origin
  const res = await page.request.post('/account-home', { form: { policyId }, headers: { Origin: origin }, maxRedirects: 0 })
  expect(res.status()).toBe(303)
  return policyId
}

/** The policy side nav; on a phone it is collapsed behind its summary first. */
export async function sideNav(page: Page) {
  await page.waitForLoadState('load') // the stylesheets decide whether the summary shows (phone) or not
  const details = page.locator('details.side-nav')
  const summary = details.locator('summary')
  if (await summary.isVisible()) {
    if ((await details.getAttribute('open')) === null) await summary.click()
  }
  return page.getByRole('navigation', { name: 'Policy' })
}

/** Bytes of a download, checked as a PDF: the %PDF header and its page count. */
export async function pdfOf(path: string): Promise<{ header: string; pages: number }> {
  const bytes = readFileSync(path)
  const header = bytes.subarray(0, 5).toString('latin1')
  const doc = await PDFDocument.load(bytes)
  return { header, pages: doc.getPageCount() }
}
