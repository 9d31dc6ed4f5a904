import { Hono, type Context } from 'hono'
import type { D1Database } from '@cloudflare/workers-types'
import { z } from 'zod'
import type { AppEnv } from '../../types'
import { CLAIM_EVENT_TYPES, claimEventSchema, type ClaimEventType } from '../../../shared/claims/events'
import { ALREADY_EXECUTED, TRANSACTION_HEADER } from '../../integrations/claims-system/http'
import { signatureHeaders } from '../../integrations/claims-system/webhook-signature'
import { MESSAGE_POSTED } from '../../../shared/claims/follow-up/message-posted'
import { claimsSystemPage } from './page'
import { relatedClaimsByReference, relateClaimRoute } from './related'
import {
  apiClaim,
  byId,
  addDocument,
  addNote,
  addPaymentInstruction,
  paymentInstructions,
  newestDocumentId,
  byReference,
  createDraft,
  forgetAll,
  listClaims,
  setStatus,
  submitDraft,
  takeSequence,
  transactionDone,
  failures,
  transactionStatement,
} from './store'
import { advanceRoutes, listAdvances } from './advances'

/**
 * Stand-in: the carrier's claims system, dev only (/__dev is a 404 in every deployed environment, and
 * they refuse a CLAIMS_SYSTEM_URL pointing here). The API the HTTP adapter speaks (Guidewire-like,
 * /work/shared/design/claims-system.md), with `Authorization: Bearer {CLAIMS_SYSTEM_SECRET}`:
 *   POST /claim/v1/claims              GW-DBTransaction-ID, JSON notice  -> 201 { data: claim } (a draft)
 *   POST /claim/v1/claims/{id}/submit  GW-DBTransaction-ID               -> 200 { data: claim } (open, its claim number)
 *   GET  /claim/v1/claims?reference=   GET /claim/v1/claims/{id}
 *   POST /claim/v1/claims/{id}/documents  GW-DBTransaction-ID, {name, contentType, bytes, documentId, answers} -> 201 (a file sent later)
 *   POST /claim/v1/claims/{id}/notes   GW-DBTransaction-ID, {subject, body, author} -> 201 (the policyholder's message)
 *   POST /claim/v1/claims/{id}/related-claims  the other claim of one loss (claims-system-related.ts, decision 213)
 *   POST /claim/v1/claims/{id}/payment-instructions  GW-DBTransaction-ID, {method, version, payoutToken... | payee, address} -> 201
 *   GET  /claims/{claimNumber}/payment-instructions  { instructions: [...] } what it was told, oldest first (tests)
 * A transaction id already committed answers 400 `AlreadyExecutedException`; a reference it already
 * holds answers its existing claim, so each claim is held once however often it is sent.
 * For a developer and the tests:
 *   GET    /claims                     { claims: [ { claimNumber, carrierClaimNumber, policyId, lossDate, status, documents } ] }
 *   DELETE /claims                     forgets everything
 *   POST   /fail {times, status} | {times, timeout: true}   the next N API answers fail: with that status,
 *          doing nothing; or (timeout) doing the work and losing the answer (504). DELETE /fail
 *   POST   /claims/{claimNumber}/events {type, data, id?, sequence?, occurredAt?} (JSON or the page's form)
 *          sends that event, signed with CLAIMS_SYSTEM_WEBHOOK_SECRET, to {PORTAL_BASE_URL}/hooks/claims-system
 *          and answers { delivered: true, status } (the portal's HTTP status); document.received and document.reviewed
 *          without a documentId name the newest document sent after the claim
 *   POST   /claims/{claimNumber}/messages {body, author?, id?, sequence?, occurredAt?} (JSON or the page's form)
 *          the claims team's reply: a signed `message.posted` event, sent as above
 *   GET    /                           the page: what it holds, a form to push an event and one to reply
 */
export const claimsSystemStandIn = new Hono<AppEnv>()

