import { describe, it, expect, beforeAll } from 'vitest'
import { seed } from './helpers'
import { mainOf, page, policyTagged, text, withPolicy } from './servicing-helpers'

beforeAll(() => seed())

const HOME = policyTagged('policy.homeowners-balance').policyId // HO3, claims, packets, escrowed mortgagee, e-sign required
const CONDO = policyTagged('policy.condo-paid').policyId // one mortgagee, no email, e-sign history
const FLOOD = policyTagged('policy.flood-balance').policyId // underwriting pending, 4 mortgagees, insureds
const EXCESS = policyTagged('policy.excess-flood').policyId // 7 mortgagees
const FLOOD_PAID = policyTagged('policy.flood-paid').policyId
const FLOOD_17A = policyTagged('policy.original-17a').policyId
const CANCELLED = policyTagged('policy.cancelled').policyId
const LIEN = policyTagged('policy.lienholder').policyId // MFH: lienholder + mortgagee, 5 additional interests
const RENTERS = policyTagged('policy.renters').policyId // 2 additional interests, cap 1
const UMBRELLA = policyTagged('policy.umbrella').policyId // Canadian additional interest
const LONG = policyTagged('policy.payment-history-long').policyId // 36 payments

describe('Policy Summary (/policy-information)', () => {
  it('shows every non-flood field, mortgagees with escrow, and additional interests with the note', async () => {
    const { status, html } = await page(HOME, '/policy-information')
    expect(status).toBe(200)
    expect(html).toContain('<title>Policy Summary - ProgHome</title>')
    const t = text(mainOf(html))
    for (const s of [
      'Policy Summary',
      `${HOME} HO3`,
      'Status Active',
      'Type Homeowners',
      'Policy Term 11/15/2026 - 11/15/2027',
      'Property Address 2417 Riverbank Drive Sacramento, CA 95831 Sacramento County',
      'Date of Birth 03/14/1982',
      'Marital Status Married',
      'Home Phone 916-555-0123',
      'Email maria.multi@example.com',
      'Mortgagees',
      'Escrowed Yes',
      'Additional Interest(s) (Typically Landlord/Property Manager)',
    ]) {
      expect(t).toContain(s)
    }
    expect(t).not.toContain('Flood Zone')
    expect(t).not.toContain('Underwriting Status')
    expect(t).not.toContain('Additional Insured(s)')
    expect(t).not.toContain('Type Mortgagee') // the Type line is for lienholder policies only
    expect(t).not.toMatch(/Sacramento, CA 95831 USA/) // country: umbrella only
  })

  it("heads a single mortgagee 'Mortgagee' and shows 'Not on file' for a missing email", async () => {
    const t = text(mainOf((await page(CONDO, '/policy-information')).html))
    expect(t).toMatch(/Mortgagee Chase Home Lending/)
    expect(t).toContain('Escrowed No')
    expect(t).toContain('Email Not on file')
  })

  it('flood: underwriting status with a caution icon, flood zone, no birth date, 3 of 4 mortgagees, additional insureds', async () => {
    const html = mainOf((await page(FLOOD, '/policy-information')).html)
    const t = text(html)
    expect(t).toContain('Underwriting Status Caution: Pending - Elevation Certificate Required')
    expect(html).toContain('class="caution-icon"')
    expect(t).toContain('Flood Zone X')
    expect(t).toContain('Type Flood')
    expect(t).not.toContain('Date of Birth')
    expect(t).not.toContain('Marital Status')
    expect(t).not.toContain('Additional Interest(s)')
    expect(t).toContain('Mortgagees')
    expect(t).toContain('River City Home Loans') // the 3rd
    expect(t).not.toContain('Farmers & Merchants Bank') // the 4th, over the flood cap of 3
    expect(t).toContain('Additional Insured(s) Luis Delgado')
    expect(t).toContain('Delgado Family Trust')
  })

  it('excess flood: no underwriting status, 6 of 7 mortgagees', async () => {
    const t = text(mainOf((await page(EXCESS, '/policy-information')).html))
    expect(t).toContain('Type Excess Flood')
    expect(t).not.toContain('Underwriting Status')
    expect(t).toContain('Seacoast National Bank') // 6th
    expect(t).not.toContain('TotalBank Mortgage') // 7th
  })

  it("lienholder policy: 'Mortgagees/Lienholders' with a Type line; manufactured home shows 4 of 5 additional interests", async () => {
    const t = text(mainOf((await page(LIEN, '/policy-information')).html))
    expect(t).toContain('Mortgagees/Lienholders')
    expect(t).toContain('Type Lienholder')
    expect(t).toContain('Type Mortgagee')
    expect(t).toContain('Jordan Whitfield') // 4th
    expect(t).not.toContain('Southern Skirting') // 5th, over the MFH cap of 4
  })

  it('renters shows 1 of 2 additional interests; umbrella shows the country', async () => {
    const renters = text(mainOf((await page(RENTERS, '/policy-information')).html))
    expect(renters).toContain('Ponce Park Apartments LLC')
    expect(renters).not.toContain('Summit Property Management')
    const umbrella = text(mainOf((await page(UMBRELLA, '/policy-information')).html))
    expect(umbrella).toContain('Whitfield Family Trust 45 King Street West Toronto, ON M5H 1J8 CAN')
  })
})

