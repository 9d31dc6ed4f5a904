import { describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { createApi } from '../../worker/api'
import { openApiDocument } from '../../worker/api/reference'

/** Issue 18: the published description of /v1 is generated from the operations' declarations. */
const api = createApi()
const doc = openApiDocument(api)

/** Every route the /v1 app serves, as 'METHOD /path' with {param} for :param; catch-alls (ALL, *) aside. */
function servedOperations(): string[] {
  const served = new Set<string>()
  for (const r of api.routes) {
    if (r.method === 'ALL' || r.path.includes('*') || r.path === '/openapi.json' || r.path === '/reference') continue
    served.add(`${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`)
  }
  return [...served].sort()
}

function describedOperations(): string[] {
  return Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`))
    .sort()
}

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(doc.openapi).toBe('3.1.0')
  })

  it('describes every operation /v1 serves, and nothing it does not', () => {
    const served = servedOperations()
    expect(served.length).toBeGreaterThan(30)
    expect(describedOperations()).toEqual(served)
  })

  it('gives every refusal the problem shape, and every state change its Idempotency-Key unless it says otherwise', () => {
    const pay = doc.paths?.['/homeowners/MakePayment/{policyId}']?.post
    expect(Object.keys(pay?.responses ?? {})).toEqual(expect.arrayContaining(['200', '202', '400', '401', '403', '404', '409', '413', '422', '503']))
    expect(JSON.stringify(pay?.responses?.['422'])).toContain('application/problem+json')
    expect(pay?.parameters?.map((p) => ('name' in p ? p.name : ''))).toEqual(expect.arrayContaining(['policyId', 'idempotency-key']))
  })

  it("documents MakePayment's Payment-Outcome beside the status: a pending payment is a 202, never a 200 (decision 218)", () => {
    for (const family of ['homeowners', 'flood']) {
      const responses = doc.paths?.[`/${family}/MakePayment/{policyId}`]?.post?.responses as Record<string, { headers?: Record<string, { schema?: unknown }> }>
      expect(responses['200']?.headers?.['Payment-Outcome']?.schema).toMatchObject({ enum: ['paid', 'pending', 'not-made', 'notice'] })
      expect(responses['202']?.headers?.['Payment-Outcome']?.schema).toMatchObject({ enum: ['paid', 'pending', 'not-made', 'notice'] })
      expect(JSON.stringify(responses['202'])).toContain('pending')
    }
  })
})
