import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { sha256Hex } from '../lib/sha256'
import { SANDBOX_UNVERIFIABLE_ACCOUNT, sandboxBankName, sandboxDetailsProblem } from './payments-sandbox-rules'

/**
 * The sandbox's payouts API (issue 33 item 1, decision 210), beside its charges and methods:
 *   POST /payouts/accounts   Idempotency-Key: {reference}, JSON {reference, routing, account, name}
 *                            -> 200 {reference, token, bankName, last4}, 402 {message} (refused)
 *   GET  /payouts/accounts   what it holds (JSON), for a developer's eyes and the tests
 * The token is what the processor pays into later; the sandbox keeps the token, the bank's name, the
 * last four and the reference, never the account number (KV holds none, and nothing here logs it).
 */
const PAYOUT_PREFIX = 'dev:payments:payout:'
const REFERENCE = /^[A-Za-z0-9_-]{8,100}$/

const payoutSchema = z.object({
  reference: z.string().regex(REFERENCE),
  routing: z.string().regex(/^\d{1,20}$/),
  account: z.string().regex(/^\d{1,30}$/),
  name: z.string().min(1).max(200),
})

interface SandboxPayoutAccount {
  reference: string
  token: string
  bankName: string
  last4: string
  createdAt: string
}

/** Letters only (the portal's card guard refuses Luhn-valid digit runs), the same for the same reference. */
async function payoutTokenOf(reference: string): Promise<string> {
  const hex = await sha256Hex(`sandbox-payout:${reference}`)
  return `pyt_${Array.from(hex.slice(0, 28), (ch) => String.fromCharCode(97 + (Number.parseInt(ch, 16) % 26))).join('')}`
}

const shown = (a: SandboxPayoutAccount) => ({ reference: a.reference, token: a.token, bankName: a.bankName, last4: a.last4 })

export function mountPayouts(app: Hono<AppEnv>, authorized: (c: Context<AppEnv>) => boolean): void {
  app.post('/payouts/accounts', async (c) => {
    if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
    const parsed = payoutSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return c.json({ error: 'invalid account', message: 'The details are not complete.' }, 400)
    const { reference, routing, account } = parsed.data
    if (c.req.header('Idempotency-Key') !== reference) return c.json({ error: 'Idempotency-Key must be the reference' }, 400)
    const token = await payoutTokenOf(reference)
    const before = await c.env.CACHE.get<SandboxPayoutAccount>(PAYOUT_PREFIX + token, 'json')
    if (before) return c.json(shown(before))
    const now = new Date()
    const problem = sandboxDetailsProblem({ kind: 'bank', routing, account }, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 })
    if (problem) return c.json({ error: 'refused', message: problem }, 402)
    if (account === SANDBOX_UNVERIFIABLE_ACCOUNT) return c.json({ error: 'refused', message: 'The bank could not confirm this account.' }, 402)
    const saved: SandboxPayoutAccount = { reference, token, bankName: sandboxBankName(routing), last4: account.slice(-4), createdAt: now.toISOString() }
    await c.env.CACHE.put(PAYOUT_PREFIX + token, JSON.stringify(saved))
    return c.json(shown(saved))
  })

  app.get('/payouts/accounts', async (c) => {
    const page = await c.env.CACHE.list({ prefix: PAYOUT_PREFIX })
    const accounts = await Promise.all(page.keys.map((k) => c.env.CACHE.get<SandboxPayoutAccount>(k.name, 'json')))
    return c.json({ accounts: accounts.filter((a): a is SandboxPayoutAccount => a !== null).map(shown) })
  })
}
