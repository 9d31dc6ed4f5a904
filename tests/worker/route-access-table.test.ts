import { describe, it, expect, beforeAll } from 'vitest'
import personas from '../fixtures/personas.json'
import { seed } from './helpers'
import { withPolicy } from './servicing-helpers'
import { ROUTES } from '../../shared/routes'
import { permits } from '../../shared/policy/permissions'
import { routeFamilyFor } from '../../shared/policy/family'
import type { Policy } from '../../shared/policy/schemas/policy'

/**
 * Issue 30 item 2: the route-access matrix comes from the route table, not from a list kept by hand. For
 * every demo policy and every policy route that names a permission, a typed address opens exactly when
 * the permission (shared/policy/permissions.ts) allows it; refused, it goes to the Dashboard, and so does
 * a path under it. A route added to the table with a permission is in this test without anyone adding it.
 */
beforeAll(() => seed(), 120_000)

const GUARDED = ROUTES.filter((r) => r.session === 'policy' && r.permission !== undefined)
const POLICIES = personas.personas.flatMap((p) => p.policies.map((x) => x.policyId))

describe('every guarded route, for every demo policy, follows its permission', () => {
  it('the table has guarded routes and the demo has policies to try them with', () => {
    expect(GUARDED.length).toBeGreaterThanOrEqual(5)
    expect(POLICIES.length).toBeGreaterThanOrEqual(20)
  })

  it.each(POLICIES)('%s', async (policyId) => {
    const b = await withPolicy(policyId)
    const family = routeFamilyFor(policyId, 'GetPolicy') ?? 'homeowners'
    const policy = (await (await b.fetch(`/v1/${family}/GetPolicy/${policyId}`)).json()) as Policy
    for (const r of GUARDED) {
      const allowed = permits(policy, r.permission!)
      for (const path of [r.path, `${r.path}/x`]) {
        const res = await b.fetch(path)
        await res.body?.cancel()
        const refused = res.status === 303 && res.headers.get('Location') === '/policy-information'
        expect(refused, `${policyId} ${r.permission} ${path}: ${res.status} ${res.headers.get('Location') ?? ''}`).toBe(!allowed)
      }
    }
  })
})
