import type { D1Database } from '@cloudflare/workers-types'

/**
 * Whose policy holds a claim (issue 32 item 3): a claim's address names only the claim, so the portal
 * finds its policy among the policies the person may see. A claim the portal holds a row for is found by
 * its number or by the claims team's number; a claim only the policy record lists (one reported by
 * phone, the demo data's) by its claim ID there. Another person's claim is exactly like a missing one.
 */
export type ClaimScope = { kind: 'profile'; profileId: string } | { kind: 'policies'; policyIds: readonly string[] }

export interface FoundClaim {
  policy_id: string
  claim_number: string
}

const SCOPE = {
  profile: 'SELECT policy_id FROM profile_policies WHERE profile_id = ?2',
  policies: 'SELECT value FROM json_each(?2)',
} as const

/** The claim `reference` (upper case) on a policy in scope; the portal's own row first; null when none. */
export async function claimInScope(db: D1Database, scope: ClaimScope, reference: string): Promise<FoundClaim | null> {
  const inScope = SCOPE[scope.kind]
  const bound = scope.kind === 'profile' ? scope.profileId : JSON.stringify(scope.policyIds)
  return db
    .prepare(
      `SELECT policy_id, claim_number FROM (
         SELECT 0 AS rank, policy_id, claim_number FROM claims
          WHERE policy_id IN (${inScope}) AND (claim_number = ?1 OR upper(carrier_claim_number) = ?1)
         UNION ALL
         SELECT 1, p.policy_id, upper(json_extract(j.value, '$.claimID')) FROM policies p, json_each(p.doc, '$.claims') j
          WHERE p.policy_id IN (${inScope}) AND upper(json_extract(j.value, '$.claimID')) = ?1
       ) ORDER BY rank, policy_id LIMIT 1`,
    )
    .bind(reference, bound)
    .first<FoundClaim>()
}
