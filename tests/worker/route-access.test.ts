import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import type { D1Database, D1PreparedStatement, ExecutionContext } from '@cloudflare/workers-types'
import { Browser, cookieHeader, ORIGIN, seed } from './helpers'
import { page, policyTagged, text, withPolicy } from './servicing-helpers'

/**
 * Issue 9 section 3: the route table owns access. Each guarded route (and every path under it) is
 * refused by the guards exactly when the side nav hides its item: a typed address gets the Dashboard
 * (303), a link followed from a portal page is cancelled (204), like the e-sign entry rule of spec 000.
 */

beforeAll(() => seed())

const HOME = policyTagged('policy.homeowners-balance').policyId // may do everything
const CONDO = policyTagged('policy.condo-paid').policyId // e-signature history, no e-sign required
const CANCELLED = policyTagged('policy.cancelled').policyId
const PREVIOUS_CANCELLED = policyTagged('policy.previous-cancelled').policyId
const EXCESS = policyTagged('policy.excess-flood').policyId
const FLOOD = policyTagged('policy.flood-paid').policyId
const UMBRELLA = policyTagged('policy.umbrella').policyId

const FROM_MENU = { Referer: `${ORIGIN}/policy-information`, 'Sec-Fetch-Dest': 'document' }

async function get(policyId: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return (await withPolicy(policyId)).fetch(path, { headers })
}

function expectRefusedTyped(res: Response, what: string): void {
  expect(res.status, what).toBe(303)
  expect(res.headers.get('Location'), what).toBe('/policy-information')
}

function sideNav(html: string): string {
  return text(/<nav aria-label="Policy">[\s\S]*?<\/nav>/.exec(html)![0])
}

describe('typing a guarded address is refused like the menu hides it', () => {
  it.each([
    [CANCELLED, '/report-claim'],
    [CANCELLED, '/make-payment'],
    [CANCELLED, '/e-sign'],
    [EXCESS, '/report-claim'],
    [PREVIOUS_CANCELLED, '/make-payment'],
    [FLOOD, '/e-sign'],
    [FLOOD, '/e-sign-history'],
    [UMBRELLA, '/e-sign'],
    [UMBRELLA, '/e-sign-history'],
  ])('%s may not open %s: typed, it goes to the Dashboard', async (policyId, path) => {
    expectRefusedTyped(await get(policyId, path), `${policyId} ${path}`)
  })

  it.each([
    [CANCELLED, '/report-claim'],
    [CANCELLED, '/make-payment'],
    [EXCESS, '/report-claim'],
    [UMBRELLA, '/e-sign'],
  ])('%s may not open %s: followed from a portal page, the navigation is cancelled (204)', async (policyId, path) => {
    const res = await get(policyId, path, FROM_MENU)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it.each([
    [CANCELLED, '/report-claim/x'],
    [CANCELLED, '/report-claim/anything/deeper'],
    [CANCELLED, '/make-payment/card'],
    [CANCELLED, '/e-sign/document/application'],
    [FLOOD, '/e-sign/document/application'],
    [UMBRELLA, '/e-sign/document/declarations'],
    [FLOOD, '/e-sign-history/anything'],
  ])('%s may not open %s either: the route owns every path under it', async (policyId, path) => {
    expectRefusedTyped(await get(policyId, path), `${policyId} ${path}`)
  })

  it('refuses a form posted to a guarded route as well', async () => {
    const b = await withPolicy(CANCELLED)
    expectRefusedTyped(await b.form('/make-payment', { amount: '1' }), 'POST /make-payment')
    expectRefusedTyped(await b.form('/report-claim/x', {}), 'POST /report-claim/x')
  })

  it.each([
    [HOME, '/report-claim'],
    [HOME, '/make-payment'],
    [HOME, '/e-sign'],
    [CONDO, '/e-sign-history'],
    [PREVIOUS_CANCELLED, '/report-claim'],
    [EXCESS, '/make-payment'],
    [FLOOD, '/report-claim'],
    [FLOOD, '/make-payment'],
  ])('%s may open %s', async (policyId, path) => {
    const res = await get(policyId, path, FROM_MENU)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<h1')
  })

  it('an allowed policy still opens the pages served under a guarded route', async () => {
    const res = await get(HOME, '/e-sign/document/application')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    // A path under a route that no page serves is the 404 page, once the guards let it through.
    expect((await get(HOME, '/report-claim/x')).status).toBe(404)
  })

  it.each([HOME, CANCELLED, PREVIOUS_CANCELLED, EXCESS, FLOOD, UMBRELLA])(
    '%s: Report a Claim and Make a Payment open exactly when the side nav shows them',
    async (policyId) => {
      const nav = sideNav((await page(policyId, '/policy-information')).html)
      for (const [label, path] of [
        ['Report a Claim', '/report-claim'],
        ['Make a Payment', '/make-payment'],
      ] as const) {
        const res = await get(policyId, path)
        expect(res.status === 200, `${policyId} ${path}`).toBe(nav.includes(label))
      }
    },
  )
})

describe('the guards own paths under a route', () => {
  it('a path under a policy route without a session shows the session-ended page', async () => {
    for (const path of ['/e-sign/document/application', '/report-claim/x', '/make-payment/x/y']) {
      const res = await new Browser().fetch(path)
      expect(res.status, path).toBe(401)
      expect(await res.text()).toContain('Your session has ended. Please return to login to access your account.')
    }
  })

  it('another spelling of a route prefix redirects (308) to the canonical one, keeping the rest', async () => {
    const b = await withPolicy(HOME)
    const exact = await b.fetch('/Report-Claim/')
    expect(exact.status).toBe(308)
    expect(exact.headers.get('Location')).toBe('/report-claim')
    const under = await b.fetch('/E-Sign/document/application')
    expect(under.status).toBe(308)
    expect(under.headers.get('Location')).toBe('/e-sign/document/application')
  })

  it('a path only looking like a route (/e-signature, /report-claims) is not owned by it: 404', async () => {
    expect((await get(HOME, '/e-signature')).status).toBe(404)
    expect((await get(HOME, '/report-claims')).status).toBe(404)
  })
})

/** env.DB wrapped so that each D1 round trip (first/all/run/raw, or one batch) is recorded with its SQL. */
function countingDb(db: D1Database, calls: string[]): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>()
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown
        if (key === 'bind') return (...args: unknown[]) => wrap(target.bind(...args), sql)
        if (key === 'first' || key === 'all' || key === 'run' || key === 'raw') {
          return (...args: unknown[]) => {
            calls.push(sql)
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    real.set(proxy, stmt)
    return proxy
  }
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql)
      if (key === 'batch') {
        return (stmts: D1PreparedStatement[]) => {
          calls.push(`batch(${stmts.length})`)
          return target.batch(stmts.map((s) => real.get(s) ?? s))
        }
      }
      const value = Reflect.get(target, key) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

interface App {
  fetch(req: Request, env: unknown, ctx: ExecutionContext): Promise<Response>
}

/**
 * The app itself (worker/app.ts), called with an env of our choosing. Imported by a computed name so
 * this project's tsc (no DOM lib) does not type-check the islands the pages server-render; `tsc -p .`
 * checks them.
 */
const APP_MODULE: string = '../../worker/app'

/** The D1 calls one page request makes, through the real app with a counting DB. */
async function d1Calls(b: Browser, path: string): Promise<{ status: number; calls: string[] }> {
  const { createApp } = (await import(/* @vite-ignore */ APP_MODULE)) as { createApp: () => App }
  const calls: string[] = []
  const countingEnv = new Proxy(env, { get: (t, k) => (k === 'DB' ? countingDb(t.DB as unknown as D1Database, calls) : Reflect.get(t, k)) })
  const ctx = createExecutionContext()
  const res = await createApp().fetch(
    new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookieHeader(b.cookies) } }),
    countingEnv,
    ctx as unknown as ExecutionContext,
  )
  await waitOnExecutionContext(ctx)
  return { status: res.status, calls }
}

