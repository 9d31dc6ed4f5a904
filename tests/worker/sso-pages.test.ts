import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona, ORIGIN } from './helpers'
import { SsoBrowser, captureLogs, resetStandIns, routeOutbound } from './sso-support'
import { localOptOutRecords } from '../../worker/dev/opt-out'

const POLICY = persona('direct.single').policies[0]!.policyId
const SUCCESS = 'Your request has successfully been processed.'
const BROWSER_ONLY = 'Your opt-out request applies to this browser only.'
const TITLE = 'Do Not Sell or Share My Personal Information: California Residents Only'

beforeAll(() => seed())
beforeEach(async () => {
  routeOutbound()
  await resetStandIns()
})
afterEach(() => vi.unstubAllGlobals())

describe('Test SSO page (outside production)', () => {
  it('shows the action select, policy id, product type, system origin, the opt-out radio and Click; no header', async () => {
    const res = await new SsoBrowser().fetch('/TestSSO')
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).toContain('<title>Test SSO - ProgHome</title>')
    expect(html).not.toContain('class="site-header"')
    for (const code of ['POLICYSUMMARY', 'POLICYDOCUMENTS', 'REPORTCLAIM'])
      expect(html).toMatch(new RegExp(`<option value="${code}"( selected="")?>${code}</option>`))
    for (const label of ['Action', 'Policy ID', 'Product Type', 'System Origin', 'Privacy opt-out preference']) expect(html).toContain(`>${label}<`)
    expect(html).toContain('<option value="" selected="">None</option>')
    expect(html).toContain('<option value="MNA">MNA (mobile native app)</option>')
    expect(html).toContain('<input type="radio" name="PgrOptOutPref" checked="" value="1"/> 1: opt in')
    expect(html).toContain('<input type="radio" name="PgrOptOutPref" value="0"/> 0: opt out')
    expect(html).toContain('>Click</button>')
  })

  it('clears session storage on load with a script the CSP allows', async () => {
    const res = await new SsoBrowser().fetch('/TestSSO')
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(await res.text()).toContain(`<script nonce="${nonce}">try{sessionStorage.clear()}catch(e){}</script>`)
  })

  it('Click trims and uppercases the policy id and goes to the landing with fakePingResponse=true', async () => {
    const b = new SsoBrowser()
    const res = await b.form('/TestSSO', {
      actionCd: 'POLICYDOCUMENTS',
      policyId: `  ${POLICY.toLowerCase()} `,
      productType: '',
      SystemOrigin: 'MNA',
      PgrOptOutPref: '0',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(
      `/sso-progressive-landing?PPA=yes&policyId=${POLICY}&actionCd=POLICYDOCUMENTS&fakePingResponse=true&SystemOrigin=MNA&PgrOptOutPref=0`,
    )
    const landed = await b.follow(res, { Referer: `${ORIGIN}/TestSSO`, 'Sec-Fetch-Dest': 'document' })
    expect(landed.headers.get('Location')).toBe('/policy-documents')
    const page = await b.follow(landed)
    expect(await page.text()).toContain('<title>Documents - ProgHome</title>')
  })

  it('an invalid form is shown again with its messages (400), focus on the first error', async () => {
    const res = await new SsoBrowser().form('/TestSSO', { actionCd: 'WIPEOUT', policyId: ' ' })
    const html = await res.text()
    expect(res.status).toBe(400)
    expect(html).toContain('Value is required')
    expect(html).toMatch(/<select id="f-actionCd"[^>]*autofocus/)
  })

  it('a cross-site Click is refused', async () => {
    const res = await new SsoBrowser().form('/TestSSO', { actionCd: 'POLICYSUMMARY', policyId: POLICY }, { Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })
})

describe('Opt-out confirmation page (spec 001)', () => {
  it('says the request was processed, stores the default preference 1', async () => {
    const b = new SsoBrowser()
    const res = await b.fetch('/privacy/confirmation')
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).toContain('<title>Opt Out Confirmation - ProgHome</title>')
    expect(html).toContain(TITLE)
    expect(html).toContain(SUCCESS)
    expect(html).toContain('Close this window')
    expect(decodeURIComponent(b.cookies.get('PgrOptOutPref')!)).toBe('C0004:1')
  })

  it('persistSuccessful=0: this browser only, not linked to the profile', async () => {
    const b = new SsoBrowser()
    const html = await (await b.fetch('/privacy/confirmation?PgrOptOutPref=0&persistSuccessful=0')).text()
    expect(html).toContain(BROWSER_ONLY)
    expect(html).toContain('not linked to your profile')
    expect(html).not.toContain(SUCCESS)
    expect(decodeURIComponent(b.cookies.get('PgrOptOutPref')!)).toBe('C0004:0')
  })

  it('persistSuccessful other than 0 is a success', async () => {
    expect(await (await new SsoBrowser().fetch('/privacy/confirmation?PgrOptOutPref=0&persistSuccessful=1')).text()).toContain(SUCCESS)
  })

  it('Sec-GPC: 1 stores opted out whatever the link says', async () => {
    const b = new SsoBrowser()
    await b.fetch('/privacy/confirmation?PgrOptOutPref=1', { headers: { 'Sec-GPC': '1' } })
    expect(decodeURIComponent(b.cookies.get('PgrOptOutPref')!)).toBe('C0004:0')
  })

  it('with a policy loaded, the preference is sent to the insurer through the opt-out port', async () => {
    const b = new SsoBrowser()
    await b.land({ PPA: 'yes', policyId: POLICY, fakePingResponse: 'true' })
    await b.fetch('/privacy/confirmation?PgrOptOutPref=0')
    expect((await localOptOutRecords(env.CACHE as never, POLICY)).at(-1)).toMatchObject({
      policyId: POLICY,
      preference: 0,
      source: 'privacy-confirmation',
      gpc: false,
    })
  })

  it('an odd preference is stored as opted out and logged, never refused (issue 21 item 10); an odd persistSuccessful is ignored', async () => {
    const b = new SsoBrowser()
    const { result: res, lines } = await captureLogs(() => b.fetch('/privacy/confirmation?PgrOptOutPref=9&persistSuccessful=maybe'))
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(SUCCESS)
    expect(decodeURIComponent(b.cookies.get('PgrOptOutPref')!)).toBe('C0004:0')
    expect(lines.join('\n')).toContain('opt-out link with an odd value')
  })

  it('needs no session', async () => {
    expect((await new SsoBrowser().fetch('/privacy/confirmation')).status).toBe(200)
  })
})