const documentSchema = z.object({
  name: z.string().min(1).max(255),
  contentType: z.string().min(1).max(100),
  bytes: z.number().int().min(0),
  documentId: z.string().min(1).max(64).optional(),
  answers: z.string().max(200).nullable().optional(),
})
const draftSchema = z.object({
  reference: z.string().min(1).max(64),
  policyNumber: z.string().min(1).max(40),
  lossDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  documents: z.array(documentSchema).max(50).default([]),
})

const problem = (c: Context<AppEnv>, status: 400 | 401 | 404 | 500 | 502 | 503 | 504, errorCode: string, userMessage: string) =>
  c.json({ status, errorCode, userMessage }, status)

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------- the claims API

claimsSystemStandIn.use('/claim/v1/*', async (c, next) => {
  const token = /^Bearer\s*(.*)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null
  if (token === null || token !== (c.env.CLAIMS_SYSTEM_SECRET ?? ''))
    return problem(c, 401, 'gw.api.rest.exceptions.UnauthorizedException', 'Invalid credentials.')
  const failure = await failures(c.env.DB).take()
  if (failure && !failure.timeout) {
    return problem(c, (failure.status ?? 500) as 500, 'gw.api.rest.exceptions.ServiceUnavailableException', 'Told to fail.')
  }
  await next()
  // Timeout: the work is done, the answer is lost on the way back.
  if (failure?.timeout) c.res = problem(c, 504, 'gateway.timeout', 'Upstream timeout.')
})

const transactionOf = (c: Context<AppEnv>) => {
  const id = c.req.header(TRANSACTION_HEADER)
  return id && id.length <= 128 ? id : null
}

const alreadyExecuted = (c: Context<AppEnv>) => problem(c, 400, `gw.api.rest.exceptions.${ALREADY_EXECUTED}`, 'This transaction was already executed.')

claimsSystemStandIn.post('/claim/v1/claims', async (c) => {
  const transactionId = transactionOf(c)
  if (!transactionId) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', `${TRANSACTION_HEADER} is required.`)
  const body = await readJson(c)
  const parsed = draftSchema.safeParse(body)
  if (!parsed.success) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', 'A claim needs a reference, a policy number and a loss date.')
  if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
  try {
    const claim = await createDraft(c.env.DB, {
      reference: parsed.data.reference,
      policyId: parsed.data.policyNumber,
      lossDate: parsed.data.lossDate,
      notice: JSON.stringify(body),
      documents: parsed.data.documents,
      transactionId,
      now: Date.now(),
    })
    return c.json({ data: apiClaim(claim) }, 201)
  } catch {
    if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c) // a parallel duplicate won
    throw new Error('stand-in: the draft could not be stored')
  }
})

claimsSystemStandIn.post('/claim/v1/claims/:id/submit', async (c) => {
  const transactionId = transactionOf(c)
  if (!transactionId) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', `${TRANSACTION_HEADER} is required.`)
  if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
  const claim = await byId(c.env.DB, c.req.param('id'))
  if (!claim) return problem(c, 404, 'gw.api.rest.exceptions.NotFoundException', 'No such claim.')
  try {
    return c.json({ data: apiClaim(await submitDraft(c.env.DB, claim, transactionId, Date.now())) })
  } catch {
    if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
    throw new Error('stand-in: the submission could not be stored')
  }
})

claimsSystemStandIn.post('/claim/v1/claims/:id/documents', async (c) => {
  const transactionId = transactionOf(c)
  if (!transactionId) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', `${TRANSACTION_HEADER} is required.`)
  const parsed = documentSchema.safeParse(await readJson(c))
  if (!parsed.success) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', 'A document needs a name, a content type and a size.')
  if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
  const claim = await byId(c.env.DB, c.req.param('id'))
  if (!claim) return problem(c, 404, 'gw.api.rest.exceptions.NotFoundException', 'No such claim.')
  try {
    await addDocument(c.env.DB, claim.id, parsed.data, transactionId, Date.now())
  } catch {
    if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
    throw new Error('stand-in: the document could not be stored')
  }
  return c.json({ data: parsed.data }, 201)
})

const noteSchema = z.object({ subject: z.string().min(1).max(255), body: z.string().min(1).max(65_000), author: z.string().min(1).max(255) })

