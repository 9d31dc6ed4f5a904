import type { Context, Hono } from 'hono'
import type { D1Database } from '@cloudflare/workers-types'
import { z } from 'zod'
import type { AppEnv } from '../../types'
import { ADVANCE_UPDATED } from '../../../shared/claims/advance/advance-updated'
import { formatUsd } from '../../../shared/format'

/**
 * The claims-system stand-in's advance requests (issue 33 item 2, decision 211; dev only): the API the
 * adapter's requestAdvance() speaks, the list shown on its page, and a form (or JSON) that answers one
 * request with a signed `advance.updated` event.
 *   POST /claim/v1/claims/{id}/advances   GW-DBTransaction-ID, {requestId, kind, amountCents, documents, ...} -> 201
 *   POST /claims/{claimNumber}/advances/{requestId}/answer  {status, amount?, reason?, sequence?} (JSON or the page's form)
 */
export interface StandInAdvance {
  claimNumber: string
  requestId: string
  kind: string
  amountCents: number
  detail: { documents?: { name: string }[]; documentKind?: string | null; period?: { from: string; to: string } | null; purpose?: string | null }
}

const advanceSchema = z.object({
  requestId: z.string().min(1).max(64),
  kind: z.enum(['flood-advance', 'living-expenses']),
  amountCents: z.number().int().positive(),
  documents: z.array(z.object({ documentId: z.string(), name: z.string(), contentType: z.string(), bytes: z.number() })).max(10),
  documentKind: z.string().max(40).nullable(),
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  purpose: z.string().max(500).nullable(),
})

export async function listAdvances(db: D1Database): Promise<StandInAdvance[]> {
  const { results } = await db
    .prepare(
      `SELECT c.reference AS claim_number, a.request_id, a.kind, a.amount_cents, a.detail FROM standin_claims_advances a
       JOIN standin_claims c ON c.id = a.claim_id ORDER BY a.created_at, a.request_id`,
    )
    .all<{ claim_number: string; request_id: string; kind: string; amount_cents: number; detail: string }>()
  return results.map((r) => ({ claimNumber: r.claim_number, requestId: r.request_id, kind: r.kind, amountCents: r.amount_cents, detail: JSON.parse(r.detail) }))
}

const answerSchema = z.object({
  status: z.enum(['received', 'approved', 'declined', 'paid']),
  amountCents: z.number().int().positive().optional(),
  reason: z.string().optional(),
  sequence: z.number().int().optional(),
  id: z.string().optional(),
})

interface StandInTools {
  transactionOf(c: Context<AppEnv>): string | null
  transactionDone(db: D1Database, id: string): Promise<boolean>
  transactionStatement(db: D1Database, id: string, claimId: string, now: number): ReturnType<D1Database['prepare']>
  alreadyExecuted(c: Context<AppEnv>): Response
  badInput(c: Context<AppEnv>, message: string): Response
  claimById(db: D1Database, id: string): Promise<{ id: string } | null>
  claimByReference(db: D1Database, reference: string): Promise<{ id: string; reference: string } | null>
  takeSequence(db: D1Database, id: string, given: number | undefined): Promise<number>
  deliverToPortal(c: Context<AppEnv>, event: unknown): Promise<number | null>
  readJson(c: Context<AppEnv>): Promise<unknown>
}

