import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { cardExpired, sandboxBrand, sandboxDecision, sandboxMessage, type SandboxBehaviour, type SandboxMethod } from './payments-sandbox-rules'
import { methodDetailsSchema, mountMethods, readStoredMethod } from './payments-methods'
import { sha256Hex } from '../lib/sha256'
import { mountPayouts } from './payments-payouts'

/**
 * Stand-in: the payment processor, dev only (/__dev is a 404 in production, and production refuses a
 * PAYMENT_API_URL that points here). The same API the HTTP adapter speaks:
 *   POST /charges          Idempotency-Key: {reference}, JSON {reference, amountCents, currency, policyId, method}
 *                          -> 200 approved, 402 declined / insufficient_funds / error, 504 for the timeout numbers
 *   GET  /charges/{ref}    -> the stored answer, or 404 when the sandbox never charged that reference
 * both with `Authorization: Bearer {PAYMENT_API_KEY}` (401 otherwise). Idempotent by reference: the same
 * reference answers what it answered first and never charges twice; the same reference with other
 * details is a 422. Test numbers: worker/dev/payments-sandbox-rules.ts and the README.
 *   GET    /charges        what was charged (JSON, newest first), for a developer's eyes
 *   DELETE /charges        forgets them (tests)
 * It keeps brand, last four, amount, policy, reference and outcome only: never the card number, CVV or
 * bank account number. A charge by token (`method: {kind: 'token', token}`) answers as the stored
 * method's number would (./payments-methods.ts); a bank account not validated yet is refused.
 */
export const paymentsStandIn = new Hono<AppEnv>()

const CHARGE_PREFIX = 'dev:payments:charge:'
const REFERENCE = /^[A-Za-z0-9_-]{8,100}$/

const chargeSchema = z.object({
  reference: z.string().regex(REFERENCE),
  amountCents: z.number().int().positive().max(100_000_000),
  currency: z.literal('USD'),
  policyId: z.string().min(1).max(40),
  method: z.union([methodDetailsSchema, z.object({ kind: z.literal('token'), token: z.string().regex(/^[A-Za-z_]{8,100}$/) })]),
})

/** What the sandbox keeps per reference: no card number, CVV or account number. */
interface SandboxCharge {
  reference: string
  outcome: 'approved' | 'declined' | 'insufficient_funds' | 'error'
  processorRef: string | null
  message: string
  /** The HTTP status the charge answered with (a repeat answers the same). */
  status: 200 | 402
  brand: string
  last4: string
  amountCents: number
  policyId: string
  /** Identifies the payment without card data: a repeat with another amount, card or account is refused. */
  fingerprint: string
  createdAt: string
}

function authorized(c: Context<AppEnv>): boolean {
  const token = /^Bearer\s*(.*)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null
  return token !== null && token === (c.env.PAYMENT_API_KEY ?? '')
}

/** Deterministic per reference, so racing duplicates write the same charge. */
async function processorRefOf(reference: string): Promise<string> {
  return `sbx_${(await sha256Hex(`sandbox-charge:${reference}`)).slice(0, 24)}`
}

function answer(c: Context<AppEnv>, charge: SandboxCharge): Response {
  return c.json({ reference: charge.reference, outcome: charge.outcome, processorRef: charge.processorRef, message: charge.message }, charge.status)
}

function timeoutAnswer(c: Context<AppEnv>): Response {
  return c.json({ error: 'upstream timeout' }, 504)
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

paymentsStandIn.post('/charges', async (c) => {
  if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
  const parsed = chargeSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'invalid charge request' }, 400)
  const req = parsed.data
  if (c.req.header('Idempotency-Key') !== req.reference) return c.json({ error: 'Idempotency-Key must be the reference' }, 400)

  const now = new Date()
  const decided = await decide(c, req.method, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 })
  const { brand, last4, decision } = decided
  const fingerprint = `${req.amountCents}|${req.policyId}|${req.method.kind}|${brand}|${last4}`

  const key = CHARGE_PREFIX + req.reference
  const stored = await c.env.CACHE.get<SandboxCharge>(key, 'json')
  if (stored) {
    if (stored.fingerprint !== fingerprint) return c.json({ error: 'reference already used for another payment' }, 422)
    return answer(c, stored)
  }

  if (decision.behaviour === 'timeout-before-charge') return timeoutAnswer(c)
  const outcome = settled(decision.behaviour)
  const charge: SandboxCharge = {
    reference: req.reference,
    outcome,
    processorRef: outcome === 'error' ? null : await processorRefOf(req.reference),
    message: decision.message,
    status: outcome === 'approved' ? 200 : 402,
    brand,
    last4,
    amountCents: req.amountCents,
    policyId: req.policyId,
    fingerprint,
    createdAt: now.toISOString(),
  }
  await c.env.CACHE.put(key, JSON.stringify(charge))
  if (decision.behaviour === 'charged-then-timeout') return timeoutAnswer(c)
  return answer(c, charge)
})