claimsSystemStandIn.post('/claim/v1/claims/:id/notes', async (c) => {
  const transactionId = transactionOf(c)
  if (!transactionId) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', `${TRANSACTION_HEADER} is required.`)
  const parsed = noteSchema.safeParse(await readJson(c))
  if (!parsed.success) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', 'A note needs a subject, a body and an author.')
  if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
  const claim = await byId(c.env.DB, c.req.param('id'))
  if (!claim) return problem(c, 404, 'gw.api.rest.exceptions.NotFoundException', 'No such claim.')
  try {
    await addNote(c.env.DB, claim.id, parsed.data, transactionId, Date.now())
  } catch {
    if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
    throw new Error('stand-in: the note could not be stored')
  }
  return c.json({ data: parsed.data }, 201)
})

advanceRoutes(claimsSystemStandIn, {
  transactionOf,
  transactionDone,
  transactionStatement,
  alreadyExecuted,
  badInput: (c, message) => problem(c, 400, 'gw.api.rest.exceptions.BadInputException', message),
  claimById: byId,
  claimByReference: byReference,
  takeSequence,
  deliverToPortal: (c, event) => deliverToPortal(c, event),
  readJson,
})
claimsSystemStandIn.post('/claim/v1/claims/:id/related-claims', relateClaimRoute)

const instructionSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('direct-deposit'),
    payoutToken: z.string().regex(/^[A-Za-z_]{8,100}$/),
    bankName: z.string().min(1).max(60),
    last4: z.string().regex(/^\d{4}$/),
    version: z.number().int().min(1),
  }),
  z.object({
    method: z.literal('check'),
    payee: z.string().min(1).max(200),
    address: z.object({
      address1: z.string().min(1).max(200),
      address2: z.string().max(200),
      city: z.string().min(1).max(100),
      state: z.string().length(2),
      zipCode: z.string().max(10),
    }),
    version: z.number().int().min(1),
  }),
])

claimsSystemStandIn.post('/claim/v1/claims/:id/payment-instructions', async (c) => {
  const transactionId = transactionOf(c)
  if (!transactionId) return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', `${TRANSACTION_HEADER} is required.`)
  const parsed = instructionSchema.safeParse(await readJson(c))
  if (!parsed.success)
    return problem(c, 400, 'gw.api.rest.exceptions.BadInputException', 'A payment instruction needs a payout token or a payee and an address.')
  if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
  const claim = await byId(c.env.DB, c.req.param('id'))
  if (!claim) return problem(c, 404, 'gw.api.rest.exceptions.NotFoundException', 'No such claim.')
  try {
    await addPaymentInstruction(c.env.DB, claim.id, parsed.data, transactionId, Date.now())
  } catch {
    if (await transactionDone(c.env.DB, transactionId)) return alreadyExecuted(c)
    throw new Error('stand-in: the payment instruction could not be stored')
  }
  return c.json({ data: parsed.data }, 201)
})

claimsSystemStandIn.get('/claims/:claimNumber/payment-instructions', async (c) => {
  const claim = await byReference(c.env.DB, c.req.param('claimNumber'))
  if (!claim) return c.json({ error: 'the stand-in holds no such claim' }, 404)
  return c.json({ instructions: await paymentInstructions(c.env.DB, claim.id) })
})

claimsSystemStandIn.get('/claim/v1/claims', async (c) => {
  const claim = await byReference(c.env.DB, c.req.query('reference') ?? '')
  return c.json({ data: claim ? [apiClaim(claim)] : [] })
})

claimsSystemStandIn.get('/claim/v1/claims/:id', async (c) => {
  const claim = await byId(c.env.DB, c.req.param('id'))
  return claim ? c.json({ data: apiClaim(claim) }) : problem(c, 404, 'gw.api.rest.exceptions.NotFoundException', 'No such claim.')
})

// ---------------------------------------------------------------- for a developer and the tests

/** The claims it holds, each with the related claims it was told of (decision 213). */
async function claimsWithRelated(db: D1Database) {
  const [claims, related] = await Promise.all([listClaims(db), relatedClaimsByReference(db)])
  return claims.map((claim) => ({ ...claim, related: related.get(claim.claimNumber) ?? [] }))
}

