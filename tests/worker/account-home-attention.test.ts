import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { pushEvent, seedClaim } from './claim-page-support'

/**
 * Issue 35 item 6: Account Home greets the person by first name and, before the policy cards, lists what
 * needs their attention (shared/policy/attention), each item one sentence and one form that works
 * without JavaScript.
 */
beforeAll(() => seed())

async function accountHome(tag: string): Promise<{ b: Browser; main: string; attention: string }> {
  const b = new Browser()
  await b.login(persona(tag))
  const main = /<main[\s\S]*<\/main>/.exec(await (await b.fetch('/account-home')).text())?.[0] ?? ''
  const attention = /<section class="attention"[\s\S]*?<\/section>/.exec(main)?.[0] ?? ''
  return { b, main, attention }
}

/** The items' sentences, in order. */
const sentences = (attention: string): string[] => [...attention.matchAll(/<li class="attention__item[^"]*"><p>([^<]+)<\/p>/g)].map((m) => m[1]!)

describe('Account Home: the greeting and what needs attention', () => {
  it("greets by the insured's first name, and the list comes before the cards", async () => {
    const { main, attention } = await accountHome('direct.multi')
    expect(main).toContain('<p class="account-home__greeting">Welcome back, Maria</p>')
    expect(attention).toContain('<h2 id="attention-heading">What needs your attention</h2>')
    expect(main.indexOf('class="attention"')).toBeLessThan(main.indexOf('class="policy-grid"'))
  })

  it('a payment due and documents to sign (maria): one item each, each one form to the right place', async () => {
    const { b, attention } = await accountHome('direct.multi')
    const items = sentences(attention)
    expect(items).toContainEqual(expect.stringMatching(/^\$[\d,]+\.\d\d is due by \d\d\/\d\d\/\d{4} on your Flood policy FLD4010003\.$/))
    expect(items).toContain('Your Homeowners policy HOM4010001 has documents waiting for your signature.')
    // HOM4010001 has an amount due too, but must be signed first: no 'Pay' that would open E-Signature.
    expect(items.filter((s) => s.includes('HOM4010001'))).toHaveLength(1)
    // Each item's one control: a button drawn as a link in Account Home's own form.
    expect(attention).toMatch(
      /<input type="hidden" name="policyId" value="FLD4010003"\/><input type="hidden" name="go" value="pay"\/><button type="submit" class="btn--link">Pay \$[\d,]+\.\d\d<span class="visually-hidden">, policy FLD4010003<\/span><\/button>/,
    )
    const pay = await b.form('/account-home', { policyId: 'FLD4010003', go: 'pay' })
    expect(pay.headers.get('Location')).toBe('/make-payment')
    const sign = await b.form('/account-home', { policyId: 'HOM4010001', go: 'sign' })
    expect(sign.headers.get('Location')).toBe('/e-sign')
  })

  it('a claim waiting for a document: named; gone once a file answers it; back when the team needs another', async () => {
    const n = await seedClaim({ policyId: 'CND4010002', files: [{ name: 'invoice.png', bytes: 2048 }] })
    expect(await pushEvent(n, 1, 'documents.requested', { items: ['Plumber invoice for the repair'] })).toBe(200)
    const { b, attention } = await accountHome('direct.multi')
    expect(sentences(attention)[0]).toBe(`Claim ${n} is waiting for a document from you: Plumber invoice for the repair.`)
    expect(attention).toContain(`<input type="hidden" name="claimNumber" value="${n}"/><button type="submit" class="btn--link">Send the document`)
    const go = await b.form('/account-home', { policyId: 'CND4010002', claimNumber: n })
    expect(go.headers.get('Location')).toBe(`/claims-history/${n}`)

    // The file sent for that line (as the claim page's 'Send this document' records it): nothing to send now.
    await env.DB.prepare(
      "INSERT INTO claim_uploads (id, policy_id, owner, r2_key, name, content_type, size, sha256, created_at, claim_number, answers) VALUES ('cf_att1', 'CND4010002', 'test', ?1, 'invoice.png', 'image/png', 2048, 'x', ?2, ?3, 'Plumber invoice for the repair')",
    )
      .bind(`test/${n}/1`, Date.now(), n)
      .run()
    expect(sentences((await accountHome('direct.multi')).attention).filter((s) => s.startsWith(`Claim ${n}`))).toEqual([])
    expect(await pushEvent(n, 2, 'document.reviewed', { documentId: 'cf_att1', outcome: 'another-needed' })).toBe(200)
    expect(sentences((await accountHome('direct.multi')).attention)[0]).toBe(`Claim ${n} is waiting for a document from you: Plumber invoice for the repair.`)

    // A request of two more items: the count, not a list.
    expect(await pushEvent(n, 3, 'documents.requested', { items: ['Photos of the ceiling', 'Receipt for the fans'] })).toBe(200)
    expect(sentences((await accountHome('direct.multi')).attention)).toContain(`Claim ${n} is waiting for 3 documents from you.`)
  })

  it('an automatic draft takes the amount due (sam, on EFT): the calm line, nothing else', async () => {
    const { main, attention } = await accountHome('direct.single')
    expect(main).toContain('Welcome back, Sam')
    expect(sentences(attention)).toEqual([])
    expect(attention).toContain('<p class="attention__none">Nothing needs your attention right now.</p>')
  })
})
