import type { Env } from '../../env'
import { PAYOUT_TEXT, type PayoutChoice, type PayoutChoiceInput } from '../../../shared/claims/payout/payout-choice'
import { withoutSpaces } from '../../../shared/payments/bank'
import { formatMinutes } from '../../../shared/format'
import { ProcessorOutcomeUnknownError, type PaymentProcessor } from '../../integrations/payments'
import {
  claimsSystem,
  ClaimsSystemRefusedError,
  ClaimsSystemUnknownOutcomeError,
  type ClaimsSystemDeps,
  type PaymentInstruction,
} from '../../integrations/claims-system'
import { choosePayoutStatements, markPayoutSent, paymentEventsOfPolicy, payoutChoiceRow, shownChoice, type KeptChoice } from '../../db/claims/claim-payout'
import { EVENT_DATA } from '../../../shared/claims/events'
import { PAYMENT_METHOD_TEXTS } from '../../../shared/claims/status-words'
import type { Locale } from '../../../shared/i18n/locale'
import { PAYMENT_STATUS_TEXTS, paymentNews, paymentStates, type PaymentNews } from '../../../shared/claims/payout/payment-status'
import { claimOfPolicy } from '../../db/claims/claim-messages'
import { reserveSlots, type CounterRule } from '../../db/counters'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { stepUpRequired } from '../identity/step-up-rule'
import type { Session } from '../identity/session'
import { sha256Hex } from '../../lib/sha256'
import { log } from '../../lib/log'

/**
 * How a claim is paid (issue 33 item 1, decision 210), for the claim page's form and the /v1 operation.
 * In this order, each refusal changing nothing: the claim must be the policy's (404 otherwise, like a
 * missing one) and open (409); a money destination needs a recent sign-in (step-up, decision 202); a
 * bank account is counted against the profile's limit BEFORE the processor is called (decision 203),
 * then tokenized by the processor's payouts API; the portal keeps the token, the bank's name and the
 * last four. The choice and its delivery to the claims system are written in one batch, the delivery
 * under the choice's version, so the same choice sent twice (or at once) reaches the claims system once.
 */
export type PayoutOutcome =
  | { kind: 'saved'; choice: PayoutChoice }
  | { kind: 'not-found' }
  | { kind: 'closed' }
  | { kind: 'step-up' }
  | { kind: 'refused'; message: string }
  | { kind: 'paused'; message: string; retryAfterSeconds: number }
  | { kind: 'unavailable'; message: string }

/** Bank accounts sent to the processor for payouts: 5 an hour per person, counted before the call (an account-finding oracle otherwise). */
export const PAYOUT_ACCOUNT_RULE: CounterRule = { limit: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }

export interface PayoutRequest {
  policyId: string
  claimNumber: string
  /** Who chooses (claimDraftOwner): the limit's key and the row's chosen_by. */
  owner: string
  session: Pick<Session, 'verifiedAt'>
  input: PayoutChoiceInput
  now: number
}

/** The claim's choice as it may be shown, or null when none was made; undefined when the claim is not the policy's. */
export async function payoutChoiceOf(env: Env, policyId: string, claimNumber: string): Promise<PayoutChoice | null | undefined> {
  if (!(await claimOfPolicy(env.DB, policyId, claimNumber))) return undefined
  const row = await payoutChoiceRow(env.DB, claimNumber)
  return row ? shownChoice(row) : null
}

export async function choosePayout(env: Env, processor: PaymentProcessor, req: PayoutRequest): Promise<PayoutOutcome> {
  const claim = await claimOfPolicy(env.DB, req.policyId, req.claimNumber)
  if (!claim) return { kind: 'not-found' }
  if (claim.status === 'Closed') return { kind: 'closed' }
  if (stepUpRequired(req.session, Date.now())) return { kind: 'step-up' }
  const kept = req.input.method === 'deposit' ? await tokenized(env, processor, req, req.input) : req.input
  if ('kind' in kept) return kept
  await env.DB.batch(choosePayoutStatements(env.DB, req.claimNumber, kept, req.owner, req.now))
  const row = await payoutChoiceRow(env.DB, req.claimNumber)
  log('info', 'claim payout chosen', { claimNumber: req.claimNumber, method: kept.method, version: row?.version ?? null })
  return { kind: 'saved', choice: row ? shownChoice(row) : kept }
}

