import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { seed, persona } from '../worker/helpers'
// A cookie jar calling the worker's fetch directly, not through the test pool's self binding, whose cost
// per request grows with every request a file makes (decision 143).
import { SsoBrowser } from '../worker/sso-support'
import { loginSchema } from '../../shared/identity/schemas/login'
import { registerSchema } from '../../shared/identity/schemas/register'
import { findPolicySchema } from '../../shared/identity/schemas/find-policy'
import { forgotPasswordSchema, resetPasswordSchema } from '../../shared/identity/schemas/password-reset'
import { addPolicySchema } from '../../shared/identity/schemas/add-policy'
import { paperlessConsentSchema } from '../../shared/paperless/schemas/paperless'
import { profileSchema, passwordUpdateSchema } from '../../shared/identity/schemas/manage-profile'
import { nicknameSchema, removePolicySchema } from '../../shared/identity/schemas/nickname'
import { testSsoFormSchema } from '../../shared/sso/schemas/sso'
import { checkAnswer, clientIp, fieldsOf, formBodies, params, queryOf, segment } from './arbitraries'

// Every page form (and the query strings and path segments pages read) under hostile input: never a
// 5xx, never a stack trace (decision 143). Signed-in forms run with a session whose policy is loaded.
// The targets are the declared pages' own handlers (worker/pages/declarations.ts, issue 30 item 2): a
// page added later is fuzzed without anyone listing it. What a form's fields are called is a hint kept
// here (fields it does not name are fuzzed as well).

interface FormTarget {
  path: string
  fields: readonly string[]
  signedIn: boolean
}

/** The declared pages, as the router mounts them (imported by a computed path: this program does not type-check page code). */
interface DeclaredPage {
  page: { path: string; session: string }
  routes: { method: string; path: string }[]
}
const DECLARATIONS = '../../worker/pages/declarations'
const { PAGES } = (await import(/* @vite-ignore */ DECLARATIONS)) as { PAGES: readonly DeclaredPage[] }

/** Each declared handler of a method: its full path ({seg} for a path parameter) and whether it needs a session. */
function declared(method: 'GET' | 'POST'): { path: string; signedIn: boolean }[] {
  const seen = new Map<string, boolean>()
  for (const d of PAGES)
    for (const r of d.routes.filter((x) => x.method === method)) {
      const rest = r.path === '/' ? '' : r.path.replace(/:[^/]+/g, '{seg}')
      seen.set(`${d.page.path === '/' ? '' : d.page.path}${rest}` || '/', d.page.session !== 'none')
    }
  return [...seen].map(([path, signedIn]) => ({ path, signedIn }))
}

/** The fields each form is known to take (from its schema); any other form is fuzzed with made-up fields. */
const FIELD_HINTS: Record<string, readonly string[]> = {
  '/': fieldsOf(loginSchema),
  '/register-policy': fieldsOf(registerSchema),
  '/find-policy': fieldsOf(findPolicySchema),
  '/forgot-password': fieldsOf(forgotPasswordSchema),
  '/reset-password': [...fieldsOf(resetPasswordSchema), 'token'],
  '/TestSSO': fieldsOf(testSsoFormSchema),
  '/sso-progressive-landing': ['state', 'decision', 'token'],
  '/Logout': ['reason'],
  '/error': ['to'],
  '/great-news': ['decision'],
  '/account-home': ['policyId'],
  '/manage-profile': ['intent', ...fieldsOf(profileSchema), ...fieldsOf(passwordUpdateSchema), '_once'],
  '/manage-policies': ['intent', ...fieldsOf(nicknameSchema), '_once'],
  '/manage-policies/remove': [...fieldsOf(removePolicySchema), '_once'],
  '/add-policy': fieldsOf(addPolicySchema),
  '/paperless-documents': ['intent', ...fieldsOf(paperlessConsentSchema)],
  '/e-sign': ['step', 'termsAccepted', 'termsVersion', 'initials', 'statementId', '_once'],
}

/** The query strings pages are known to read; pages with a path parameter or none listed get made-up names. */
const QUERY_HINTS: Record<string, readonly string[]> = {
  '/payment-history': ['page'],
  '/reset-password': ['token'],
  '/sso-progressive-landing': ['token', 'policyId', 'systemOrigin'],
  '/system-message': ['m'],
  '/e-sign/document/{seg}': ['download'],
}

const FORMS: FormTarget[] = declared('POST').map((t) => ({ ...t, fields: FIELD_HINTS[t.path] ?? ['value', 'intent', '_once'] }))

/** GET pages that read a query string or a path segment. */
const READS: { path: string; query: readonly string[]; signedIn: boolean }[] = declared('GET')
  .filter((t) => t.path.includes('{seg}') || t.path in QUERY_HINTS)
  .map((t) => ({ ...t, query: QUERY_HINTS[t.path] ?? [] }))

/** A browser signed in as a persona holding several policies, with one needing a signature loaded. */
async function signedIn(): Promise<SsoBrowser> {
  const b = new SsoBrowser()
  const p = persona('direct.multi')
  if ((await b.form('/', { userName: p.userName, password: p.password })).status !== 303) throw new Error('fuzz login failed')
  const open = await b.form('/account-home', { policyId: p.policies[0]!.policyId })
  if (open.status !== 303) throw new Error('fuzz could not open a policy')
  return b
}

describe('fuzzing every page form', () => {
  beforeAll(seed)

  it('the declared pages bring the forms and reads a hand-kept list would have to remember', () => {
    const forms = new Set(FORMS.map((t) => t.path))
    for (const path of ['/', '/make-payment', '/automatic-payments', '/payment-methods', '/claims-history/add-document', '/manage-profile/passkeys'])
      expect(forms, path).toContain(path)
    expect(READS.map((t) => t.path)).toContain('/claims-history/{seg}')
  })

  for (const t of FORMS) {
    it(`POST ${t.path}${t.signedIn ? ' (signed in)' : ''}`, { timeout: 300_000 }, async () => {
      const b = t.signedIn ? await signedIn() : new SsoBrowser()
      await fc.assert(
        fc.asyncProperty(formBodies(t.fields), clientIp, async (body, ip) => {
          const headers: Record<string, string> = { 'CF-Connecting-IP': ip }
          if (body.contentType) headers['Content-Type'] = body.contentType
          const res = await b.fetch(t.path, { method: 'POST', headers, ...(body.body !== null ? { body: body.body } : {}) })
          await checkAnswer(res, `POST ${t.path} ${body.contentType} ${String(body.body).slice(0, 120)}`, false)
        }),
        params(),
      )
    })
  }

  for (const t of READS) {
    it(`GET ${t.path} with hostile query and path`, { timeout: 300_000 }, async () => {
      const b = t.signedIn ? await signedIn() : new SsoBrowser()
      await fc.assert(
        fc.asyncProperty(segment, queryOf(t.query), clientIp, async (seg, query, ip) => {
          const path = t.path.replaceAll('{seg}', seg) + (query ? `?${query}` : '')
          const res = await b.fetch(path, { headers: { 'CF-Connecting-IP': ip } })
          await checkAnswer(res, `GET ${path}`, false)
        }),
        params(),
      )
    })
  }
})
