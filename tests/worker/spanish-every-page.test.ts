import { env } from 'cloudflare:workers'
import { serializeSigned } from 'hono/utils/cookie'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { persona, seed } from './helpers'
import { ProfileBrowser } from './profile-helpers'
import { ownerOf } from './servicing-helpers'
import personas from '../fixtures/personas.json'
import { dropOff, resetStandIns, routeOutbound, SsoBrowser } from './sso-support'
import { findEnglish } from '../support/find-english'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'
import { pathOf, ROUTES, type RouteName } from '../../shared/routes'
import { SSO_TEXT } from '../../shared/sso/sso'
import { MSG } from '../../shared/forms/messages'

/**
 * Issue 36 item 4: every page of the route table, read in Spanish as the person who can open it, holds
 * no English outside names, the seed's data and a short allowlist. The WHOLE page is read: title,
 * header, Policy Menu, payment box, main, footer and the islands' props. The table below names every
 * route (a new route fails the type check until it says how it is reached).
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetStandIns()
})
afterEach(() => vi.unstubAllGlobals())

/**
 * Seed data shown as it is (policy nicknames, company and people's names, claims' perils and statuses
 * from the policy system, the billing state list) and words both languages write ('error', 'allí' whose
 * accent splits off 'all'). Longest first: they are cut out in order.
 */
const ALLOW = [
  'Wells Fargo Home Mortgage',
  'Vanderbilt Mortgage and Finance',
  'District of Columbia',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'Home Flood',
  'Frost Bank',
  'Home',
  'error',
  'Error',
  'allí',
  // The carriers' keywords a text-message consent must name as they are.
  'STOP',
  'HELP',
]

/**
 * The other personas' data, as the policy system writes it and the pages show it (decision 234: form and
 * document titles, lenders, agencies and addresses stay as written; a billing message from the policy
 * system too). 'Total' is Spanish as well.
 */
const SEED_NAMES = [
  'Your account has been referred to our billing department. Please call',
  'to discuss your balance.',
  'HO 17 32 Unit-Owners Coverage A Special Coverage',
  'HO 04 16 Premises Alarm or Fire Protection System',
  'CP 00 10 Building and Personal Property Coverage Form',
  'CP 00 20 Builders Risk Coverage Form',
  'CP 04 05 Ordinance or Law Coverage',
  'DL 98 01 Personal Umbrella Liability Policy',
  'Standard Flood Insurance Policy - Dwelling Form',
  'Flood Insurance Claims Handbook',
  'Notice of Cancellation',
  'Notice of Reinstatement',
  'City National Bank of Florida',
  'Bank of America Home Loans',
  'Seacoast National Bank',
  'First Citizens Bank',
  'Synovus Bank',
  'Amerant Bank',
  'Ocean Bank',
  'TD Bank',
  'Carolina Coverage Agency',
  'Heart of Dixie Insurance',
  'Alder and Finch LLP',
  'Main Street',
  'New Orleans',
  'Toronto, ON',
  'CAN',
  'Total',
]

const MULTI = persona('direct.multi') // maria.multi: three policies, documents to sign, a mortgagee
const HOME = 'HOM4010001'
const FLOOD = 'FLD4010003'

type Who = 'signed out' | 'profile' | 'policy' | 'sso' | 'flash'
type Visit = { who: Who; path: string; policyId?: string; status?: number; flash?: Record<string, unknown> }
/** How each route is opened in this sweep, or why it answers no GET with a page. */
type Reach = Visit | { notAPage: string }

