import fc from 'fast-check'
import { beforeAll, describe, it } from 'vitest'
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

interface FormTarget {
  path: string
  fields: readonly string[]
  signedIn: boolean
}

const FORMS: FormTarget[] = [
  { path: '/', fields: fieldsOf(loginSchema), signedIn: false },
  { path: '/register-policy', fields: fieldsOf(registerSchema), signedIn: false },
  { path: '/find-policy', fields: fieldsOf(findPolicySchema), signedIn: false },
  { path: '/forgot-password', fields: fieldsOf(forgotPasswordSchema), signedIn: false },
  { path: '/reset-password', fields: [...fieldsOf(resetPasswordSchema), 'token'], signedIn: false },
  { path: '/TestSSO', fields: fieldsOf(testSsoFormSchema), signedIn: false },
  { path: '/sso-progressive-landing', fields: ['state', 'decision', 'token'], signedIn: false },
  { path: '/Logout', fields: ['reason'], signedIn: false },
  { path: '/error', fields: ['to'], signedIn: false },
  { path: '/great-news', fields: ['decision'], signedIn: true },
  { path: '/account-home', fields: ['policyId'], signedIn: true },
  { path: '/manage-profile', fields: ['intent', ...fieldsOf(profileSchema), ...fieldsOf(passwordUpdateSchema), '_once'], signedIn: true },
  { path: '/manage-policies', fields: ['intent', ...fieldsOf(nicknameSchema), '_once'], signedIn: true },
  { path: '/manage-policies/remove', fields: [...fieldsOf(removePolicySchema), '_once'], signedIn: true },
  { path: '/add-policy', fields: fieldsOf(addPolicySchema), signedIn: true },
  { path: '/paperless-documents', fields: ['intent', ...fieldsOf(paperlessConsentSchema)], signedIn: true },
  { path: '/e-sign', fields: ['step', 'termsAccepted', 'termsVersion', 'initials', 'statementId', '_once'], signedIn: true },
]

/** GET pages that read a query string or a path segment. */
const READS: { path: string; query: readonly string[]; signedIn: boolean }[] = [
  { path: '/payment-history', query: ['page'], signedIn: true },
  { path: '/reset-password', query: ['token'], signedIn: false },
  { path: '/sso-progressive-landing', query: ['token', 'policyId', 'systemOrigin'], signedIn: false },
  { path: '/system-message', query: ['m'], signedIn: false },
  { path: '/e-sign/document/{seg}', query: ['download'], signedIn: true },
  { path: '/policy-documents/{seg}', query: [], signedIn: true },
]

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
          const path = t.path.replace('{seg}', seg) + (query ? `?${query}` : '')
          const res = await b.fetch(path, { headers: { 'CF-Connecting-IP': ip } })
          await checkAnswer(res, `GET ${path}`, false)
        }),
        params(),
      )
    })
  }
})
