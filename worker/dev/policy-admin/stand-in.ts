import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../types'
import { failSwitch } from '../fail-switch'
import { bindParts, rate } from './rules'
import { allQuotes, decideQuote, findQuote, forgetAll, heldParts, keepQuote, partsOf, stateOf } from './store'
import { policyAdminPage } from './page'
import { contactSchema, deductiblesPartSchema } from '../../integrations/policy-admin/parts-schema'
import { BILLING_PLANS, billingNowSchema } from '../../../shared/policy/changes/billing-plan'

/**
 * Stand-in: the carrier's policy administration system (issue 34 item 1, decision 214), dev only
 * (/__dev is a 404 in every deployed environment, and they refuse a POLICY_ADMIN_URL pointing here).
 * The API the HTTP adapter (worker/integrations/policy-admin/http.ts) speaks, `Authorization: Bearer
 * {POLICY_ADMIN_API_KEY}`:
 *   POST /changes/quotes  {policyId, reference, effectiveDate, request, asOf}  rated by the table of
 *        rules.ts -> 201 {quoteId, premiumChangeCents, referral}; a change it cannot make -> 422 {error}
 *   POST /changes/quotes/{id}/bind  Idempotency-Key -> 200 the change's state: bound (with the policy's
 *        parts as bound), or referred when its rule refers it; a quote decided before answers its state
 *   GET  /changes/quotes/{id}  -> 200 its state
 * For a developer and the tests:
 *   GET  /changes  every quote, newest first (JSON)     DELETE /changes  forgets everything
 *   POST /changes/quotes/{id}/decide {decision: bound | declined, reason?} (JSON or the page's form): the
 *        reviewer's answer to a referred change
 *   POST /fail {times, status} | {times, timeout: true}: the next N API answers fail, with that status
 *        doing nothing, or (timeout) doing the work and losing the answer (504). DELETE /fail
 *   GET  /  the page: the rules, the quotes and changes, the reviewer's buttons
 * Mounted at /__dev/policy-admin in the portal and at /policy-admin in the stand-ins' own process.
 */
export const policyAdminStandIn = new Hono<AppEnv>()

const failures = (c: Context<AppEnv>) => failSwitch(c.env.DB, 'standin_policy_admin_fail')

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

/** The API's key and fail switch (not the developer's routes). */
const api = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer\s*(.*)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null
  if (token === null || token !== (c.env.POLICY_ADMIN_API_KEY ?? '')) return c.json({ error: 'invalid API key' }, 401)
  const failure = await failures(c).take()
  if (failure && !failure.timeout) return c.json({ error: 'told to fail' }, (failure.status ?? 500) as 500)
  await next()
  if (failure?.timeout) c.res = c.json({ error: 'upstream timeout' }, 504)
})

const lenderSchema = z.object({
  type: z.enum(['Mortgagee', 'Lienholder']),
  name: z.string().min(1).max(80),
  loanId: z.string().max(30),
  address1: z.string().min(1).max(100),
  address2: z.string().max(100),
  city: z.string().min(1).max(60),
  state: z.string().length(2),
  zipCode: z.string().max(10),
})
const entrySchema = lenderSchema.extend({ mortgageeId: z.number().int(), escrowFlag: z.string().max(2), name: z.string().max(200) })
const quoteSchema = z.object({
  policyId: z.string().min(1).max(20),
  reference: z.string().min(1).max(100),
  effectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  request: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('mortgagee'),
      change: z.discriminatedUnion('action', [
        z.object({ action: z.literal('add'), position: z.number().int().min(1).max(9), lender: lenderSchema }),
        z.object({ action: z.literal('replace'), position: z.number().int().min(1).max(9), lender: lenderSchema }),
        z.object({ action: z.literal('remove'), position: z.number().int().min(1).max(9) }),
      ]),
    }),
    z.object({ kind: z.literal('mailing-address'), change: z.object({ action: z.literal('update'), contact: contactSchema }) }),
    z.object({
      kind: z.literal('deductible'),
      change: z.object({
        action: z.literal('change'),
        allOtherPerilsCents: z.number().int().min(0).max(10_000_000),
        windstorm: z.object({ peril: z.enum(['Wind/Hail', 'Hurricane']), percentOfDwelling: z.number().positive().max(25) }).nullable(),
      }),
    }),
    z.object({ kind: z.literal('billing-plan'), change: z.object({ action: z.enum(BILLING_PLANS), dueDay: z.number().int().min(1).max(31) }) }),
  ]),
  asOf: z.object({
    mortgagees: z.array(entrySchema).max(10).optional(),
    mailingAddress: contactSchema.optional(),
    deductibles: deductiblesPartSchema.optional(),
    billing: billingNowSchema.optional(),
  }),
})

