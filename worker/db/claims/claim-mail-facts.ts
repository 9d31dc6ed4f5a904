import type { D1Database } from '@cloudflare/workers-types'

/**
 * What a claim's mails after the report need (issue 19 items 5 and 7): the addresses (the one typed in
 * the claim, the profile's that reported it, the policy's), the policy's state (its clock), and the
 * facts that decide the next step and the flood deadline.
 */
export interface ClaimMailFacts {
  claim_number: string
  family: 'homeowners' | 'flood'
  status: string
  loss_date: string
  carrier_claim_number: string | null
  state: string
  typed_email: string | null
  profile_email: string | null
  policy_email: string | null
  /** The reporting profile's language (issue 36): its mails are written in it; null without a profile. */
  profile_language: string | null
}

const SELECT = `SELECT c.claim_number, c.family, c.status, c.loss_date, c.carrier_claim_number, p.state,
    json_extract(c.submission, '$.emailAddress') AS typed_email, pr.email_address AS profile_email, json_extract(p.doc, '$.email') AS policy_email, pr.language AS profile_language
  FROM claims c JOIN policies p ON p.policy_id = c.policy_id LEFT JOIN profiles pr ON pr.profile_id = c.profile_id`

export function claimMailFacts(db: D1Database, claimNumber: string): Promise<ClaimMailFacts | null> {
  return db.prepare(`${SELECT} WHERE c.claim_number = ?1`).bind(claimNumber).first<ClaimMailFacts>()
}

/** Every flood claim accepted and not closed: the ones whose Proof of Loss deadline runs. */
export async function openFloodClaims(db: D1Database): Promise<ClaimMailFacts[]> {
  const { results } = await db.prepare(`${SELECT} WHERE c.family = 'flood' AND c.status = 'Open' ORDER BY c.claim_number`).all<ClaimMailFacts>()
  return results
}