const REACH: Record<RouteName, Reach> = {
  Login: { who: 'signed out', path: '/' },
  Logout: { notAPage: 'a POST that ends the session, then Login (read here as Login)' },
  ReportClaimWithoutSignIn: { who: 'signed out', path: '/report-a-claim' },
  AccountHome: { who: 'profile', path: '/account-home' },
  ManageProfile: { who: 'profile', path: '/manage-profile' },
  RegisterPolicy: { who: 'signed out', path: '/register-policy' },
  FindPolicy: { who: 'signed out', path: '/find-policy' },
  AddPolicy: { who: 'profile', path: '/add-policy' },
  ManagePolicies: { who: 'profile', path: '/manage-policies' },
  GreatNews: { who: 'signed out', path: '/great-news' },
  ForgotPassword: { who: 'signed out', path: '/forgot-password' },
  Error: { who: 'profile', path: '/error' },
  TestSSO: { who: 'signed out', path: '/TestSSO' },
  SSOProgressiveLanding: { notAPage: "answers the partner's link with a redirect to the policy (read here as the SSO Policy Summary)" },
  AgentInfo: { who: 'policy', path: '/agent-information', policyId: HOME },
  ClaimsHist: { who: 'policy', path: '/claims-history', policyId: HOME },
  PaymentHist: { who: 'policy', path: '/payment-history', policyId: HOME },
  PolicyDocs: { who: 'policy', path: '/policy-documents', policyId: HOME },
  PolicyOverview: { who: 'sso', path: '/policy-information', policyId: HOME },
  ESignature: { who: 'policy', path: '/e-sign', policyId: HOME },
  ESignHistory: { who: 'policy', path: '/e-sign-history', policyId: HOME },
  ReportClaim: { who: 'policy', path: '/report-claim', policyId: HOME },
  MakePayment: { who: 'policy', path: '/make-payment', policyId: FLOOD },
  OptOutConfirmation: { who: 'signed out', path: '/privacy/confirmation' },
  SystemMessage: { who: 'flash', path: '/system-message' },
  NotFound: { who: 'signed out', path: '/no-such-page', status: 404 },
  PolicyChanges: { who: 'policy', path: '/policy-changes', policyId: HOME },
  ChangeMortgagee: { who: 'policy', path: '/policy-changes/mortgage-company', policyId: HOME },
  ChangeMailingAddress: { who: 'policy', path: '/policy-changes/mailing-address', policyId: HOME },
  ChangeDeductible: { who: 'policy', path: '/policy-changes/deductible', policyId: HOME },
  ChangeBillingPlan: { who: 'policy', path: '/policy-changes/billing-plan', policyId: HOME },
  ReviewPolicyChange: { notAPage: 'shows a change posted from one of the change forms; a GET without one goes back to Change My Policy' },
  // Without a reset link's token: the page that says the link is not valid.
  ResetPassword: { who: 'signed out', path: '/reset-password', status: 400 },
  ConfirmRemovePolicy: { who: 'profile', path: `/manage-policies/remove?policyId=${FLOOD}` },
  ReturnToPartner: { notAPage: "a POST that ends an SSO session, then the partner's home" },
  Accessibility: { who: 'signed out', path: '/accessibility' },
  VerifyInsurance: { who: 'signed out', path: '/verify-insurance' },
  ClaimDocument: { notAPage: "the claim page's no-script POST (a refusal shows the claim page)" },
  ClaimMessage: { notAPage: "the claim page's no-script POST (a refusal shows the claim page)" },
  ClaimAdvance: { notAPage: "the claim page's no-script POST (a refusal shows the claim page)" },
  ClaimPayout: { notAPage: "the claim page's no-script POST (a refusal shows the claim page)" },
  PaperlessDocuments: { who: 'profile', path: '/paperless-documents' },
  PaymentMethods: { who: 'profile', path: '/payment-methods' },
  AutoPay: { who: 'policy', path: '/automatic-payments', policyId: HOME },
  SignInCode: { notAPage: 'exists only between a password and its 2-step code (read in spanish-identity)' },
  SignedInSessions: { who: 'profile', path: '/manage-profile/sessions' },
  TwoStepSignIn: { who: 'profile', path: '/manage-profile/two-step' },
  ConfirmItIsYou: { who: 'profile', path: '/manage-profile/confirm' },
  Passkeys: { who: 'profile', path: '/manage-profile/passkeys' },
  Claim: {
    notAPage:
      "a claim's address (/claims/{reference}) only redirects to the claim's page (tests/worker/spanish-claims.test.ts reads it); /claims alone is the 404 page",
  },
  Notifications: { who: 'profile', path: '/manage-profile/notifications' },
  ChooseLanguage: { notAPage: "the header's language choice: a POST, then back to the page it came from" },
}

