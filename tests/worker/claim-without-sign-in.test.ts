import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, seed } from './helpers'
import { mainOf, policyTagged, withPolicy } from './servicing-helpers'
import { ERIN_FLOOD, floodClaim, forgetClaimRateCounts, PNG } from './claims-fixtures'

/**
 * Issue 35 item 1 (decision 220): the front door. The claims line on every page without a session, and
 * a claim reported without signing in: policy number, last name and ZIP code or date of birth, counted
 * per address and per policy BEFORE the check; a narrow session (one policy, Report a Claim and its
 * confirmation only); the same claim pipeline; the claim is the owner's once signed in.
 */

beforeAll(() => seed(), 120_000)

const NO_MATCH = 'We could not confirm these details. Check them and try again, or call us to report your claim:'
const SAM_HOME = policyTagged('claims.mitigation-window').policyId // HOM4020001 (TX), a date of birth on file

interface Identity {
  last_name: string
  birth_date: string | null
}
async function identityOf(policyId: string): Promise<Identity> {
  return (await env.DB.prepare('SELECT last_name, birth_date FROM policies WHERE policy_id = ?').bind(policyId).first<Identity>())!
}
async function zipOf(policyId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return (JSON.parse(row!.doc) as { riskAddresses: { zipCode: string }[] }).riskAddresses[0]!.zipCode
}

let address = 0
/** A browser at its own address (CF-Connecting-IP), so each test counts from zero per address. */
function visitor(ip = `198.51.100.${++address}`) {
  const b = new Browser()
  return {
    b,
    ip,
    tell: (fields: Record<string, string>) => b.form('/report-a-claim', fields, { 'CF-Connecting-IP': ip }),
    get: (path: string) => b.fetch(path, { headers: { 'CF-Connecting-IP': ip } }),
  }
}

async function auditCount(event: string, policyId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE event = ? AND detail = ?').bind(event, policyId).first<{ n: number }>()
  return row!.n
}

async function forgetAccessCounts(): Promise<void> {
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'claim-access:%'").run()
}

describe('the front door: the claims line on every page without a session', () => {
  it.each(['/', '/forgot-password', '/find-policy', '/report-a-claim', '/Logout'])(
    '%s: the claims line as a tel: link and the way to report online',
    async (path) => {
      const html = await (await new Browser().fetch(path)).text()
      expect(html).toContain('<a href="tel:18005550199">1-800-555-0199</a>')
      expect(html).toContain('href="/report-a-claim"')
    },
  )

  it('the login page keeps spec 000 texts and adds the claim panel', async () => {
    const html = await (await new Browser().fetch('/')).text()
    for (const t of [
      'Flood Policy Login',
      'User ID or Email *',
      'Password *',
      'Forgot your password?',
      'Flood Policy Registration',
      'Register your Flood or Excess Flood policy.',
      'Make payments, report a claim, and more.',
      'Register My Flood Policy',
    ]) {
      expect(html).toContain(t)
    }
    expect(html).toMatch(/<h2 id="front-door-heading">Report a Claim<\/h2>/)
    expect(html).toContain('Report a Claim Without Signing In')
  })

  it('a guarded page reached without a session (Session Ended) has the claims line', async () => {
    const res = await new Browser().fetch('/account-home')
    expect(res.status).toBe(401)
    expect(await res.text()).toContain('href="tel:18005550199"')
  })
})