/** The decision for typed details, or for a stored method by its token (never a number kept for it). */
async function decide(
  c: Context<AppEnv>,
  m: z.infer<typeof chargeSchema>['method'],
  now: { year: number; month: number },
): Promise<{ brand: string; last4: string; decision: { behaviour: SandboxBehaviour; message: string } }> {
  if (m.kind === 'token') {
    const stored = await readStoredMethod(c, m.token)
    if (!stored) return { brand: 'unknown', last4: '0000', decision: { behaviour: 'error', message: 'The payment method is not known.' } }
    const refused = (message: string) => ({ brand: stored.brand, last4: stored.last4, decision: { behaviour: 'error' as const, message } })
    if (stored.kind === 'bank' && !stored.validated) return refused('The bank account has not been validated for web debits.')
    if (stored.kind === 'card' && cardExpired({ expMonth: stored.expMonth ?? 0, expYear: stored.expYear ?? 0 }, now)) {
      return { brand: stored.brand, last4: stored.last4, decision: { behaviour: 'declined', message: 'The card has expired.' } }
    }
    return { brand: stored.brand, last4: stored.last4, decision: { behaviour: stored.behaviour, message: sandboxMessage(stored.behaviour) } }
  }
  const method: SandboxMethod =
    m.kind === 'card'
      ? { kind: 'card', number: m.number, expMonth: m.expMonth, expYear: m.expYear, cvv: m.cvv }
      : { kind: 'bank', routing: m.routing, account: m.account }
  return { brand: sandboxBrand(method), last4: (m.kind === 'card' ? m.number : m.account).slice(-4), decision: sandboxDecision(method, now) }
}

function settled(behaviour: Exclude<SandboxBehaviour, 'timeout-before-charge'>): SandboxCharge['outcome'] {
  return behaviour === 'charged-then-timeout' ? 'approved' : behaviour
}

paymentsStandIn.get('/charges/:reference', async (c) => {
  if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
  const reference = c.req.param('reference')
  if (!REFERENCE.test(reference)) return c.json({ error: 'not found' }, 404)
  const stored = await c.env.CACHE.get<SandboxCharge>(CHARGE_PREFIX + reference, 'json')
  if (!stored) return c.json({ error: 'not found' }, 404)
  return c.json({ reference: stored.reference, outcome: stored.outcome, processorRef: stored.processorRef, message: stored.message })
})

mountMethods(paymentsStandIn, authorized)
mountPayouts(paymentsStandIn, authorized)

async function allCharges(c: Context<AppEnv>): Promise<SandboxCharge[]> {
  const out: SandboxCharge[] = []
  let cursor: string | undefined
  do {
    const page = await c.env.CACHE.list({ prefix: CHARGE_PREFIX, ...(cursor ? { cursor } : {}) })
    for (const k of page.keys) {
      const charge = await c.env.CACHE.get<SandboxCharge>(k.name, 'json')
      if (charge) out.push(charge)
    }
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

paymentsStandIn.get('/charges', async (c) => {
  const charges = await allCharges(c)
  return c.json({ charges: charges.map(({ fingerprint: _f, status: _s, ...shown }) => shown) })
})

paymentsStandIn.delete('/charges', async (c) => {
  for (const charge of await allCharges(c)) await c.env.CACHE.delete(CHARGE_PREFIX + charge.reference)
  return c.body(null, 204)
})
