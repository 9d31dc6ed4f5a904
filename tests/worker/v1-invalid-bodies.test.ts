import { describe, it, expect, beforeAll, beforeEach } from 'vitest'
import { api, bearer, ORIGIN, seed } from './helpers'
import { ownerOf } from './servicing-helpers'
import { routeOutbound } from './sso-support'
import { PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../../shared/api/problem'

/**
 * Issue 18, "Done when": an invalid body to any /v1 operation answers application/problem+json with the
 * field errors, never a library's default text. The operations come from GET /v1/openapi.json, so an
 * operation added later is covered without touching this file.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())

interface Operation {
  method: string
  path: string
  properties: string[]
}

/** Zod's (and Hono's) own English, which a partner must never read. */
const LIBRARY_TEXT = /Invalid input|expected \w+, received|Too (big|small):|Unrecognized key|Malformed JSON|Invalid (option|string|type)/

/** A policy of each family whose permissions let a body through to its validation (a balance due, documents to sign). */
const POLICY_OF_FAMILY: Record<string, string> = { homeowners: 'HOM4010001', flood: 'FLD4010003' }
/** A flood claim waits for the balance to be paid (spec 001): a flood policy paid in full. */
const POLICY_OF_OPERATION: Record<string, string> = { 'POST /flood/FirstNoticeOfLoss/{policyId}': 'FLD4040005' }
/** Spec 000 section 7: a client log line that cannot be read is ignored, 204 like any other. */
const ALWAYS_204 = new Set(['POST /common/Log'])

async function jsonBodyOperations(): Promise<Operation[]> {
  const doc = (await (await api('/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>
  }
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const json = op.requestBody?.content?.['application/json']
      return json ? [{ method: method.toUpperCase(), path, properties: Object.keys(json.schema?.properties ?? {}) }] : []
    }),
  )
}

/** The operation's address with its parameters filled in, and the policy it addresses (whose owner calls it). */
function target(op: Operation): { path: string; policyId: string } {
  const family = op.path.split('/')[1] ?? ''
  const policyId = POLICY_OF_OPERATION[`${op.method} ${op.path}`] ?? POLICY_OF_FAMILY[family] ?? 'HOM4010001'
  return { path: `/v1${op.path.replace('{policyId}', policyId).replace('{methodId}', 'pm_abcdefghij')}`, policyId }
}

const bearers = new Map<string, Promise<Record<string, string>>>()
function bearerFor(policyId: string): Promise<Record<string, string>> {
  const tag = ownerOf(policyId).tags[0]!
  if (!bearers.has(tag)) bearers.set(tag, bearer(tag))
  return bearers.get(tag)!
}

/** Two invalid bodies: nothing at all, and every declared field of the wrong type (an object where a value goes). */
function invalidBodies(op: Operation): [string, unknown][] {
  return [
    ['{}', {}],
    ['every field the wrong type', Object.fromEntries(op.properties.map((p) => [p, { wrong: [1] }]))],
  ]
}

describe('an invalid body to any /v1 operation', () => {
  it('is a 400 problem naming its fields in our words, for every JSON body the document describes', async () => {
    const operations = await jsonBodyOperations()
    expect(operations.length).toBeGreaterThan(20)
    const failures: string[] = []
    for (const op of operations) {
      const { path, policyId } = target(op)
      const auth = await bearerFor(policyId)
      for (const [name, body] of invalidBodies(op)) {
        const res = await api(path, {
          method: op.method,
          headers: { ...auth, 'Content-Type': 'application/json', Origin: ORIGIN, 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify(body),
        })
        const text = await res.text()
        const label = `${op.method} ${op.path} (${name}): ${res.status} ${text.slice(0, 200)}`
        if (ALWAYS_204.has(`${op.method} ${op.path}`)) {
          if (res.status !== 204) failures.push(label)
          continue
        }
        if (res.status !== 400 || res.headers.get('Content-Type') !== PROBLEM_MEDIA_TYPE) {
          failures.push(label)
          continue
        }
        const problem = JSON.parse(text) as { type?: string; detail?: string; errorMessage?: string; errors?: Record<string, string> }
        const fields = Object.keys(problem.errors ?? {})
        if (problem.type !== PROBLEM_TYPES.invalidBody || fields.length === 0 || problem.detail !== problem.errorMessage) failures.push(label)
        else if (LIBRARY_TEXT.test(text)) failures.push(`${label} (a library's text)`)
      }
    }
    expect(failures).toEqual([])
  })
})