describe('the identity check', () => {
  it('policy number, last name and ZIP code open the claim form of that policy; no account is created', async () => {
    const me = await identityOf(ERIN_FLOOD)
    const profiles = (await env.DB.prepare('SELECT COUNT(*) AS n FROM profiles').first<{ n: number }>())!.n
    const v = visitor()
    const res = await v.tell({
      policyId: ERIN_FLOOD.toLowerCase(),
      lastName: ` ${me.last_name.toUpperCase()} `,
      zipCode: await zipOf(ERIN_FLOOD),
      birthDate: '',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/report-claim')
    const form = await v.get('/report-claim')
    expect(form.status).toBe(200)
    const html = await form.text()
    expect(mainOf(html)).toContain(ERIN_FLOOD)
    expect(html).toContain('data-island="report-claim"')
    // No policy menu, no payment box: the claim form alone.
    expect(html).not.toContain('class="side-nav')
    expect(html).not.toContain('Make a Payment')
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM profiles').first<{ n: number }>())!.n).toBe(profiles)
    const session = await env.DB.prepare(
      "SELECT kind, profile_id, policy_scope, absolute_expires_at - created_at AS cap FROM sessions WHERE kind = 'claim' ORDER BY created_at DESC",
    ).first<{
      kind: string
      profile_id: string | null
      policy_scope: string
      cap: number
    }>()
    expect(session).toEqual({ kind: 'claim', profile_id: null, policy_scope: JSON.stringify([ERIN_FLOOD]), cap: 60 * 60_000 })
  })

  it('the date of birth instead of the ZIP code', async () => {
    const me = await identityOf(SAM_HOME)
    expect(me.birth_date).not.toBeNull()
    const res = await visitor().tell({ policyId: SAM_HOME, lastName: me.last_name, zipCode: '', birthDate: me.birth_date! })
    expect(res.status).toBe(303)
  })

  it('a wrong last name, a wrong ZIP code, a wrong date of birth and an unknown policy get one same answer, and no session', async () => {
    const me = await identityOf(SAM_HOME)
    const zip = await zipOf(SAM_HOME)
    const tries = [
      { policyId: SAM_HOME, lastName: 'Nobody', zipCode: zip, birthDate: '' },
      { policyId: SAM_HOME, lastName: me.last_name, zipCode: '99999', birthDate: '' },
      { policyId: SAM_HOME, lastName: me.last_name, zipCode: '', birthDate: '1901-01-01' },
      { policyId: 'HOM4999999', lastName: me.last_name, zipCode: zip, birthDate: '' },
    ]
    const answers: string[] = []
    for (const t of tries) {
      const v = visitor()
      const res = await v.tell(t)
      expect(res.status).toBe(200)
      expect(v.b.cookies.has('__Host-ph_session')).toBe(false)
      const alert = /<div class="alert alert--error" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(await res.text())?.[1]
      answers.push(alert ?? '')
    }
    expect(answers[0]).toContain(NO_MATCH)
    expect(new Set(answers).size).toBe(1)
  })

  it('a form without the ZIP code and the date of birth says what is missing (400), before any count', async () => {
    const res = await visitor().tell({ policyId: SAM_HOME, lastName: 'X', zipCode: '', birthDate: '' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Enter the ZIP code of the insured property, or your date of birth.')
  })
})

describe('the limits, counted before the check', () => {
  it('per policy: 12 wrong attempts at once are checked 5 times, 7 are refused; then the right details are refused too', async () => {
    await forgetAccessCounts()
    const me = await identityOf(ERIN_FLOOD)
    const before = await auditCount('claim_access.failed', ERIN_FLOOD)
    // Each attempt from its own address: only the policy's limit is in play.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => visitor().tell({ policyId: ERIN_FLOOD, lastName: 'Guess', zipCode: '00000', birthDate: '' })),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(7)
    expect(answers.find((r) => r.status === 429)!.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await auditCount('claim_access.failed', ERIN_FLOOD)) - before).toBe(5)
    const right = await visitor().tell({ policyId: ERIN_FLOOD, lastName: me.last_name, zipCode: await zipOf(ERIN_FLOOD), birthDate: '' })
    expect(right.status).toBe(429)
    await forgetAccessCounts()
  })

  it('per address: 25 attempts at once over 25 policy numbers from one address are checked 20 times', async () => {
    await forgetAccessCounts()
    const v = visitor()
    const numbers = Array.from({ length: 25 }, (_, i) => `HOM49${String(i).padStart(5, '0')}`)
    const answers = await Promise.all(numbers.map((policyId) => v.tell({ policyId, lastName: 'Guess', zipCode: '00000', birthDate: '' })))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5)
    let checked = 0
    for (const n of numbers) checked += await auditCount('claim_access.failed', n)
    expect(checked).toBe(20)
    await forgetAccessCounts()
  })
})

describe('the claim session is narrow', () => {
  async function claimVisitor() {
    await forgetAccessCounts()
    const me = await identityOf(ERIN_FLOOD)
    const v = visitor()
    expect((await v.tell({ policyId: ERIN_FLOOD, lastName: me.last_name, zipCode: await zipOf(ERIN_FLOOD), birthDate: '' })).status).toBe(303)
    const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
      v.b.fetch(path, { ...init, headers: { 'X-Requested-With': 'portal', 'CF-Connecting-IP': v.ip, ...(init.headers ?? {}) } })
    return { ...v, call }
  }

  it.each([
    '/account-home',
    '/policy-information',
    '/payment-history',
    '/policy-documents',
    '/claims-history',
    '/manage-profile',
    '/make-payment',
    '/e-sign-history',
  ])('cannot open %s: to that page there is no session', async (path) => {
    const v = await claimVisitor()
    const res = await v.get(path)
    expect(res.status).toBe(401)
    expect(await res.text()).toContain('Session Ended')
  })

  it('cannot reach another policy or the operations of an account', async () => {
    const v = await claimVisitor()
    const other = policyTagged('claims.mitigation-window').policyId
    expect((await v.call(`/v1/homeowners/GetPolicySeedDataForClaim?policyId=${other}&lossDate=2026-11-20`)).status).toBe(404)
    const fnolOther = await v.call(`/v1/homeowners/FirstNoticeOfLoss/${other}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ claimSubmission: {}, fileIds: [] }),
    })
    expect(fnolOther.status).toBe(404)
    expect((await v.call('/v1/profile/PaymentMethods')).status).toBe(401)
    expect((await v.call(`/v1/policy/${ERIN_FLOOD}`)).status).not.toBe(200)
  })

  it('reports its claim through the same pipeline; the confirmation leads to Login; the owner sees the claim once signed in', async () => {
    await forgetClaimRateCounts()
    const v = await claimVisitor()
    const upload = await v.call(`/v1/flood/ClaimFile/${ERIN_FLOOD}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', 'X-File-Name': 'porch.png', 'Idempotency-Key': crypto.randomUUID() },
      body: PNG,
    })
    expect(upload.status).toBe(201)
    const fileId = ((await upload.json()) as { fileId: string }).fileId
    // Not to an open claim: only with the claim it reports.
    const toOpen = await v.call(`/v1/flood/ClaimFile/${ERIN_FLOOD}?claimNumber=FL-2026-000001`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', 'X-File-Name': 'porch.png', 'Idempotency-Key': crypto.randomUUID() },
      body: PNG,
    })
    expect(toOpen.status).toBe(403)

    const res = await v.call(`/v1/flood/FirstNoticeOfLoss/${ERIN_FLOOD}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ claimSubmission: floodClaim(), fileIds: [fileId] }),
    })
    expect(res.status).toBe(200)
    const claimNumber = /FL-\d{4}-\d{6}/.exec(await res.text())?.[0]
    expect(claimNumber).toBeDefined()
    const row = await env.DB.prepare('SELECT policy_id FROM claims WHERE claim_number = ?').bind(claimNumber).first<{ policy_id: string }>()
    expect(row?.policy_id).toBe(ERIN_FLOOD)
    const mails = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key = ?').bind(`claim-reported:${claimNumber}`).first<{ n: number }>()
    expect(mails?.n).toBe(1)

    const confirmation = await v.get('/system-message')
    expect(confirmation.status).toBe(200)
    const html = await confirmation.text()
    expect(html).toContain(claimNumber!)
    expect(html).toContain('Return to Login')

    const owner = await withPolicy(ERIN_FLOOD)
    const history = await (await owner.fetch('/claims-history')).text()
    expect(history).toContain(claimNumber!)
  })

  it('ends with Log Out', async () => {
    const v = await claimVisitor()
    await v.b.form('/Logout', {}, { 'CF-Connecting-IP': v.ip })
    expect((await v.get('/report-claim')).status).toBe(401)
  })
})
