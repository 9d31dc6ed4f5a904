import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, seed, setCookies } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { pushEvent, queuedMails, seedClaim } from './claim-page-support'
import { claimReport, forgetClaimRateCounts, homeownersClaim, NO_REPAIRS, SAM_HOME } from './claims-fixtures'
import { queueProofOfLossReminders } from '../../worker/services/claims/proof-of-loss-reminders'
import { localDate } from '../../shared/clock'
import type { Env } from '../../worker/env'
import { newestCode, setTwoStepOf } from './stronger-sign-in-support'
import { dropOff, resetStandIns, routeOutbound, SsoBrowser } from './sso-support'

/**
 * Issue 32 items 3 and 6: a claim's one address, /claims/{claim number or the claims team's number}. It
 * opens the claim after sign-in from a mail or a bookmark, the portal choosing the claim's policy; another
 * person's claim is the same 404 as none; the sign-in goes back only to a path of this site. Every claim
 * mail carries it; every claim has a page (the demo data's too); Claims History says what was paid; the
 * report's success page links to the claim and confirms the emergency help asked for.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

const MARIA_HOME = 'HOM4010001' // the demo data's open Wind/Hail claim HO-2026-009315 is on it
const MARIA_CONDO = 'CND4010002'
const DEMO_CLAIM = 'HO-2026-009315'
const RETURN_COOKIE = '__Host-ph_return'
const base = (env as unknown as Env).PORTAL_BASE_URL.replace(/\/+$/, '')

async function notFoundMain(res: Response): Promise<string> {
  expect(res.status).toBe(404)
  return mainOf(await res.text())
}

describe('the claim address, signed in', () => {
  it("chooses the claim's policy itself: with another policy loaded, the demo data's claim opens on its own policy's page", async () => {
    const b = await withPolicy(MARIA_CONDO)
    const res = await b.fetch(`/claims/${DEMO_CLAIM.toLowerCase()}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/claims-history/${DEMO_CLAIM}`)
    const page = await b.fetch(`/claims-history/${DEMO_CLAIM}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`<title>Claim ${DEMO_CLAIM} - ProgHome</title>`)
    const t = text(mainOf(html))
    expect(t).toContain(`Claim number ${DEMO_CLAIM}`)
    expect(t).toContain('Peril Wind/Hail')
    expect(t).toContain('Amount Paid $2,500.00')
    expect(t).toContain('Status Open')
    // the policy loaded now is the claim's: its Claims History lists the claim, linked
    expect(await (await b.fetch('/claims-history')).text()).toContain(`<a href="/claims-history/${DEMO_CLAIM}">${DEMO_CLAIM}</a>`)
  })

  it("opens a claim by the claims team's number too, in any case", async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: `CLM-${n.slice(-6)}AB` })).toBe(200)
    const b = await withPolicy(SAM_HOME)
    const res = await b.fetch(`/claims/clm-${n.slice(-6)}ab`)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/claims-history/${n}`)
  })

  it("another person's claim is the very same 404 as a claim nobody has, and loads nothing", async () => {
    const sam = await withPolicy(SAM_HOME)
    const others = await notFoundMain(await sam.fetch(`/claims/${DEMO_CLAIM}`))
    const nobodys = await notFoundMain(await sam.fetch('/claims/HO-2026-999999'))
    expect(others).toBe(nobodys)
    expect(others).not.toContain(DEMO_CLAIM)
    // sam's loaded policy is still his own
    expect(text(mainOf(await (await sam.fetch('/claims-history')).text()))).not.toContain(DEMO_CLAIM)
    const erinsPortalClaim = await seedClaim({ policyId: 'FLD4040005', family: 'flood' })
    expect(await notFoundMain(await sam.fetch(`/claims/${erinsPortalClaim}`))).toBe(nobodys)
  })

  it('a reference that cannot be a claim number, and the bare /claims, are the 404 page', async () => {
    const b = await withPolicy(SAM_HOME)
    for (const path of ['/claims/%3Cscript%3E', '/claims/HO%202026', `/claims/${'A'.repeat(65)}`, '/claims', '/claims/HO-2026-009315/more']) {
      const res = await b.fetch(path)
      expect(res.status, path).toBe(404)
      await res.body?.cancel()
    }
  })
})

describe('the claim address in an SSO session', () => {
  beforeEach(async () => {
    routeOutbound()
    await resetStandIns()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('opens a claim of a policy the identity service returned, and is the 404 page for any other', async () => {
    const inScope = new SsoBrowser()
    await (await inScope.land({ tokenid: await dropOff({ policies: [MARIA_CONDO, MARIA_HOME] }), PPA: 'yes', policyId: MARIA_CONDO })).body?.cancel()
    const res = await inScope.fetch(`/claims/${DEMO_CLAIM}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/claims-history/${DEMO_CLAIM}`)
    expect((await inScope.fetch(`/claims-history/${DEMO_CLAIM}`)).status).toBe(200)

    // the same person's claim, but a policy this SSO session was not given
    const outOfScope = new SsoBrowser()
    await (await outOfScope.land({ tokenid: await dropOff({ policies: [MARIA_CONDO] }), PPA: 'yes', policyId: MARIA_CONDO })).body?.cancel()
    const refused = await outOfScope.fetch(`/claims/${DEMO_CLAIM}`)
    expect(refused.status).toBe(404)
    await refused.body?.cancel()
  })
})

describe('the claim address, signed out', () => {
  it('goes through sign-in and lands back on the claim, once', async () => {
    const b = new Browser()
    const first = await b.fetch(`/claims/${DEMO_CLAIM}`)
    expect(first.status).toBe(303)
    expect(first.headers.get('Location')).toBe('/')
    expect(setCookies(first).find((l) => l.startsWith(`${RETURN_COOKIE}=`))).toMatch(/HttpOnly/i)
    expect(text(mainOf(await (await b.fetch('/')).text()))).toContain(`Sign in to see your claim ${DEMO_CLAIM}.`)

    const login = await b.login(ownerOf(MARIA_HOME))
    expect(login.status).toBe(303)
    expect(login.headers.get('Location')).toBe(`/claims/${DEMO_CLAIM}`)
    const open = await b.fetch(`/claims/${DEMO_CLAIM}`)
    expect(open.headers.get('Location')).toBe(`/claims-history/${DEMO_CLAIM}`)
    expect((await b.fetch(`/claims-history/${DEMO_CLAIM}`)).status).toBe(200)

    // the return path is spent: the next sign-in lands on Account Home
    const again = await new Browser().login(ownerOf(MARIA_HOME))
    expect(again.headers.get('Location')).toBe('/account-home')
    expect(b.cookies.has(RETURN_COOKIE)).toBe(false)
  })

  it('a 2-step sign-in goes back to the claim too, after its code', async () => {
    const maria = ownerOf(MARIA_HOME)
    await setTwoStepOf(maria, true)
    try {
      const b = new Browser()
      await (await b.fetch(`/claims/${DEMO_CLAIM}`)).body?.cancel()
      const login = await b.login(maria)
      expect(login.headers.get('Location')).toBe('/sign-in-code')
      const done = await b.form('/sign-in-code', { intent: 'code', code: await newestCode(maria) })
      expect(done.status).toBe(303)
      expect(done.headers.get('Location')).toBe(`/claims/${DEMO_CLAIM}`)
    } finally {
      await setTwoStepOf(maria, false)
    }
  })

  it("signed in as someone else after the link, another person's claim is still the 404 page", async () => {
    const b = new Browser()
    await (await b.fetch(`/claims/${DEMO_CLAIM}`)).body?.cancel()
    const login = await b.login(ownerOf(SAM_HOME))
    expect(login.headers.get('Location')).toBe(`/claims/${DEMO_CLAIM}`)
    expect((await b.fetch(`/claims/${DEMO_CLAIM}`)).status).toBe(404)
  })

  it.each([
    ['another origin', 'https://evil.example/claims/x'],
    ['scheme-relative', '//evil.example'],
    ['a backslash', '/\\evil.example'],
    ['an encoded scheme-relative path', encodeURIComponent('//evil.example')],
    ['a line break', encodeURIComponent('/claims/x\r\nLocation: https://evil.example')],
    ['the login page', '/'],
    ['a path nobody owns', '/nowhere'],
    ['not URI-encoded text', '%E0%A4%A'],
  ])('a return path planted in the cookie (%s) is refused: the sign-in lands on Account Home', async (_, value) => {
    const b = new Browser()
    b.cookies.set(RETURN_COOKIE, value)
    const login = await b.login(ownerOf(SAM_HOME))
    expect(login.status).toBe(303)
    expect(login.headers.get('Location')).toBe('/account-home')
  })

  it('the login page names no claim for a planted path, nor without one', async () => {
    const b = new Browser()
    expect(text(mainOf(await (await b.fetch('/')).text()))).not.toContain('Sign in to see your claim')
    b.cookies.set(RETURN_COOKIE, encodeURIComponent('//evil.example/claims/HO-2026-009315'))
    expect(text(mainOf(await (await b.fetch('/')).text()))).not.toContain('Sign in to see your claim')
  })
})

describe('every claim mail carries the claim address', () => {
  const link = (n: string) => `${base}/claims/${n}`

  it('the confirmation of a reported claim, to each address', async () => {
    const b = await withPolicy(SAM_HOME)
    const sent = claimReport(homeownersClaim({ emailAddress: 'someone.else@example.com', confirmEmailAddress: 'someone.else@example.com' }))
    const res = await b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
      method: 'POST',
      headers: { ...sent.headers, 'X-Requested-With': 'portal', 'Idempotency-Key': crypto.randomUUID() },
      body: sent.body,
    })
    expect(res.status).toBe(200)
    const n = /HO-\d{4}-\d{6}/.exec(await res.text())![0]
    const mails = await queuedMails(`claim-reported:${n}`)
    expect(mails.length).toBe(2)
    for (const m of mails) expect(m.text).toContain(`See your claim in ProgHome: ${link(n)}`)
  })

  it('a claim update', async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    await pushEvent(n, 1, 'payment.issued', { amountCents: 845_000, method: 'check' })
    const [mail] = await queuedMails(`claim-update:${n}:`)
    expect(mail!.text).toContain('A payment of $8,450.00 has been issued')
    expect(mail!.text).toContain(`See your claim in ProgHome: ${link(n)}`)
  })

  it('a proof of loss reminder', async () => {
    const now = Date.now()
    // 14 days before the due date (60 days after the loss): the loss was 46 days ago on the policyholder's clock.
    const lossDate = localDate(now - 46 * 86_400_000, 'FL')
    const n = await seedClaim({ policyId: 'FLD4040005', family: 'flood', lossDate })
    await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: `CLM-${n.slice(-6)}` })
    await queueProofOfLossReminders(env as unknown as Env, now)
    const [mail] = await queuedMails(`proof-of-loss:${n}:`)
    expect(mail!.text).toContain(`See your claim in ProgHome: ${link(n)}`)
  })
})

describe('Claims History (issue 32 item 6)', () => {
  it("says what the payment events paid, and links every claim, the policy record's included", async () => {
    const n = await seedClaim({ policyId: SAM_HOME })
    await pushEvent(n, 1, 'payment.issued', { amountCents: 845_000, method: 'check' })
    const b = await withPolicy(SAM_HOME)
    const main = mainOf(await (await b.fetch('/claims-history')).text())
    expect(text(main)).toMatch(new RegExp(`${n} \\$8,450\\.00 `))
    const doc = await env.DB.prepare("SELECT json_extract(doc, '$.claims') AS claims FROM policies WHERE policy_id = ?")
      .bind(MARIA_HOME)
      .first<{ claims: string }>()
    const maria = await withPolicy(MARIA_HOME)
    const hers = mainOf(await (await maria.fetch('/claims-history')).text())
    const recordClaims = JSON.parse(doc!.claims) as { claimID: string }[]
    expect(recordClaims.length).toBeGreaterThan(0)
    for (const c of recordClaims) {
      expect(hers).toContain(`<a href="/claims-history/${c.claimID}">${c.claimID}</a>`)
      expect((await maria.fetch(`/claims-history/${c.claimID}`)).status).toBe(200)
    }
  })
})

describe("the report's success page (issue 32 item 6)", () => {
  async function report(over: Record<string, unknown>): Promise<{ b: Browser; n: string; html: string }> {
    const b = await withPolicy(SAM_HOME)
    const sent = claimReport(homeownersClaim(over))
    const res = await b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
      method: 'POST',
      headers: { ...sent.headers, 'X-Requested-With': 'portal', 'Idempotency-Key': crypto.randomUUID() },
      body: sent.body,
    })
    expect(res.status).toBe(200)
    const n = /HO-\d{4}-\d{6}/.exec(await res.text())![0]
    return { b, n, html: mainOf(await (await b.fetch('/system-message')).text()) }
  }

  it('links to the claim, says what happens next, and confirms the vendor, the repair company and the mitigation asked for', async () => {
    const { b, n, html } = await report({
      emergencyRepair: {
        ...NO_REPAIRS,
        name: 'Acme Roofing',
        phone: '512-555-0100',
        serviceType: 'Roof Tarping',
        assignNationalVendor: 'yes',
        serviceOptions: [1, 4],
      },
      mitigationComment: 'Roof Tarping Mitigation Requested',
    })
    const t = text(html)
    expect(t).toContain('What happens next We are sending your claim to our claims team now.')
    expect(t).toContain('You asked us to send a National Vendor for: Water Mitigation, Roof Tarping.')
    expect(t).toContain('If you have not heard from them within 24 hours, please call our claims line at 1-800-555-0199')
    expect(t).toContain('You told us Acme Roofing is doing emergency repairs (Roof Tarping).')
    expect(t).toContain('Roof Tarping Mitigation Requested')
    expect(html).toContain(`<a href="/claims/${n}">See your claim</a>`)

    // the link is followed from the message page: allowed, and it opens the claim's page
    const follow = { headers: { Referer: 'https://localhost/system-message', 'Sec-Fetch-Dest': 'document' } }
    const open = await b.fetch(`/claims/${n}`, follow)
    expect(open.status).toBe(303)
    const page = await b.fetch(open.headers.get('Location')!, follow)
    expect(page.status).toBe(200)
    expect(text(mainOf(await page.text()))).toContain(`Claim number ${n}`)
  })

  it('says nothing of emergency help when none was asked for', async () => {
    const { html } = await report({})
    expect(text(html)).not.toContain('Emergency help you asked for')
    expect(text(html)).toContain('What happens next')
  })
})