claimsSystemStandIn.get('/claims', async (c) => c.json({ claims: await claimsWithRelated(c.env.DB) }))

claimsSystemStandIn.delete('/claims', async (c) => {
  await forgetAll(c.env.DB)
  return c.body(null, 204)
})

const failSchema = z.union([
  z.object({ times: z.number().int().min(1).max(100).default(1), status: z.number().int().min(400).max(599) }),
  z.object({ times: z.number().int().min(1).max(100).default(1), timeout: z.literal(true) }),
])

claimsSystemStandIn.post('/fail', async (c) => {
  const parsed = failSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {times, status} or {times, timeout: true}' }, 400)
  const state = { remaining: parsed.data.times, status: 'status' in parsed.data ? parsed.data.status : null, timeout: 'timeout' in parsed.data }
  await failures(c.env.DB).set(state)
  return c.json(state)
})

claimsSystemStandIn.delete('/fail', async (c) => {
  await failures(c.env.DB).clear()
  return c.body(null, 204)
})

const pushSchema = z.object({
  type: z.enum(CLAIM_EVENT_TYPES as [ClaimEventType, ...ClaimEventType[]]),
  data: z.record(z.string(), z.unknown()).default({}),
  id: z.string().optional(),
  sequence: z.number().int().optional(),
  occurredAt: z.string().optional(),
})

/** The page's form, as the JSON body: one field per event field. */
function formEvent(form: Record<string, string | File>): unknown {
  const f = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '')
  const type = f('type')
  const data: Record<string, unknown> = {
    'claim.accepted': f('carrierClaimNumber') ? { carrierClaimNumber: f('carrierClaimNumber') } : {},
    'adjuster.assigned': { adjuster: { name: f('adjusterName'), phone: f('adjusterPhone'), email: f('adjusterEmail') } },
    'inspection.scheduled': { date: f('date') },
    'documents.requested': {
      items: f('items')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    'payment.issued': {
      amountCents: Math.round(Number(f('amount')) * 100),
      method: f('method'),
      ...(f('paymentId') ? { paymentId: f('paymentId') } : {}),
      ...(f('paymentStatus') ? { status: f('paymentStatus') } : {}),
      ...(f('payableTo') ? { payableTo: [f('payableTo')] } : {}),
    },
    'payment.status': { paymentId: f('paymentId'), status: f('paymentStatus') },
    'claim.closed': { reason: f('reason') },
    'claim.reopened': {},
    'document.received': f('documentId') ? { documentId: f('documentId') } : {},
    'document.reviewed': { ...(f('documentId') ? { documentId: f('documentId') } : {}), outcome: f('outcome') },
    'proof.complete': {},
    'letter.sent': { letter: f('letter') },
    'claim.decided': { outcome: f('decision') },
  }[type] as Record<string, unknown>
  return { type, data: data ?? {} }
}

/** Where this stand-in is mounted, from a path under it: /__dev/claims-system in the portal, /claims-system in its own process. */
const mountOf = (path: string) => path.replace(/\/+$/, '').replace(/\/claims\/[^/]+\/events$/, '')

/** Sends one event, signed with CLAIMS_SYSTEM_WEBHOOK_SECRET, to the portal's hook: the portal's HTTP status, or null when it did not answer. */
async function deliverToPortal(c: Context<AppEnv>, event: unknown): Promise<number | null> {
  const body = JSON.stringify(event)
  const hook = `${c.env.PORTAL_BASE_URL.replace(/\/+$/, '')}/hooks/claims-system`
  try {
    const res = await fetch(hook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await signatureHeaders(c.env.CLAIMS_SYSTEM_WEBHOOK_SECRET ?? '', body, Date.now())) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    await res.body?.cancel()
    return res.status
  } catch {
    return null
  }
}