/** The account tokenized at the processor, counted first; the account number goes no further than this call. */
async function tokenized(
  env: Env,
  processor: PaymentProcessor,
  req: PayoutRequest,
  input: Extract<PayoutChoiceInput, { method: 'deposit' }>,
): Promise<KeptChoice | PayoutOutcome> {
  const slot = await reserveSlots(env.DB, [{ key: `rate:claim-payout:${req.owner}`, rule: PAYOUT_ACCOUNT_RULE }], req.now)
  if (!slot.ok) {
    log('warn', 'rate limit', { route: 'claim-payout', claimNumber: req.claimNumber })
    return { kind: 'paused', message: PAYOUT_TEXT.paused(formatMinutes(Math.ceil(slot.retryAfterSeconds / 60))), retryAfterSeconds: slot.retryAfterSeconds }
  }
  const routing = withoutSpaces(input.routingNumber)
  const account = withoutSpaces(input.accountNumber)
  // The same account for the same claim is the same reference: the processor answers the same token.
  const reference = `payout_${(await sha256Hex(`${req.claimNumber}|${routing}|${account}`)).slice(0, 40)}`
  try {
    const stored = await processor.storePayoutAccount({ reference, routing, account, name: input.accountHolder })
    if (stored.outcome === 'refused') {
      log('info', 'payout account not tokenized', { claimNumber: req.claimNumber, reason: stored.message })
      return { kind: 'refused', message: PAYOUT_TEXT.notTokenized }
    }
    return { method: 'deposit', bankName: stored.bankName, last4: stored.last4, payoutToken: stored.token }
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    log('warn', 'payout account not tokenized', { claimNumber: req.claimNumber, reason: err.reason })
    return { kind: 'unavailable', message: PAYOUT_TEXT.unavailable }
  }
}

interface PayoutPayload {
  claimNumber: string
  version: number
}

/**
 * The 'claim-payout' channel: the choice's version as a payment instruction in the claims system (the
 * version is the transaction id: a retried delivery is one instruction). A message for a version that
 * was replaced meanwhile sends nothing: the newer version's own message carries the choice in force.
 */
export function claimPayoutHandler(deps: ClaimsSystemDeps = {}): OutboxHandler {
  return handler<PayoutPayload>(async (env, p) => {
    const row = typeof p?.claimNumber === 'string' ? await payoutChoiceRow(env.DB, p.claimNumber) : null
    if (!row) throw new PermanentDeliveryError('no such payout choice')
    if (row.version !== p.version || (row.sent_version ?? 0) >= row.version) return
    if (row.claim_sent_at === null) throw new Error('the claim is not filed with the claims system yet')
    const instruction = instructionOf(row)
    if (!instruction) throw new PermanentDeliveryError('a deposit without its payout token')
    try {
      await claimsSystem(env, deps).setPaymentInstruction(row.claim_number, row.version, instruction)
    } catch (err) {
      if (err instanceof ClaimsSystemRefusedError) {
        log('error', 'claims system refused a payment instruction', { claimNumber: row.claim_number, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof ClaimsSystemUnknownOutcomeError) throw new Error(`claims system outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    await markPayoutSent(env.DB, row.claim_number, row.version)
    log('info', 'payment instruction delivered to the claims system', { claimNumber: row.claim_number, version: row.version, method: row.method })
  })
}

function instructionOf(row: NonNullable<Awaited<ReturnType<typeof payoutChoiceRow>>>): PaymentInstruction | null {
  if (row.method === 'deposit') {
    return row.payout_token ? { method: 'direct-deposit', payoutToken: row.payout_token, bankName: row.bank_name ?? '', last4: row.last4 ?? '' } : null
  }
  const c = shownChoice(row)
  if (c.method !== 'check') return null
  return { method: 'check', payee: c.payee, address: { address1: c.address1, address2: c.address2, city: c.city, state: c.state, zipCode: c.zipCode } }
}

/**
 * Claims History's payment line per claim (decision 210): the latest payment's method and where it
 * stands ('Direct deposit: Deposited in your account'); a claim without payments has none.
 */
export async function latestPaymentWords(env: Env, policyId: string, locale: Locale = 'en'): Promise<Map<string, string>> {
  const byClaim = new Map<string, PaymentNews[]>()
  for (const e of await paymentEventsOfPolicy(env.DB, policyId)) {
    const type = e.type as 'payment.issued' | 'payment.status'
    const data = EVENT_DATA[type].safeParse(JSON.parse(e.payload))
    if (!data.success) continue
    const news = paymentNews({ id: e.event_id, type, date: '', data: data.data as Record<string, unknown> })
    byClaim.set(e.claim_number, [...(byClaim.get(e.claim_number) ?? []), ...news])
  }
  const out = new Map<string, string>()
  for (const [claim, news] of byClaim) {
    const last = paymentStates(news).at(-1)
    if (last) out.set(claim, `${PAYMENT_METHOD_TEXTS[locale][last.method]}: ${PAYMENT_STATUS_TEXTS[locale][last.status]}`)
  }
  return out
}
