import fc from 'fast-check'
import { beforeAll, describe, it } from 'vitest'
import { seed, persona } from '../worker/helpers'
// Straight into the worker's fetch, not through the test pool's self binding, whose cost per request grows
// with every request a file makes (a fuzz file makes thousands; decision 143).
import { apiSettled } from '../worker/sso-support'
import { loginSchema } from '../../shared/identity/schemas/login'
import { registerApiSchema } from '../../shared/identity/schemas/register'
import { addPolicyApiSchema } from '../../shared/identity/schemas/add-policy'
import { profileApiSchema, passwordUpdateApiSchema } from '../../shared/identity/schemas/manage-profile'
import { forgotPasswordApiSchema } from '../../shared/identity/schemas/password-reset'
import { nicknameApiSchema, removePolicyApiSchema } from '../../shared/identity/schemas/nickname'
import { policiesFromPingSchema } from '../../shared/sso/schemas/sso'
import { esignSubmissionSchema } from '../../shared/esign/schemas/esign'
import { checkAnswer, clientIp, fieldsOf, jsonBodies, params, queryOf, segment, type Body } from './arbitraries'

// Every /v1 endpoint (worker/api) under hostile input: never a 5xx, never a stack trace, every error
// JSON with an errorMessage. Signed-in endpoints are fuzzed with a bearer token, so validation and
// scope checks run, not just the session check (decision 143).

interface Target {
  method: string
  /** The path, with {seg} where a fuzzed path segment goes. */
  path: string
  fields?: readonly string[]
  query?: readonly string[]
  signedIn: boolean
}

const TARGETS: Target[] = [
  { method: 'POST', path: '/v1/profile/login', fields: fieldsOf(loginSchema), signedIn: false },
  { method: 'POST', path: '/v1/profile', fields: fieldsOf(registerApiSchema), signedIn: false },
  { method: 'PUT', path: '/v1/profile', fields: fieldsOf(profileApiSchema), signedIn: true },
  { method: 'PUT', path: '/v1/profile/password', fields: fieldsOf(passwordUpdateApiSchema), signedIn: true },
  { method: 'POST', path: '/v1/profile/password', fields: fieldsOf(forgotPasswordApiSchema), signedIn: false },
  { method: 'GET', path: '/v1/profile/verifyPgr/{seg}', signedIn: true },
  { method: 'POST', path: '/v1/profile/policy', fields: fieldsOf(addPolicyApiSchema), signedIn: true },
  { method: 'PUT', path: '/v1/profile/policy', fields: fieldsOf(nicknameApiSchema), signedIn: true },
  { method: 'DELETE', path: '/v1/profile/policy', fields: fieldsOf(removePolicyApiSchema), signedIn: true },
  { method: 'POST', path: '/v1/common/policies-from-ping', fields: fieldsOf(policiesFromPingSchema), signedIn: false },
  { method: 'POST', path: '/v1/common/token', signedIn: true },
  { method: 'DELETE', path: '/v1/common/token', signedIn: false },
  { method: 'GET', path: '/v1/common/GetGlobalFeatures', query: ['feature', 'name'], signedIn: false },
  { method: 'POST', path: '/v1/common/Log', fields: ['loggingLevel', 'pageName', 'functionName', 'message'], signedIn: true },
  { method: 'POST', path: '/v1/common/DownloadDocument', fields: ['policyId', 'fileName', 'documentType', 'description'], signedIn: true },
  { method: 'GET', path: '/v1/common/DownloadDocument', query: ['policyId', 'fileName', 'documentType', 'description'], signedIn: true },
  { method: 'POST', path: '/v1/common/DownloadPolicyPacketDocument', fields: ['policyId', 'transactionType', 'effectiveDate'], signedIn: true },
  { method: 'GET', path: '/v1/common/DownloadPolicyPacketDocument', query: ['policyId', 'transactionType', 'effectiveDate'], signedIn: true },
  ...(['homeowners', 'flood'] as const).flatMap((family): Target[] => [
    { method: 'GET', path: `/v1/${family}/GetPolicy/{seg}`, signedIn: true },
    { method: 'GET', path: `/v1/${family}/GetDocumentDescriptorList/{seg}`, signedIn: true },
    { method: 'GET', path: `/v1/${family}/GetPolicyStatements/{seg}`, signedIn: true },
    { method: 'GET', path: `/v1/${family}/GetESignatures/{seg}`, signedIn: true },
    { method: 'POST', path: `/v1/${family}/PostESignatures/{seg}`, fields: fieldsOf(esignSubmissionSchema), signedIn: true },
    { method: 'GET', path: `/v1/${family}/GetClaimsMatrix`, query: ['policyId', 'planId', 'weatherRelated'], signedIn: true },
    { method: 'GET', path: `/v1/${family}/GetPolicySeedDataForClaim`, query: ['policyId', 'dateOfLoss'], signedIn: true },
    { method: 'GET', path: `/v1/${family}/{seg}`, signedIn: true },
  ]),
]

/** A bearer token of a persona who holds several policies. */
async function bearer(): Promise<string> {
  const p = persona('direct.multi')
  const res = await apiSettled('/v1/profile/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '10.9.9.9' },
    body: JSON.stringify({ userName: p.userName, password: p.password }),
  })
  if (res.status !== 200) throw new Error(`fuzz login failed: ${res.status}`)
  return ((await res.json()) as { accountToken: string }).accountToken
}

function request(t: Target, seg: string, query: string, body: Body, ip: string, auth: string | null, idempotencyKey: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': ip }
  if (body.contentType) headers['Content-Type'] = body.contentType
  if (auth) headers.Authorization = `Bearer ${auth}`
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey
  const path = t.path.replace('{seg}', seg) + (query ? `?${query}` : '')
  const hasBody = t.method !== 'GET' && t.method !== 'HEAD'
  return apiSettled(path, { method: t.method, headers, ...(hasBody && body.body !== null ? { body: body.body } : {}) })
}

describe('fuzzing every /v1 endpoint', () => {
  beforeAll(seed)

  for (const t of TARGETS) {
    it(`${t.method} ${t.path}${t.signedIn ? ' (signed in)' : ''}`, { timeout: 300_000 }, async () => {
      const auth = t.signedIn ? await bearer() : null
      await fc.assert(
        fc.asyncProperty(
          segment,
          t.query ? queryOf(t.query) : fc.constant(''),
          jsonBodies(t.fields ?? ['policyId', 'value']),
          clientIp,
          fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })), { freq: 4 }),
          async (seg, query, body, ip, key) => {
            const res = await request(t, seg, query, body, ip, auth, key)
            await checkAnswer(res, `${t.method} ${t.path.replace('{seg}', seg)} ${body.contentType} ${String(body.body).slice(0, 120)}`, true)
          },
        ),
        params(),
      )
    })
  }
})
