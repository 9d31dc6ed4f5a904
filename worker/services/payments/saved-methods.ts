import type { Env } from '../../env'
import { ProcessorOutcomeUnknownError, type PaymentMethodDetails, type PaymentProcessor } from '../../integrations/payments'
import {
  findSavedMethod,
  insertSavedMethod,
  listSavedMethods,
  markBankValidatedStatement,
  removeSavedMethodStatements,
  renameSavedMethodStatement,
  setDefaultStatements,
  viewOf,
  type SavedMethodRow,
} from '../../db/payments/saved-methods'
import { nicknameOrDefault, nicknameProblem, SAVE_CONSENT_VERSION, type SavedMethodView } from '../../../shared/payments/saved-methods'
import { saveConsentTextIn, savedMethodTexts } from '../../../shared/payments/texts/saved-methods'
import { fill } from '../../../shared/i18n/catalog'
import { formatMinutesIn } from '../../../shared/i18n/format'
import type { Locale } from '../../../shared/i18n/locale'
import { reserveSlots, type CounterRule } from '../../db/counters'
import { log } from '../../lib/log'

/**
 * Saved payment methods (issue 22 item 1; docs/decisions/175). The card or account goes to the processor
 * once (storeMethod) and only its token and what may be shown are kept, per profile. A bank account is
 * validated by the processor before its first debit (NACHA's rule for web debits): when it is saved,
 * or at the latest before the first payment from it.
 */
export type MethodAnswer = { ok: true; method: SavedMethodView } | { ok: false; message: string; retryAfterSeconds?: number }

const SAVE_UNAVAILABLE = 'We could not save this payment method just now. Nothing was saved; please try again later.'
/**
 * What a method the processor or the bank would not take reads, whatever the reason (an account that does
 * not exist, a closed one, details refused at the processor): the same words, so saving does not tell
 * which accounts exist; the processor's reason goes to the log (issue 31 item 3, decision 203).
 */
const NOT_SAVED = {
  bank: 'Your bank could not confirm this account, so it was not saved. Please check the routing and account numbers, or use another account.',
  card: 'This card was not accepted, so it was not saved. Please check the card details, or use another card.',
} as const
export const METHOD_NOT_FOUND = 'This payment method was not found in your profile.'

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** Letters only: the card guard refuses any value holding a Luhn-valid digit run. */
function newMethodId(): string {
  return `pm_${Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => LETTERS[b % 26]).join('')}`
}

export interface SaveRequest {
  profileId: string
  sessionId: string
  method: PaymentMethodDetails
  nickname: string
  /** Saved while paying: the payment it was paid with (one save per payment, however often it is answered). */
  sourcePaymentId: string | null
  now: number
  /** The language the consent was shown in (issue 36): stored as read. English when not given. */
  locale?: Locale
}

/**
 * Saving sends a card's or account's numbers to the processor (and an account to its bank's check): a
 * card-testing and account-finding oracle. 10 an hour per profile, from every route that saves (the /v1
 * operation and 'Save this card/account' on Make a Payment), counted before the processor is called so a
 * burst meets the limit exactly (issue 31 item 3, decision 203). The key is the one the /v1 route's rule
 * counted on before (decision 175).
 */
export const SAVE_METHOD_RULE: CounterRule = { limit: 10, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }

/** What a profile paused by the save limit reads (a /v1 caller gets Retry-After beside it). */
function savesPausedMessage(seconds: number, locale: Locale): string {
  return fill(savedMethodTexts[locale].savesPaused, { minutes: formatMinutesIn(locale, Math.ceil(seconds / 60)) })
}

export async function saveMethod(env: Env, processor: PaymentProcessor, req: SaveRequest): Promise<MethodAnswer> {
  const slot = await reserveSlots(env.DB, [{ key: `rate:save-method:account:profile:${req.profileId}`, rule: SAVE_METHOD_RULE }], req.now)
  if (!slot.ok) {
    log('warn', 'rate limit', { route: 'save-method', profileId: req.profileId })
    return { ok: false, message: savesPausedMessage(slot.retryAfterSeconds, req.locale ?? 'en'), retryAfterSeconds: slot.retryAfterSeconds }
  }
  const stored = await storeAndKeep(env, processor, req)
  if (!('keptBefore' in stored)) return stored
  // A save answered again (a payment's, under the same reference) stored nothing new: its slot is given back.
  await slot.giveBack()
  const again = (await listSavedMethods(env.DB, req.profileId)).find((r) => r.token === stored.keptBefore)
  return again ? { ok: true, method: viewOf(again) } : { ok: false, message: SAVE_UNAVAILABLE }
}

