import { beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { Browser, ORIGIN, seed } from './helpers'
import { mainOf, policyTagged } from './servicing-helpers'

beforeAll(() => seed())

/** 'Get proof of insurance' on Account Home's cards (issue 24). */

const { owner, policyId: HOME } = policyTagged('policy.homeowners-balance')

async function home(): Promise<{ b: Browser; main: string }> {
  const b = new Browser()
  expect((await b.login(owner)).status).toBe(303)
  const res = await b.fetch('/account-home')
  expect(res.status).toBe(200)
  return { b, main: mainOf(await res.text()) }
}

describe('Account Home: Get proof of insurance', () => {
  it("is a form on each card of a policy with coverages, naming the card's policy", async () => {
    const { main } = await home()
    for (const p of owner.policies) {
      const form = new RegExp(
        `<input type="hidden" name="policyId" value="${p.policyId}"/><input type="hidden" name="next" value="proof"/><button type="submit" class="btn--link">Get proof of insurance<span class="visually-hidden">, policy ${p.policyId}</span></button>`,
      )
      expect(main).toMatch(form)
    }
  })

  it("opens the policy and goes on to its proof's download", async () => {
    const { b } = await home()
    const open = await b.form('/account-home', { policyId: HOME, next: 'proof' })
    expect(open.status).toBe(303)
    expect(open.headers.get('Location')).toBe('/policy-information/proof-of-insurance')
    // as a browser follows it: from Account Home, a document navigation
    const pdf = await b.fetch('/policy-information/proof-of-insurance', { headers: { Referer: `${ORIGIN}/account-home`, 'Sec-Fetch-Dest': 'document' } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers.get('Content-Disposition')).toMatch(new RegExp(`^attachment; filename="proof-of-insurance-${HOME}-`))
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()), { updateMetadata: false })
    expect(doc.getTitle()).toBe(`Evidence of Insurance - Policy ${HOME}`)
  })

  it('a policy outside the profile opens nothing', async () => {
    const { b } = await home()
    const res = await b.form('/account-home', { policyId: 'ZZZ9999999', next: 'proof' })
    expect(res.headers.get('Location')).toBe('/error')
  })
})
