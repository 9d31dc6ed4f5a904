import { describe, it, expect, beforeAll } from 'vitest'
import { Browser, persona, seed } from './helpers'

/** Issue 12: what the visual work changed in the markup, read from the worker's answers. */
beforeAll(() => seed())

function main(html: string): string {
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
}

describe('Account Home as a dashboard', () => {
  it('each card: the spec lines, a status chip, the amount due and date, the next action, one control', async () => {
    const b = new Browser()
    await b.login(persona('direct.multi'))
    const html = main(await (await b.fetch('/account-home')).text())
    const cards = html.split('<li class="policy-tile">').slice(1)
    expect(cards).toHaveLength(3)
    const home = cards.find((c) => c.includes('HOM4010001'))!
    expect(home).toContain('Homeowners')
    expect(home).toContain('>CA<')
    expect(home).toContain('My Home Policy')
    expect(home).toContain('View your policy for policy details')
    expect(home).toContain('<span class="chip tone--success">Active</span>')
    expect(home).toContain('$184.50')
    expect(home).toContain('12/15/2026')
    expect(home).toContain('E-Signature Required')
    // the card's control, its one action (issue 21 item 8: Sign your documents) and 'Get proof of insurance' (issue 24)
    expect(home.match(/<button|<a /g)).toHaveLength(3)
    expect(home.match(/class="policy-tile__link"/g)).toHaveLength(1)
    expect(home).toContain('>Sign your documents<span class="visually-hidden">, policy HOM4010001</span></button>')
    expect(home).toContain('Get proof of insurance')
    const condo = cards.find((c) => c.includes('CND4010002'))!
    expect(condo).toContain('Paid in full.')
    expect(condo).not.toContain('Payment Due')
  })

  it('shows other people’s policies nowhere', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const html = main(await (await b.fetch('/account-home')).text())
    for (const p of persona('direct.multi').policies) expect(html).not.toContain(p.policyId)
  })
})

describe('error page', () => {
  it('without a session offers Login, not Account Home (which would only say Session Ended)', async () => {
    const html = main(await (await new Browser().fetch('/error')).text())
    expect(html).toContain('href="/">Return to Login</a>')
    expect(html).not.toContain('Return to Account Home')
  })

  it('with a direct-login session keeps the spec: Return to Login ends the session', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const html = main(await (await b.fetch('/error')).text())
    expect(html).toMatch(/<form action="\/error" method="post"><button type="submit" class="btn btn--primary">Return to Login<\/button>/)
  })
})

describe('Login Failed.', () => {
  it('a user name too long to be one fails as the same alert as a wrong password', async () => {
    const long = await (await new Browser().form('/', { userName: 'x'.repeat(300), password: 'Wrong-Password1' })).text()
    expect(long).toContain('<div class="alert alert--error" role="alert">Login Failed.</div>')
    expect(long).not.toContain('class="field__error"')
  })
})