/**
 * What the policy itself says, signed as written (the insurer's English, data rather than portal text):
 * its statements and its acknowledgement's sentences; and 'contact-details', an id in the e-sign props.
 */
async function policyOwnText(policyId: string): Promise<string[]> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  const doc = JSON.parse(row!.doc) as {
    policyStatements?: { statementText: string }[]
    eSignatures?: { statementText: string }[]
    acknowledgement?: string
  }
  const statements = [...(doc.policyStatements ?? []), ...(doc.eSignatures ?? [])].map((s) => s.statementText)
  const ack = doc.acknowledgement ?? ''
  const sentences = ack
    .split(/<[^>]+>/)
    .map((s) =>
      s
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
    .flatMap((s) => s.split('ProgHome').map((part) => part.trim()))
  return [ack, ...statements, ...statements.map((s) => `* ${s}`), ...sentences, 'contact-details'].filter(Boolean)
}

/** Allowed phrases are cut out in order: a longer one first, so a shorter one inside it does not break it. */
const longestFirst = (phrases: string[]) => [...phrases].sort((a, b) => b.length - a.length)

async function signedIn(): Promise<ProfileBrowser> {
  const b = new ProfileBrowser()
  b.cookies.set(LANGUAGE_COOKIE, 'es')
  const res = await b.form('/', { userName: MULTI.userName, password: MULTI.password })
  expect(res.status).toBe(303)
  return b
}

async function open(visit: Visit): Promise<Response> {
  switch (visit.who) {
    case 'signed out': {
      const b = new ProfileBrowser()
      b.cookies.set(LANGUAGE_COOKIE, 'es')
      return b.fetch(visit.path)
    }
    case 'profile':
      return (await signedIn()).fetch(visit.path)
    case 'policy': {
      const owner = ownerOf(visit.policyId!)
      expect(owner.userName).toBe(MULTI.userName)
      const b = await signedIn()
      expect((await b.form('/account-home', { policyId: visit.policyId! })).headers.get('Location')).not.toBe('/error')
      return b.fetch(visit.path)
    }
    case 'sso': {
      const b = new SsoBrowser()
      b.cookies.set(LANGUAGE_COOKIE, 'es')
      const landed = await b.land({ tokenid: await dropOff({ policies: [visit.policyId!] }), PPA: 'yes', policyId: visit.policyId! })
      await landed.body?.cancel()
      return b.fetch(visit.path)
    }
    case 'flash': {
      const b = await signedIn()
      const message = visit.flash ?? { text: 'Su pago se recibió.' }
      const line = await serializeSigned('ph_flash', JSON.stringify({ isError: false, ...message }), env.FLASH_SIGNING_KEY, { path: '/' })
      b.cookies.set('ph_flash', line.split(';')[0]!.split('=').slice(1).join('='))
      return b.fetch(visit.path)
    }
  }
}

const visits = ROUTES.flatMap((r) => {
  const reach = REACH[r.name]
  return 'notAPage' in reach ? [] : [[r.name, reach] as const]
})

describe('every page in Spanish', () => {
  it('names every route of the table', () => {
    expect(Object.keys(REACH).sort()).toEqual(ROUTES.map((r) => r.name).sort())
  })

  it.each(visits)('%s holds no English', async (_name, visit) => {
    const res = await open(visit)
    expect(res.status).toBe(visit.status ?? 200)
    const html = await res.text()
    expect(html).toContain('<html lang="es-US"')
    const policyText = visit.policyId ? await policyOwnText(visit.policyId) : []
    expect(findEnglish(html, longestFirst([...ALLOW, ...policyText]))).toEqual([])
  })
})

