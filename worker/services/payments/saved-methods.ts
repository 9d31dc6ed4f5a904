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
import { nicknameOrDefault, nicknameProblem, SAVE_CONSENT_VERSION, saveConsentText, type SavedMethodView } from '../../../shared/payments/saved-methods'
import { log } from '../../lib/log'

/**
 * Saved payment methods (issue 22 item 1; docs/decisions/175). The card or account goes to the processor
 * once (storeMethod) and only its token and what may be shown are kept, per profile. A bank account is
 * validated by the processor before its first debit (NACHA's rule for web debits): when it is saved,
 * or at the latest before the first payment from it.
 */
export type MethodAnswer = { ok: true; method: SavedMethodView } | { ok: false; message: string }

const SAVE_UNAVAILABLE = 'We could not save this payment method just now. Nothing was saved; please try again later.'
const BANK_NOT_VERIFIED = 'Your bank could not confirm this account, so it was not saved. Please check the routing and account numbers.'
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
}

export async function saveMethod(env: Env, processor: PaymentProcessor, req: SaveRequest): Promise<MethodAnswer> {
  const reference = req.sourcePaymentId ? `save_${req.sourcePaymentId}` : `save_${newMethodId()}`
  let stored: Awaited<ReturnType<PaymentProcessor['storeMethod']>>
  try {
    stored = await processor.storeMethod({ reference, method: req.method })
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    log('warn', 'payment method not stored', { profileId: req.profileId, reason: err.reason })
    return { ok: false, message: SAVE_UNAVAILABLE }
  }
  if (stored.outcome === 'refused') return { ok: false, message: stored.message }
  const m = stored.method
  let validatedAt: number | null = null
  if (m.kind === 'bank') {
    const checked = await validate(processor, m.token)
    if (checked !== 'valid') {
      await forget(processor, m.token)
      return { ok: false, message: checked === 'invalid' ? BANK_NOT_VERIFIED : SAVE_UNAVAILABLE }
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
    consent_text: saveConsentText(m.kind),
    consent_version: SAVE_CONSENT_VERSION,
    consent_session_id: req.sessionId,
    source_payment_id: req.sourcePaymentId,
    created_at: req.now,
  }
  if ((await insertSavedMethod(env.DB, row)) === 'exists') {
    const again = (await listSavedMethods(env.DB, req.profileId)).find((r) => r.token === m.token)
    return again ? { ok: true, method: viewOf(again) } : { ok: false, message: SAVE_UNAVAILABLE }
  }
  log('info', 'payment method saved', { profileId: req.profileId, methodId: row.method_id, kind: row.kind })
  const saved = await findSavedMethod(env.DB, req.profileId, row.method_id)
  return { ok: true, method: viewOf(saved!) }
}

async function validate(processor: PaymentProcessor, token: string): Promise<'valid' | 'invalid' | 'unknown'> {
  try {
    return (await processor.validateBankAccount(token)).outcome
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    return 'unknown'
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
  if (checked === 'valid') await markBankValidatedStatement(env.DB, row.method_id, now).run()
  return checked
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