/** The advance routes, registered on the stand-in after its API's credentials check. */
export function advanceRoutes(app: Hono<AppEnv>, t: StandInTools): void {
  app.post('/claim/v1/claims/:id/advances', async (c) => {
    const transactionId = t.transactionOf(c)
    if (!transactionId) return t.badInput(c, 'GW-DBTransaction-ID is required.')
    const parsed = advanceSchema.safeParse(await t.readJson(c))
    if (!parsed.success) return t.badInput(c, 'An advance needs a request id, a kind and an amount.')
    if (await t.transactionDone(c.env.DB, transactionId)) return t.alreadyExecuted(c)
    const claim = await t.claimById(c.env.DB, c.req.param('id'))
    if (!claim) return c.json({ status: 404, errorCode: 'gw.api.rest.exceptions.NotFoundException', userMessage: 'No such claim.' }, 404)
    const a = parsed.data
    const now = Date.now()
    try {
      await c.env.DB.batch([
        t.transactionStatement(c.env.DB, transactionId, claim.id, now),
        c.env.DB.prepare(
          'INSERT INTO standin_claims_advances (claim_id, request_id, kind, amount_cents, detail, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
        ).bind(
          claim.id,
          a.requestId,
          a.kind,
          a.amountCents,
          JSON.stringify({ documents: a.documents, documentKind: a.documentKind, period: a.period, purpose: a.purpose }),
          now,
        ),
      ])
    } catch {
      if (await t.transactionDone(c.env.DB, transactionId)) return t.alreadyExecuted(c)
      throw new Error('stand-in: the advance could not be stored')
    }
    return c.json({ data: { requestId: a.requestId } }, 201)
  })

  app.get('/advances', async (c) => c.json({ advances: await listAdvances(c.env.DB) }))

  app.post('/claims/:claimNumber/advances/:requestId/answer', async (c) => {
    const base = c.req.path.replace(/\/claims\/[^/]+\/advances\/[^/]+\/answer\/?$/, '')
    const fromForm = (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
    let raw: unknown
    if (fromForm) {
      const form = await c.req.parseBody()
      const dollars = Number(String(form.amount ?? '').replace(/[$,]/g, ''))
      raw = {
        status: String(form.status ?? ''),
        ...(dollars > 0 ? { amountCents: Math.round(dollars * 100) } : {}),
        ...(String(form.reason ?? '').trim() ? { reason: String(form.reason).trim() } : {}),
      }
    } else raw = await t.readJson(c)
    const parsed = answerSchema.safeParse(raw)
    if (!parsed.success) return fromForm ? c.redirect(`${base}?pushed=invalid`, 303) : c.json({ error: 'send {status, amountCents?, reason?, sequence?}' }, 400)
    const claim = await t.claimByReference(c.env.DB, c.req.param('claimNumber'))
    if (!claim) return c.json({ error: 'the stand-in holds no such claim' }, 404)
    const { status, amountCents, reason } = parsed.data
    const event = {
      id: parsed.data.id ?? `evt_${crypto.randomUUID()}`,
      claimNumber: claim.reference,
      sequence: await t.takeSequence(c.env.DB, claim.id, parsed.data.sequence),
      type: ADVANCE_UPDATED,
      occurredAt: new Date().toISOString(),
      data: { requestId: c.req.param('requestId'), status, ...(amountCents !== undefined ? { amountCents } : {}), ...(reason !== undefined ? { reason } : {}) },
    }
    const delivered = await t.deliverToPortal(c, event)
    if (delivered === null)
      return fromForm ? c.redirect(`${base}?pushed=unreachable`, 303) : c.json({ delivered: false, error: 'the portal did not answer' }, 502)
    return fromForm
      ? c.redirect(`${base}?pushed=${delivered}`, 303)
      : c.json({ delivered: true, status: delivered, event: { id: event.id, sequence: event.sequence } })
  })
}

/** The page's section: each request and a form to answer it. */
export function AdvancesSection({ base, advances }: { base: string; advances: StandInAdvance[] }) {
  if (advances.length === 0) return null
  return (
    <section className="card" aria-labelledby="claims-system-advances">
      <h2 id="claims-system-advances">Advance and living-expenses requests ({advances.length})</h2>
      {advances.map((a) => (
        <form key={a.requestId} method="post" action={`${base}/claims/${encodeURIComponent(a.claimNumber)}/advances/${encodeURIComponent(a.requestId)}/answer`}>
          <fieldset>
            <legend>{`${a.kind === 'flood-advance' ? 'Advance' : 'Living expenses'} ${formatUsd(a.amountCents)} on ${a.claimNumber}`}</legend>
            <p>
              {`Request ${a.requestId}`}
              {a.detail.documents?.length ? `; documents: ${a.detail.documents.map((d) => d.name).join(', ')}` : '; no documents'}
              {a.detail.documentKind ? ` (${a.detail.documentKind})` : ''}
              {a.detail.period ? `; ${a.detail.period.from} to ${a.detail.period.to}` : ''}
              {a.detail.purpose ? `; for: ${a.detail.purpose}` : ''}
            </p>
            <div className="field">
              <label htmlFor={`adv-status-${a.requestId}`}>Answer</label>
              <select id={`adv-status-${a.requestId}`} name="status">
                <option value="received">received</option>
                <option value="approved">approved</option>
                <option value="declined">declined</option>
                <option value="paid">paid</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor={`adv-amount-${a.requestId}`}>Amount in dollars (approved, paid)</label>
              <input id={`adv-amount-${a.requestId}`} name="amount" />
            </div>
            <div className="field">
              <label htmlFor={`adv-reason-${a.requestId}`}>Reason (declined)</label>
              <input id={`adv-reason-${a.requestId}`} name="reason" />
            </div>
            <button type="submit" className="btn btn--primary">
              Send answer<span className="visually-hidden">{` to request ${a.requestId}`}</span>
            </button>
          </fieldset>
        </form>
      ))}
    </section>
  )
}
