import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { sha256Hex } from '../lib/sha256'
import {
  SANDBOX_UNVERIFIABLE_ACCOUNT,
  sandboxBankName,
  sandboxBehaviour,
  sandboxBrand,
  sandboxDetailsProblem,
  type SandboxBehaviour,
  type SandboxMethod,
} from './payments-sandbox-rules'

/**
 * The sandbox's tokenization (issue 22 item 1), beside its charges (./payments.ts):
 *   POST   /methods                   Idempotency-Key: {reference}, JSON {reference, method}
 *                                     -> 200 {reference, token, kind, brand, last4, expMonth, expYear}, 402 {message}
 *   POST   /methods/{token}/validation -> 200 {outcome: valid | invalid, message}
 *   DELETE /methods/{token}           -> 204
 * A stored method keeps what the sandbox needs to answer a charge by token as it would answer the
 * number itself (the test number's behaviour, the expiry), never the number: KV holds no card or
 * account number, as the portal's own storage does not.
 */
const METHOD_PREFIX = 'dev:payments:method:'
const REFERENCE = /^[A-Za-z0-9_-]{8,100}$/

export interface SandboxStoredMethod {
  token: string
  reference: string
  kind: 'card' | 'bank'
  brand: string
  last4: string
  expMonth: number | null
  expYear: number | null
  behaviour: SandboxBehaviour
  verifiable: boolean
  validated: boolean
}

export const methodDetailsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    number: z.string().regex(/^\d{12,19}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2200),
    cvv: z.string().regex(/^\d{3,4}$/),
    name: z.string().min(1).max(200),
    zip: z.string().max(20),
  }),
  z.object({
    kind: z.literal('bank'),
    routing: z.string().regex(/^\d{1,20}$/),
    account: z.string().regex(/^\d{1,30}$/),
    checkNumber: z.string().max(20).nullish(),
    name: z.string().min(1).max(200),
    secCode: z.literal('WEB'),
  }),
])

const storeSchema = z.object({ reference: z.string().regex(REFERENCE), method: methodDetailsSchema })

/** Letters only (the portal's card guard refuses digit runs that pass Luhn), the same for the same reference. */
async function tokenOf(reference: string): Promise<string> {
  const hex = await sha256Hex(`sandbox-method:${reference}`)
  return `tok_${Array.from(hex.slice(0, 28), (ch) => String.fromCharCode(97 + (Number.parseInt(ch, 16) % 26))).join('')}`
}

export function readStoredMethod(c: Context<AppEnv>, token: string): Promise<SandboxStoredMethod | null> {
  return c.env.CACHE.get<SandboxStoredMethod>(METHOD_PREFIX + token, 'json')
}

function shown(m: SandboxStoredMethod) {
  return { reference: m.reference, token: m.token, kind: m.kind, brand: m.brand, last4: m.last4, expMonth: m.expMonth, expYear: m.expYear }
}

export function mountMethods(app: Hono<AppEnv>, authorized: (c: Context<AppEnv>) => boolean): void {
  app.post('/methods', async (c) => {
    if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
    const parsed = storeSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return c.json({ error: 'invalid method', message: 'The details are not complete.' }, 400)
    const { reference, method: m } = parsed.data
    if (c.req.header('Idempotency-Key') !== reference) return c.json({ error: 'Idempotency-Key must be the reference' }, 400)
    const token = await tokenOf(reference)
    const stored = await readStoredMethod(c, token)
    if (stored) return c.json(shown(stored))

    const now = new Date()
    const method: SandboxMethod =
      m.kind === 'card'
        ? { kind: 'card', number: m.number, expMonth: m.expMonth, expYear: m.expYear, cvv: m.cvv }
        : { kind: 'bank', routing: m.routing, account: m.account }
    const problem = sandboxDetailsProblem(method, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 })
    if (problem) return c.json({ error: 'refused', message: problem }, 402)
    const number = m.kind === 'card' ? m.number : m.account
    const saved: SandboxStoredMethod = {
      token,
      reference,
      kind: m.kind,
      brand: m.kind === 'card' ? sandboxBrand(method) : sandboxBankName(m.routing),
      last4: number.slice(-4),
      expMonth: m.kind === 'card' ? m.expMonth : null,
      expYear: m.kind === 'card' ? m.expYear : null,
      behaviour: sandboxBehaviour(m.kind, number),
      verifiable: !(m.kind === 'bank' && m.account === SANDBOX_UNVERIFIABLE_ACCOUNT),
      validated: m.kind === 'card',
    }
    await c.env.CACHE.put(METHOD_PREFIX + token, JSON.stringify(saved))
    return c.json(shown(saved))
  })

  app.post('/methods/:token/validation', async (c) => {
    if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
    const stored = await readStoredMethod(c, c.req.param('token'))
    if (!stored) return c.json({ outcome: 'invalid', message: 'The payment method is not known.' })
    if (!stored.verifiable) return c.json({ outcome: 'invalid', message: 'The bank could not confirm this account.' })
    if (!stored.validated) await c.env.CACHE.put(METHOD_PREFIX + stored.token, JSON.stringify({ ...stored, validated: true }))
    return c.json({ outcome: 'valid', message: null })
  })

  app.delete('/methods/:token', async (c) => {
    if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
    await c.env.CACHE.delete(METHOD_PREFIX + c.req.param('token'))
    return c.body(null, 204)
  })
}
