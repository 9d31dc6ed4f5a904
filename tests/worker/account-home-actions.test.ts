import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { seedClaim } from './claim-page-support'

/** Issue 21 item 8: each Account Home card offers its one most useful action (shared/policy/next-action). */
beforeAll(() => seed())

async function cardsOf(tag: string): Promise<{ b: Browser; card: (policyId: string) => string }> {
  const b = new Browser()
  await b.login(persona(tag))
  const html = /<main[\s\S]*<\/main>/.exec(await (await b.fetch('/account-home')).text())?.[0] ?? ''
  const cards = html.split('<li class="policy-tile">').slice(1)
  return { b, card: (id) => cards.find((c) => c.includes(`value="${id}"`)) ?? '' }
}

/** The card's action element: at most one per card. */
function actionOf(card: string): string {
  const found = card.match(/<(form|p) [^>]*class="[^"]*policy-tile__action[^"]*"[\s\S]*?<\/\1>/g) ?? []
  expect(found.length).toBeLessThanOrEqual(1)
  return found[0] ?? ''
}

describe("Account Home card's one action", () => {
  it('e-signature required: Sign, which opens the E-Signature page; the spec line stays', async () => {
    const { b, card } = await cardsOf('direct.multi')
    const a = actionOf(card('HOM4010001'))
    expect(a).toContain('>Sign your documents<span class="visually-hidden">, policy HOM4010001</span></button>')
    expect(card('HOM4010001')).toContain('View your policy for policy details')
    const go = await b.form('/account-home', { policyId: 'HOM4010001', go: 'sign' })
    expect(go.headers.get('Location')).toBe('/e-sign')
  })

  it('an amount due: Pay {amount}, which opens Make a Payment for that policy', async () => {
    const { b, card } = await cardsOf('direct.multi')
    const a = actionOf(card('FLD4010003'))
    expect(a).toMatch(/>Pay \$[\d,]+\.\d\d<span class="visually-hidden">, policy FLD4010003<\/span><\/button>/)
    expect(a).toContain('name="go" value="pay"')
    const go = await b.form('/account-home', { policyId: 'FLD4010003', go: 'pay' })
    expect(go.status).toBe(303)
    expect(go.headers.get('Location')).toBe('/make-payment')
  })

  it('go=pay on a cancelled policy does not open Make a Payment', async () => {
    const { b } = await cardsOf('direct.edge-cases')
    const go = await b.form('/account-home', { policyId: 'DWL4040002', go: 'pay' })
    expect(go.headers.get('Location')).not.toBe('/make-payment')
  })

  it('nothing due and an open claim: the claim line is the action', async () => {
    const n = await seedClaim({ policyId: 'CND4010002' })
    const { card } = await cardsOf('direct.multi')
    const a = actionOf(card('CND4010002'))
    expect(a).toContain(`name="claimNumber" value="${n}"`)
    expect(a).toContain(`class="btn btn--primary">Claim ${n}:`)
  })

  it('cancelled: call the agent, by name, with a tap-to-call link', async () => {
    const { card } = await cardsOf('direct.edge-cases')
    const a = actionOf(card('DWL4040002'))
    expect(a).toMatch(/^<p class="policy-tile__action">Call your agent, [^<:]+: <a class="tel" href="tel:\+?\d{10,11}">[^<]+<\/a><\/p>$/)
    expect(a).not.toContain('Pay ')
  })

  it('nothing else to do: no extra action, the card opens the policy', async () => {
    const { card } = await cardsOf('direct.edge-cases')
    const c = card('FLD4040005')
    expect(c).not.toBe('')
    expect(actionOf(c)).toBe('')
    expect(c).toContain('View your policy for policy details')
  })
})