const readsPolicies = (sql: string) => /\b(profile_)?policies\b/i.test(sql)

describe('one query loads the policy with what the layout needs', () => {
  it('the Dashboard of a partner-serviced policy reads the policy tables once and still shows the partner banner', async () => {
    const { policyId } = policyTagged('policy.partner')
    const b = await withPolicy(policyId)
    const { status, calls } = await d1Calls(b, '/policy-information')
    expect(status).toBe(200)
    expect(calls.filter(readsPolicies)).toHaveLength(1)
    expect(await (await b.fetch('/policy-information')).text()).toContain('class="partner-banner"')
  })

  it('so does an e-sign document, which the guards load too', async () => {
    const b = await withPolicy(HOME)
    const { status, calls } = await d1Calls(b, '/e-sign/document/application')
    expect(status).toBe(200)
    expect(calls.filter(readsPolicies)).toHaveLength(1)
  })
})

describe('Make a Payment reads its saved methods with the session', () => {
  it("the session, its policy and the profile's saved methods come in one round trip, and the form offers the method", async () => {
    const { policyId } = policyTagged('policy.eft')
    const profile = await env.DB.prepare('SELECT profile_id FROM profile_policies WHERE policy_id = ?').bind(policyId).first<{ profile_id: string }>()
    await env.DB.prepare(
      `INSERT INTO saved_payment_methods (method_id, profile_id, token, kind, brand, last4, exp_month, exp_year, nickname, consent_text, consent_version, consent_session_id, created_at)
       VALUES ('pm_routeaccesscardxxxxxxxx', ?, 'tok_routeaccessxxxxxxxxxxx', 'card', 'Visa', '4242', 12, 2099, 'Everyday Visa', 'c', 'v', 's', 0)`,
    )
      .bind(profile!.profile_id)
      .run()
    const b = await withPolicy(policyId)
    const { status, calls } = await d1Calls(b, '/make-payment')
    expect(status).toBe(200)
    expect(calls).toEqual(['batch(2)'])
    const html = await (await b.fetch('/make-payment')).text()
    expect(html).toContain('Everyday Visa')
    expect(html).not.toContain('tok_routeaccess')
  })
})