/** Pages whose words depend on the policy (plan, status, what is due, documents, agent): read for every policy of the seed. */
const PER_POLICY = ['/policy-information', '/payment-history', '/policy-documents', '/agent-information', '/make-payment', '/automatic-payments'] as const

describe('every persona and every policy of the seed, in Spanish', () => {
  it.each(personas.personas.map((p) => [p.userName, p] as const))(
    '%s: Account Home, Your Policies and each policy’s pages',
    async (_name, p) => {
      const b = new ProfileBrowser()
      b.cookies.set(LANGUAGE_COOKIE, 'es')
      expect((await b.form('/', { userName: p.userName, password: p.password })).status).toBe(303)
      const found: Record<string, string[]> = {}
      const lostWay: Record<string, string> = {}
      const read = async (label: string, path: string, policyId?: string) => {
        const res = await b.fetch(path)
        if (res.status !== 200) {
          await res.body?.cancel()
          // A page the policy does not allow sends the browser to the Dashboard (the route's permission,
          // middleware/guards.tsx); anything else (an error, a lost session's 401, a policy that did not load
          // and went back to Account Home) is a way lost.
          const location = res.headers.get('Location') ?? ''
          if (res.status !== 303 || location !== pathOf('PolicyOverview')) lostWay[label] = `${res.status} ${location}`
          return false
        }
        const english = findEnglish(await res.text(), longestFirst([...ALLOW, ...SEED_NAMES, ...(policyId ? await policyOwnText(policyId) : [])]))
        if (english.length) found[label] = english
        return true
      }
      expect(await read('/account-home', '/account-home')).toBe(true)
      expect(await read('/manage-policies', '/manage-policies')).toBe(true)
      for (const { policyId } of p.policies) {
        expect((await b.form('/account-home', { policyId })).headers.get('Location')).not.toBe('/error')
        for (const path of PER_POLICY) await read(`${policyId} ${path}`, path, policyId)
      }
      expect(lostWay).toEqual({})
      expect(found).toEqual({})
      // casey alone opens 12 policies x 6 pages: room for a busy machine (an allowance, not a measure).
    },
    60_000,
  )
})

/** States of the pages above that say something else: refusals, flashed messages, a form opened for editing. */
const STATES: readonly (readonly [string, Visit])[] = [
  ['Error: a partner link without access to the policy', { who: 'flash', path: '/error', flash: { text: SSO_TEXT.accessDenied, isError: true } }],
  ['Error: Test SSO where it does not exist', { who: 'flash', path: '/error', flash: { text: SSO_TEXT.testSsoDenied, isError: true } }],
  [
    'System Message: the 502 message with its phone line and buttons',
    {
      who: 'flash',
      path: '/system-message',
      flash: { text: MSG.issue502, isError: true, productionRedirect: true, showPhoneNumber: true, showRedirectButton: true },
    },
  ],
  ['Verify Proof of Insurance: a code nobody issued', { who: 'signed out', path: '/verify-insurance?code=ABCD-EFGH-JKMN' }],
  ['Reset Password: done', { who: 'signed out', path: '/reset-password?done=1' }],
  ['Your Policies: a nickname being edited', { who: 'profile', path: `/manage-policies?edit=${HOME}` }],
]

describe('page states in Spanish', () => {
  it.each(STATES)('%s', async (_name, visit) => {
    const res = await open(visit)
    expect(res.status).toBe(visit.status ?? 200)
    const html = await res.text()
    expect(html).toContain('<html lang="es-US"')
    expect(findEnglish(html, longestFirst([...ALLOW, 'SSO']))).toEqual([])
  })
})