describe('side nav and payment-due box', () => {
  it("homeowners with e-signature required and claims: 'E-Signature Required' and a Report a Claim button for the claims list", async () => {
    const { html } = await page(HOME, '/agent-information')
    const nav = /<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec(html)![0]
    expect(text(nav)).toBe(
      `Policy ${HOME} Policy Summary Report a Claim Make a Payment Documents Agent Information Payment History Claims History E-Signature Required Account Home`,
    )
    expect(nav).toContain('commandfor="claims-list-dialog" command="show-modal"')
    expect(nav).toContain('href="/e-sign"')
    expect(html).toMatch(/<dialog id="claims-list-dialog"[\s\S]*HO-2026-009315[\s\S]*href="\/report-claim"[\s\S]*<\/dialog>/)
    expect(text(mainOf(html))).toContain('Amount Due $184.50 By: 12/15/2026 Make a Payment')
  })

  it("'E-Signatures' to /e-sign-history; Report a Claim is a plain link without claims", async () => {
    const { html } = await page(CONDO, '/agent-information')
    const nav = /<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec(html)![0]
    expect(nav).toContain('<a href="/e-sign-history">E-Signatures</a>')
    expect(nav).toContain('<a href="/report-claim">Report a Claim</a>')
    expect(html).not.toContain('claims-list-dialog')
    expect(text(mainOf(html))).toContain('Paid in full.')
  })

  it("cancelled: no Report a Claim, no Make a Payment, and 'Cancelled Policy' in the box", async () => {
    const { html } = await page(CANCELLED, '/policy-information')
    const nav = text(/<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec(html)![0])
    expect(nav).not.toContain('Report a Claim')
    expect(nav).not.toContain('Make a Payment')
    expect(text(mainOf(html))).toContain('Cancelled Policy')
  })

  it('excess flood and flood: no e-signature items; excess flood has no Report a Claim', async () => {
    const excess = text(/<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec((await page(EXCESS, '/policy-information')).html)![0])
    expect(excess).not.toContain('Report a Claim')
    expect(excess).not.toContain('E-Signature')
    const flood = text(/<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec((await page(FLOOD_PAID, '/policy-information')).html)![0])
    expect(flood).toContain('Report a Claim')
    expect(flood).not.toContain('E-Signature')
  })

  it("one menu on phones: the header's account menu is marked to step aside under 900 px where the Policy Menu carries the same links (decision 227)", async () => {
    const { html } = await page(HOME, '/agent-information')
    const header = /<header class="site-header">[\s\S]*?<\/header>/.exec(html)![0]
    expect(header).toContain('<details class="account-menu account-menu--beside-policy-menu">')
    const headerLinks = [...header.matchAll(/<ul class="account-menu__list">([\s\S]*?)<\/ul>/g)].map((m) => text(m[1]!))
    const nav = /<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec(html)![0]
    const phoneOnly = [...nav.matchAll(/<li class="mobile-only">([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!))
    expect(headerLinks).toEqual(['Account Home'])
    expect(phoneOnly).toEqual(['Account Home'])
  })

  it('no payment-due box above a claim: Claims History and a claim page go without it, the Policy Summary keeps it (decision 227)', async () => {
    for (const path of ['/claims-history', '/claims-history/HO-2026-009315']) {
      const { html } = await page(HOME, path)
      expect(html, path).toContain('class="shell shell--with-nav"')
      expect(html, path).not.toContain('class="payment-due')
    }
    expect(text(mainOf((await page(HOME, '/policy-information')).html))).toContain('Amount Due $184.50 By: 12/15/2026 Make a Payment')
  })
})

describe('Agent Information, Claims History, E-Signatures', () => {
  it('agent: name, address lines, city/state/zip, phone and a mailto link', async () => {
    const html = mainOf((await page(HOME, '/agent-information')).html)
    expect(text(html)).toContain('Agent Golden State Insurance Agency Address 1200 J Street Suite 400 Sacramento, CA 95814 Phone 916-555-0142')
    expect(html).toContain('href="mailto:service@goldenstate-agency.example.com"')
  })

  it('claims: Claim ID, Amount Paid, Date of Loss, Peril, Status; or the empty text', async () => {
    const t = text(mainOf((await page(HOME, '/claims-history')).html))
    expect(t).toContain('Claim ID Amount Paid Date of Loss Peril Status')
    expect(t).toContain('HO-2026-004417 $12,845.00 02/14/2026 Water Damage Closed')
    // issue 21 item 5: an open claim with nothing paid reads 'None yet'; a closed one keeps $0.00
    expect(t).toContain('HO-2026-006102 $0.00 06/20/2026 Theft Closed Without Payment')
    expect(text(mainOf((await page(CONDO, '/claims-history')).html))).toContain('There is no claims history on this policy.')
  })

  it('e-signatures: Signed, Date, Document; or the empty text; flood goes back to the summary', async () => {
    const t = text(mainOf((await page(CONDO, '/e-sign-history')).html))
    expect(t).toContain('Signed Date Document')
    expect(t).toContain('MD 05/12/2024 I confirm that the unit is not rented to others.')
    expect(text(mainOf((await page(HOME, '/e-sign-history')).html))).toContain('There is no e-signature history on this policy.')
    const flood = await page(FLOOD, '/e-sign-history')
    expect(flood.status).toBe(303)
    expect(flood.res.headers.get('Location')).toBe('/policy-information')
  })
})

describe('Payment History', () => {
  it('sorts newest post date first, 10 a page, with First/Last links for 4 pages', async () => {
    const html = mainOf((await page(LONG, '/payment-history')).html)
    const rows = [...html.matchAll(/<td data-label="Date">([^<]+)<\/td>/g)].map((m) => m[1])
    expect(rows).toHaveLength(10)
    expect(rows[0]).toBe('11/01/2026')
    expect(rows[9]).toBe('02/01/2026')
    expect(text(html)).toContain('Date Amount Check # Description')
    expect(text(html)).toContain('Page 1 of 4')
    const pager = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)![0]
    expect(text(pager)).toBe('First Previous 1 2 3 Next Last')
    expect(pager).toContain('href="/payment-history?page=4">Last')
    expect(pager).toContain('href="/payment-history?page=2">Next')
  })

  it('goes to a page by link (?page=4): the oldest payments, numbers 2 3 4', async () => {
    const html = mainOf((await page(LONG, '/payment-history?page=4')).html)
    const rows = [...html.matchAll(/<td data-label="Date">([^<]+)<\/td>/g)].map((m) => m[1])
    expect(rows).toHaveLength(6)
    expect(rows.at(-1)).toBe('12/01/2023')
    const pager = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)![0]
    expect(text(pager)).toBe('First Previous 2 3 4 Next Last')
    expect(pager).toMatch(/aria-current="page"[^>]*>4</)
  })

  it('two pages have no First/Last; a bad page number shows page 1', async () => {
    const html = mainOf((await page(HOME, '/payment-history?page=zz')).html)
    expect(text(/<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)![0])).toBe('Previous 1 2 Next')
    expect(text(html)).toContain('Page 1 of 2')
    expect(text(mainOf((await page(FLOOD, '/payment-history')).html))).toContain('There is no payment history on this policy.')
  })
})