claimsSystemStandIn.post('/claims/:claimNumber/events', async (c) => {
  const base = mountOf(c.req.path)
  const fromForm = (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
  const parsed = pushSchema.safeParse(fromForm ? formEvent(await c.req.parseBody()) : await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {type, data, id?, sequence?}' }, 400)
  const claim = await byReference(c.env.DB, c.req.param('claimNumber'))
  if (!claim) return c.json({ error: 'the stand-in holds no such claim' }, 404)
  const push = parsed.data
  const aboutDocument = push.type === 'document.received' || push.type === 'document.reviewed'
  const data =
    push.type === 'claim.accepted' && !push.data.carrierClaimNumber
      ? { carrierClaimNumber: claim.carrier_claim_number ?? claim.draft_number }
      : aboutDocument && !push.data.documentId
        ? { ...push.data, documentId: await newestDocumentId(c.env.DB, claim.id) }
        : push.data
  const event = {
    id: push.id ?? `evt_${crypto.randomUUID()}`,
    claimNumber: claim.reference,
    sequence: await takeSequence(c.env.DB, claim.id, push.sequence),
    type: push.type,
    occurredAt: push.occurredAt ?? new Date().toISOString(),
    data,
  }
  // Sent as asked (a test may send what the portal must refuse); a form's typing slip is said at once.
  if (fromForm && !claimEventSchema.safeParse(event).success) return c.redirect(`${base}?pushed=invalid`, 303)
  const status = await deliverToPortal(c, event)
  if (status === null) {
    return fromForm ? c.redirect(`${base}?pushed=unreachable`, 303) : c.json({ delivered: false, error: 'the portal did not answer' }, 502)
  }
  if (status === 200 && ['claim.accepted', 'claim.reopened', 'claim.closed'].includes(event.type)) {
    await setStatus(c.env.DB, claim.id, event.type === 'claim.closed' ? 'closed' : 'open')
  }
  return fromForm ? c.redirect(`${base}?pushed=${status}`, 303) : c.json({ delivered: true, status, event: { id: event.id, sequence: event.sequence } })
})

const replySchema = z.object({
  body: z.string(),
  author: z.string().default('Claims team'),
  id: z.string().optional(),
  sequence: z.number().int().optional(),
  occurredAt: z.string().optional(),
})

/** Where this stand-in is mounted, from its reply path. */
const mountOfReply = (path: string) => path.replace(/\/+$/, '').replace(/\/claims\/[^/]+\/messages$/, '')

claimsSystemStandIn.post('/claims/:claimNumber/messages', async (c) => {
  const base = mountOfReply(c.req.path)
  const fromForm = (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
  const raw = fromForm ? await c.req.parseBody() : await readJson(c)
  const parsed = replySchema.safeParse(
    fromForm
      ? { body: String((raw as Record<string, unknown>).body ?? '').trim(), author: String((raw as Record<string, unknown>).author ?? '').trim() || undefined }
      : raw,
  )
  if (!parsed.success) return c.json({ error: 'send {body, author?, id?, sequence?, occurredAt?}' }, 400)
  const claim = await byReference(c.env.DB, c.req.param('claimNumber'))
  if (!claim) return c.json({ error: 'the stand-in holds no such claim' }, 404)
  const reply = parsed.data
  if (fromForm && !reply.body) return c.redirect(`${base}?pushed=invalid`, 303)
  const event = {
    id: reply.id ?? `evt_${crypto.randomUUID()}`,
    claimNumber: claim.reference,
    sequence: await takeSequence(c.env.DB, claim.id, reply.sequence),
    type: MESSAGE_POSTED,
    occurredAt: reply.occurredAt ?? new Date().toISOString(),
    data: { body: reply.body, author: reply.author },
  }
  const status = await deliverToPortal(c, event)
  if (status === null) {
    return fromForm ? c.redirect(`${base}?pushed=unreachable`, 303) : c.json({ delivered: false, error: 'the portal did not answer' }, 502)
  }
  return fromForm ? c.redirect(`${base}?pushed=${status}`, 303) : c.json({ delivered: true, status, event: { id: event.id, sequence: event.sequence } })
})

claimsSystemStandIn.get('/', async (c) =>
  claimsSystemPage(c, mountOf(c.req.path), await claimsWithRelated(c.env.DB), c.req.query('pushed') ?? null, await listAdvances(c.env.DB)),
)
