import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { seed, persona } from '../worker/helpers'
// Straight into the worker's fetch, not through the test pool's self binding, whose cost per request grows
// with every request a file makes (a fuzz file makes thousands; decision 143).
import { apiSettled } from '../worker/sso-support'
import { checkAnswer, clientIp, jsonBodies, params, queryOf, segment, type Body } from './arbitraries'

// Every /v1 operation (worker/api) under hostile input: never a 5xx, never a stack trace, every error
// JSON with an errorMessage. The targets come from GET /v1/openapi.json, so an operation added later is
// fuzzed without anyone listing it (issue 30 item 2). Signed-in operations are fuzzed with a bearer
// token, so validation and scope checks run, not just the session check (decision 143).

interface Target {
  method: string
  /** The path, with {seg} where each fuzzed path segment goes. */
  path: string
  fields?: readonly string[]
  query?: readonly string[]
  signedIn: boolean
}

interface Operation {
  parameters?: { name: string; in: string }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  responses: Record<string, unknown>
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])

/** The operations the API describes, each a target: its path parameters fuzzed, its query and JSON body fields named. */
async function describedTargets(): Promise<Target[]> {
  const doc = (await (await apiSettled('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> }
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): Target => {
        const json = op.requestBody?.content?.['application/json']?.schema?.properties
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
        return {
          method: method.toUpperCase(),
          path: `/v1${path.replace(/\{[^}]+\}/g, '{seg}')}`,
          ...(json ? { fields: Object.keys(json) } : {}),
          ...(query.length ? { query } : {}),
          signedIn: '401' in op.responses,
        }
      }),
  )
}

/** Addresses no operation has: the API's own 404 for each family. */
const UNDESCRIBED: Target[] = (['homeowners', 'flood', 'common', 'profile'] as const).map((family) => ({
  method: 'GET',
  path: `/v1/${family}/{seg}`,
  signedIn: true,
}))

const TARGETS: Target[] = [...(await describedTargets()), ...UNDESCRIBED]

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
  const path = t.path.replaceAll('{seg}', seg) + (query ? `?${query}` : '')
  const hasBody = t.method !== 'GET' && t.method !== 'HEAD'
  return apiSettled(path, { method: t.method, headers, ...(hasBody && body.body !== null ? { body: body.body } : {}) })
}

describe('fuzzing every /v1 operation', () => {
  beforeAll(seed)

  it('the document describes the operations the hand-kept list once missed', () => {
    const described = new Set(TARGETS.map((t) => `${t.method} ${t.path}`))
    for (const op of ['POST /v1/homeowners/MakePayment/{seg}', 'POST /v1/homeowners/FirstNoticeOfLoss/{seg}', 'PUT /v1/homeowners/AutoPay/{seg}'])
      expect(described, op).toContain(op)
  })

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
            await checkAnswer(res, `${t.method} ${t.path.replaceAll('{seg}', seg)} ${body.contentType} ${String(body.body).slice(0, 120)}`, true)
          },
        ),
        params(),
      )
    })
  }
})