describe('Documents (/policy-documents)', () => {
  it('non-flood: packets with their labels, policy documents with the declarations page, coverage documents, the closing note', async () => {
    const html = mainOf((await page(HOME, '/policy-documents')).html)
    const t = text(html)
    expect(t).toContain(
      'Policy Packets New Business Packet 11/15/2025 (PDF download) Policy Change Packet 04/10/2026 (PDF download) Renewal Packet 11/15/2026 (PDF download)',
    )
    expect(t).toContain('Policy Documents Declarations Page (PDF download)')
    expect(t).toContain('Coverage Documents HO 00 03 Homeowners 3 - Special Form (PDF download)')
    expect(t).toContain('If you cannot find a document, please call the policy servicing number on your Declarations Page.')
    expect(html).toContain('href="/v1/common/DownloadPolicyPacketDocument/?transactionType=NB&amp;effectiveDate=2025-11-15"')
    expect(html).toContain(`href="/v1/common/DownloadDocument/?fileName=${HOME}-declarations.pdf&amp;documentType=policy"`)
  })

  it('flood with a balance and underwriting open: no packets, no declarations page, no coverage documents, both messages', async () => {
    const t = text(mainOf((await page(FLOOD, '/policy-documents')).html))
    expect(t).not.toContain('Policy Packets')
    expect(t).not.toContain('Declarations Page (PDF download)')
    expect(t).not.toContain('Dec Page')
    expect(t).toContain('Flood Insurance Application')
    expect(t).toContain('The Declarations Page will be available once the policy has been paid in full and underwriting has been completed.')
    expect(t).toContain('The Coverage Documents will be available once the policy has been paid in full and underwriting has been completed.')
    expect(t).not.toContain('Standard Flood Insurance Policy')
    // Issue 35: not 'the number on your Declarations Page' while that page is withheld.
    // (text() spaces the tags: the link is followed by its full stop on the page.)
    expect(t).toMatch(/If you cannot find a document, please call policy servicing at 1-800-555-0134 ?\./)
    expect(t).not.toContain('on your Declarations Page')
  })

  it("excess flood and 17A with a balance: 'paid in full' only", async () => {
    for (const id of [EXCESS, FLOOD_17A]) {
      const t = text(mainOf((await page(id, '/policy-documents')).html))
      expect(t, id).toContain('The Declarations Page will be available once the policy has been paid in full.')
      expect(t, id).toContain('The Coverage Documents will be available once the policy has been paid in full.')
      expect(t, id).not.toContain('Declarations Page (PDF download)')
      expect(t, id).not.toContain('Dec Page')
    }
  })

  it('flood paid in full: the declarations page and coverage documents show', async () => {
    const t = text(mainOf((await page(FLOOD_PAID, '/policy-documents')).html))
    // Issue 35: the policy system's 'Declarations Dec Page' reads as 'Declarations Page'.
    expect(t).toContain('Declarations Page (PDF download)')
    expect(t).not.toContain('Dec Page')
    expect(t).toContain('Standard Flood Insurance Policy - Dwelling Form')
    expect(t).not.toContain('will be available once')
  })
})

describe("partner-site redirect ('sendToProgressive' policy)", () => {
  it("shows the banner and opens the 'Great News!' modal on the first page only", async () => {
    const { policyId } = policyTagged('policy.partner')
    const b = await withPolicy(policyId)
    const first = await (await b.fetch('/policy-information')).text()
    expect(text(/<div class="partner-banner"[\s\S]*?<\/div>/.exec(first)![0])).toContain("Great News! Your policy can now be serviced on our partner's site.")
    expect(first).toMatch(/<dialog id="great-news-dialog"[^>]* open=""/)
    const partnerForm = /<form[^>]*action="\/great-news"[^>]*>/.exec(first)?.[0] ?? ''
    expect(partnerForm).toContain('method="post"')
    expect(partnerForm).toContain('target="_blank"')
    const second = await (await b.fetch('/agent-information')).text()
    expect(second).toContain('class="partner-banner"')
    expect(second).toMatch(/<dialog id="great-news-dialog"(?![^>]* open=)[^>]*>/)
  })

  it('shows neither on a policy that is not flagged', async () => {
    const { html } = await page(HOME, '/policy-information')
    expect(html).not.toContain('partner-banner')
    expect(html).not.toContain('great-news-dialog')
  })
})