/** Stored at the processor (a bank account validated first) and kept here; `keptBefore` names the token when it was kept already. */
async function storeAndKeep(env: Env, processor: PaymentProcessor, req: SaveRequest): Promise<MethodAnswer | { keptBefore: string }> {
  const reference = req.sourcePaymentId ? `save_${req.sourcePaymentId}` : `save_${newMethodId()}`
  let stored: Awaited<ReturnType<PaymentProcessor['storeMethod']>>
  try {
    stored = await processor.storeMethod({ reference, method: req.method })
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    log('warn', 'payment method not stored', { profileId: req.profileId, reason: err.reason })
    return { ok: false, message: SAVE_UNAVAILABLE }
  }
  if (stored.outcome === 'refused') return notSaved(req, 'refused at the processor', stored.message)
  const m = stored.method
  let validatedAt: number | null = null
  if (m.kind === 'bank') {
    const checked = await validate(processor, m.token)
    if (checked.outcome !== 'valid') {
      await forget(processor, m.token)
      if (checked.outcome === 'unknown') return { ok: false, message: SAVE_UNAVAILABLE }
      return notSaved(req, 'not confirmed by the bank', checked.message)
    }
    validatedAt = req.now
  }
  const row = {
    method_id: newMethodId(),
    profile_id: req.profileId,
    token: m.token,
    kind: m.kind,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.expMonth,
    exp_year: m.expYear,
    // A nickname the rules refuse (too long, a long number) falls back to the default: the save stands.
    nickname: nicknameOrDefault(nicknameProblem(req.nickname) ? '' : req.nickname, m),
    bank_validated_at: validatedAt,
    consent_text: saveConsentTextIn(req.locale ?? 'en', m.kind),
    consent_version: SAVE_CONSENT_VERSION,
    consent_session_id: req.sessionId,
    source_payment_id: req.sourcePaymentId,
    created_at: req.now,
  }
  if ((await insertSavedMethod(env.DB, row)) === 'exists') return { keptBefore: m.token }
  log('info', 'payment method saved', { profileId: req.profileId, methodId: row.method_id, kind: row.kind })
  const saved = await findSavedMethod(env.DB, req.profileId, row.method_id)
  return { ok: true, method: viewOf(saved!) }
}

/** The same words whatever the processor's reason; the reason, in the processor's words, is logged. */
function notSaved(req: SaveRequest, what: string, reason: string): MethodAnswer {
  log('info', 'payment method not saved', { profileId: req.profileId, kind: req.method.kind, outcome: what, reason })
  return { ok: false, message: NOT_SAVED[req.method.kind] }
}

type Validation = { outcome: 'valid' } | { outcome: 'invalid'; message: string } | { outcome: 'unknown' }

async function validate(processor: PaymentProcessor, token: string): Promise<Validation> {
  try {
    return await processor.validateBankAccount(token)
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    return { outcome: 'unknown' }
  }
}

async function forget(processor: PaymentProcessor, token: string): Promise<boolean> {
  try {
    await processor.removeMethod(token)
    return true
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    return false
  }
}

/** Before a debit by token from a bank account never validated: the processor's check, once. */
export async function validatedForDebit(env: Env, processor: PaymentProcessor, row: SavedMethodRow, now: number): Promise<'valid' | 'invalid' | 'unknown'> {
  if (row.kind !== 'bank' || row.bank_validated_at !== null) return 'valid'
  const checked = await validate(processor, row.token)
  if (checked.outcome === 'valid') await markBankValidatedStatement(env.DB, row.method_id, now).run()
  else if (checked.outcome === 'invalid') log('info', 'saved bank account not confirmed', { methodId: row.method_id, reason: checked.message })
  return checked.outcome
}

/** The profile's methods as they may be shown; `read` when the session's round trip brought them already. */
export async function savedMethodsOf(env: Env, profileId: string, read?: SavedMethodRow[]): Promise<SavedMethodView[]> {
  return (read ?? (await listSavedMethods(env.DB, profileId))).map(viewOf)
}

export async function renameMethod(env: Env, profileId: string, methodId: string, nickname: string): Promise<MethodAnswer> {
  const row = await findSavedMethod(env.DB, profileId, methodId)
  if (!row) return { ok: false, message: METHOD_NOT_FOUND }
  await renameSavedMethodStatement(env.DB, profileId, methodId, nicknameOrDefault(nickname, row)).run()
  return { ok: true, method: viewOf((await findSavedMethod(env.DB, profileId, methodId))!) }
}

export async function makeDefault(env: Env, profileId: string, methodId: string): Promise<MethodAnswer> {
  const row = await findSavedMethod(env.DB, profileId, methodId)
  if (!row) return { ok: false, message: METHOD_NOT_FOUND }
  await env.DB.batch(setDefaultStatements(env.DB, profileId, methodId))
  return { ok: true, method: viewOf((await findSavedMethod(env.DB, profileId, methodId))!) }
}

/**
 * Removes it at the processor, then here. `inUse` names what still pays with it (automatic payments):
 * those are stopped or changed first.
 */
export async function removeMethod(
  env: Env,
  processor: PaymentProcessor,
  profileId: string,
  methodId: string,
  inUse: (methodId: string) => Promise<string | null> = async () => null,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const row = await findSavedMethod(env.DB, profileId, methodId)
  if (!row) return { ok: false, message: METHOD_NOT_FOUND }
  const blocked = await inUse(methodId)
  if (blocked) return { ok: false, message: blocked }
  if (!(await forget(processor, row.token))) return { ok: false, message: 'We could not remove this payment method just now. Please try again later.' }
  await env.DB.batch(removeSavedMethodStatements(env.DB, profileId, methodId))
  log('info', 'payment method removed', { profileId, methodId })
  return { ok: true }
}