policyAdminStandIn.post('/changes/quotes', api, async (c) => {
  const parsed = quoteSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {policyId, reference, effectiveDate, request: {kind, change}, asOf}' }, 400)
  const q = parsed.data
  const parts = await partsOf(c.env.DB, q.policyId, q.asOf)
  const rating = rate(q.request, parts, q.effectiveDate)
  if (!rating.ok) return c.json({ error: rating.reason }, 422)
  const quoteId = `q_${crypto.randomUUID()}`
  await keepQuote(c.env.DB, {
    quoteId,
    policyId: q.policyId,
    reference: q.reference,
    effectiveDate: q.effectiveDate,
    request: q.request,
    premiumChangeCents: rating.premiumChangeCents,
    referral: rating.referral,
    createdAt: Date.now(),
  })
  return c.json({ quoteId, premiumChangeCents: rating.premiumChangeCents, referral: rating.referral }, 201)
})

policyAdminStandIn.post('/changes/quotes/:id/bind', api, async (c) => {
  const key = c.req.header('Idempotency-Key') ?? ''
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) return c.json({ error: 'Idempotency-Key is required' }, 400)
  const quote = await findQuote(c.env.DB, c.req.param('id'))
  if (!quote) return c.json({ error: 'no such quote' }, 404)
  if (quote.status === 'quoted') {
    const to = quote.referral
      ? ({ status: 'referred' } as const)
      : ({ status: 'bound', parts: bindParts(quote.request, await heldParts(c.env.DB, quote.policyId), quote.effectiveDate) } as const)
    await decideQuote(c.env.DB, quote, to, 'quoted', key, Date.now())
  }
  // Decided now or before (the same key sent again, or a bind racing this one): its state as it stands.
  return c.json(stateOf((await findQuote(c.env.DB, quote.quoteId))!))
})

policyAdminStandIn.get('/changes/quotes/:id', api, async (c) => {
  const quote = await findQuote(c.env.DB, c.req.param('id'))
  return quote ? c.json(stateOf(quote)) : c.json({ error: 'no such quote' }, 404)
})

policyAdminStandIn.get('/changes', async (c) => c.json({ quotes: await allQuotes(c.env.DB) }, 200, { 'Cache-Control': 'no-store' }))

policyAdminStandIn.delete('/changes', async (c) => {
  await forgetAll(c.env.DB)
  return c.body(null, 204)
})

const decideSchema = z.object({ decision: z.enum(['bound', 'declined']), reason: z.string().max(500).default('') })

/** Where this stand-in is mounted, from a path under it: /__dev/policy-admin in the portal, /policy-admin in its own process. */
const mountOf = (path: string) => path.replace(/\/changes\/quotes\/[^/]+\/decide\/?$/, '')

policyAdminStandIn.post('/changes/quotes/:id/decide', async (c) => {
  const fromForm = (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
  const parsed = decideSchema.safeParse(fromForm ? await c.req.parseBody() : await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {decision: bound | declined, reason?}' }, 400)
  const quote = await findQuote(c.env.DB, c.req.param('id'))
  if (quote?.status !== 'referred') return c.json({ error: 'no referred change with this id' }, 404)
  const to =
    parsed.data.decision === 'bound'
      ? ({ status: 'bound', parts: bindParts(quote.request, await heldParts(c.env.DB, quote.policyId), quote.effectiveDate) } as const)
      : ({ status: 'declined', reason: parsed.data.reason || 'Declined on review.' } as const)
  await decideQuote(c.env.DB, quote, to, 'referred', null, Date.now())
  const state = stateOf((await findQuote(c.env.DB, quote.quoteId))!)
  return fromForm ? c.redirect(mountOf(c.req.path), 303) : c.json(state)
})

const failBody = z.union([
  z.object({ times: z.number().int().min(1).max(100).default(1), status: z.number().int().min(400).max(599) }),
  z.object({ times: z.number().int().min(1).max(100).default(1), timeout: z.literal(true) }),
])

policyAdminStandIn.post('/fail', async (c) => {
  const parsed = failBody.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {times, status} or {times, timeout: true}' }, 400)
  const state = { remaining: parsed.data.times, status: 'status' in parsed.data ? parsed.data.status : null, timeout: 'timeout' in parsed.data }
  await failures(c).set(state)
  return c.json(state)
})

policyAdminStandIn.delete('/fail', async (c) => {
  await failures(c).clear()
  return c.body(null, 204)
})

policyAdminStandIn.get('/', async (c) => policyAdminPage(c, c.req.path.replace(/\/+$/, ''), await allQuotes(c.env.DB)))
