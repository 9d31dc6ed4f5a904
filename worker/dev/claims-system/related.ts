import type { Context } from 'hono'
import type { D1Database } from '@cloudflare/workers-types'
import { z } from 'zod'
import type { AppEnv } from '../../types'
import { ALREADY_EXECUTED, TRANSACTION_HEADER } from '../../integrations/claims-system/http'

/**
 * The claims-system stand-in's related claims (issue 33 item 4, decision 213; dev only):
 *   POST /claim/v1/claims/{id}/related-claims  GW-DBTransaction-ID, {reference, claimNumber, policyNumber, lineOfBusiness} -> 201
 * Held once per transaction id (a repeat answers 400 AlreadyExecutedException, as every step does) and
 * once per related reference; listed with the claim on the stand-in's page and GET /claims.
 */
export interface StandInRelatedClaim {
  reference: string
  claimNumber: string | null
  policyNumber: string
  lineOfBusiness: string
}

const relatedSchema = z.object({
  reference: z.string().min(1).max(64),
  claimNumber: z.string().min(1).max(64),
  policyNumber: z.string().min(1).max(40),
  lineOfBusiness: z.enum(['homeowners', 'flood']),
})

const problem = (c: Context<AppEnv>, status: 400 | 404, errorCode: string, userMessage: string) =>
  c.json({ status, errorCode: `gw.api.rest.exceptions.${errorCode}`, userMessage }, status)

async function transactionDone(db: D1Database, transactionId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS one FROM standin_claims_transactions WHERE transaction_id = ?1').bind(transactionId).first()) !== null
}

/** The related claim with its transaction id, in one batch: a transaction id or a reference taken meanwhile throws. */
async function addRelated(db: D1Database, claimId: string, r: z.infer<typeof relatedSchema>, transactionId: string, now: number): Promise<void> {
  await db.batch([
    db.prepare('INSERT INTO standin_claims_transactions (transaction_id, claim_id, created_at) VALUES (?1, ?2, ?3)').bind(transactionId, claimId, now),
    db
      .prepare(
        `INSERT INTO standin_claims_related (claim_id, related_reference, related_claim_number, policy_number, line_of_business, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(claimId, r.reference, r.claimNumber, r.policyNumber, r.lineOfBusiness, now),
  ])
}

export async function relateClaimRoute(c: Context<AppEnv>): Promise<Response> {
  const transactionId = c.req.header(TRANSACTION_HEADER)
  if (!transactionId || transactionId.length > 128) return problem(c, 400, 'BadInputException', `${TRANSACTION_HEADER} is required.`)
  const parsed = relatedSchema.safeParse(await c.req.json().catch(() => undefined))
  if (!parsed.success) return problem(c, 400, 'BadInputException', 'A related claim needs a reference, a claim number, a policy number and a line of business.')
  const alreadyExecuted = () => problem(c, 400, ALREADY_EXECUTED, 'This transaction was already executed.')
  if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted()
  const claim = await c.env.DB.prepare('SELECT id FROM standin_claims WHERE id = ?1').bind(c.req.param('id')).first<{ id: string }>()
  if (!claim) return problem(c, 404, 'NotFoundException', 'No such claim.')
  try {
    await addRelated(c.env.DB, claim.id, parsed.data, transactionId, Date.now())
  } catch {
    if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted()
    throw new Error('stand-in: the related claim could not be stored')
  }
  return c.json({ data: parsed.data }, 201)
}

/** Every related claim the stand-in holds, by the claim's reference (the portal's claim number). */
export async function relatedClaimsByReference(db: D1Database): Promise<Map<string, StandInRelatedClaim[]>> {
  const { results } = await db
    .prepare(
      `SELECT c.reference, r.related_reference, r.related_claim_number, r.policy_number, r.line_of_business
       FROM standin_claims_related r JOIN standin_claims c ON c.id = r.claim_id ORDER BY r.created_at, r.related_reference`,
    )
    .all<{ reference: string; related_reference: string; related_claim_number: string | null; policy_number: string; line_of_business: string }>()
  const by = new Map<string, StandInRelatedClaim[]>()
  for (const r of results) {
    const one = { reference: r.related_reference, claimNumber: r.related_claim_number, policyNumber: r.policy_number, lineOfBusiness: r.line_of_business }
    by.set(r.reference, [...(by.get(r.reference) ?? []), one])
  }
  return by
}
