import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatPhone } from '../../../shared/format'
import { formatDateIn } from '../../../shared/i18n/format'
import type { Locale } from '../../../shared/i18n/locale'
import { localDate } from '../../../shared/clock'
import { isPlainMailbox } from '../../../shared/forms/plain-mailbox'
import { mortgageeCap } from '../../../shared/policy/mortgagees'
import { CHANGES_TEXTS, changeKindName, changesClosedReason, premiumWords } from '../../../shared/policy/changes/kinds'
import { describeMortgageeChange, mortgageeChangeOf, mortgageeChangeProblem, type MortgageeChangeForm } from '../../../shared/policy/changes/mortgagee'
import {
  contactOf,
  describeMailingAddressChange,
  mailingAddressChangeOf,
  mailingAddressChangeProblem,
  type MailingAddressChangeForm,
} from '../../../shared/policy/changes/mailing-address'
import { deductibleChangeOf, deductibleChangeProblem, describeDeductibleChange, type DeductibleChangeForm } from '../../../shared/policy/changes/deductible'
import { dwellingLimit } from '../../../shared/policy/coverages'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import {
  PolicyAdminRefusedError,
  PolicyAdminUnavailableError,
  type ChangeRequest,
  type ChangeState,
  type PolicyAdmin,
  type PolicyParts,
} from '../../integrations/policy-admin'
import { policyOwner, profileLanguage } from '../../db/identity/profiles'
import { policyChangeMailIn } from './change-mails'
import { changeLines } from './change-words'
import {
  addChangePacketStatement,
  boundChangesOn,
  changeOfPolicy,
  decideStatement,
  giveBack,
  insertChange,
  takeForBinding,
  type PolicyChangeRow,
} from '../../db/policy-changes/policy-changes'
import { packetKey } from '../../db/policy/document-keys'
import { reserveSlots, type CounterRule } from '../../db/counters'
import { enqueue } from '../outbox/outbox-queue'
import { kickDrain, type Background } from '../outbox/outbox'
import { proofMailStatements } from '../policy/send-proof'
import { stepUpRequired } from '../identity/step-up-rule'
import type { Session } from '../identity/session'
import { renderChangePacket } from './change-packet'
import { boundPolicy, needsStepUp, partsOfKind, policyOfRecordStatements } from './change-kinds'
import { log } from '../../lib/log'

/**
 * Changes a policyholder makes to the policy (issue 34, decision 214), in two steps the pages take:
 * quote (checked by the form's schema and the policy's own rules, counted against the person's limit
 * BEFORE the carrier is called, priced by the policy administration system, kept as 'quoted') and bind
 * (the person confirmed the review: step-up first when needsStepUp says it moves money or sends documents to a new party, then sent
 * once under the change's id as Idempotency-Key; one request at a time holds the change). A bound
 * change writes the policy of record from the carrier's answer, its packet, its confirmation mail and,
 * for a new lender, the proof of insurance through the lender mail, in one D1 batch.
 */

/** Changes priced per person: 10 an hour, counted before the call (decision 203). */
export const CHANGE_QUOTE_RULE: CounterRule = { limit: 10, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }

export type QuoteOutcome =
  | { kind: 'quoted'; changeId: string }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'closed' | 'refused' | 'unavailable'; message: string }
  | { kind: 'paused'; message: string; retryAfterSeconds: number }

export interface QuoteInput<F> {
  policy: Policy
  /** Who asks (claimDraftOwner): the limit's key and the row's requested_by. */
  owner: string
  form: F
  now: number
  /** The page's language: the words of a refusal or a problem (the stored change keeps facts, decision 235). */
  locale?: Locale
}

/** A change checked by its form, ready to be priced: what is sent and its words. */
interface ChangeToPrice {
  request: ChangeRequest
  /** What changes, in words (the review's, the mail's, the history's and the packet's lines). */
  summary: string[]
  effectiveDate: string
  /** Who else gets a document once it is bound (a new lender's proof of insurance). */
  notifyEmail: string | null
}

/** A kind's change made ready to price, and why it cannot be made (null: it can). */
export interface PreparedChange extends ChangeToPrice {
  problem: { field: string; message: string } | null
}

export function quoteMortgageeChange(env: Env, admin: PolicyAdmin, q: QuoteInput<MortgageeChangeForm>): Promise<QuoteOutcome> {
  const change = mortgageeChangeOf(q.form)
  return quoteChange(env, admin, q, () => ({
    request: { kind: 'mortgagee', change },
    summary: describeMortgageeChange(q.policy.mortgagees, change),
    effectiveDate: q.form.effectiveDate,
    notifyEmail: q.form.action === 'remove' ? null : q.form.lenderEmail,
    problem: mortgageeChangeProblem(q.policy.mortgagees, change, mortgageeCap(q.policy), q.locale),
  }))
}

export function quoteMailingAddressChange(env: Env, admin: PolicyAdmin, q: QuoteInput<MailingAddressChangeForm>): Promise<QuoteOutcome> {
  const change = mailingAddressChangeOf(q.form)
  const now = contactOf(q.policy)
  return quoteChange(env, admin, q, () => ({
    request: { kind: 'mailing-address', change },
    summary: describeMailingAddressChange(now, change),
    effectiveDate: q.form.effectiveDate,
    notifyEmail: null,
    problem: mailingAddressChangeProblem(now, change, q.locale),
  }))
}

export function quoteDeductibleChange(env: Env, admin: PolicyAdmin, q: QuoteInput<DeductibleChangeForm>): Promise<QuoteOutcome> {
  const deductibles = q.policy.coverages?.deductibles ?? []
  const change = deductibleChangeOf(q.form, deductibles)
  return quoteChange(env, admin, q, () => ({
    request: { kind: 'deductible', change },
    summary: describeDeductibleChange(deductibles, q.policy.coverages ? dwellingLimit(q.policy.coverages) : 0, change, q.form.effectiveDate),
    effectiveDate: q.form.effectiveDate,
    notifyEmail: null,
    problem: deductibleChangeProblem(deductibles, change, q.locale),
  }))
}

/** Every kind's quote: not on a policy closed to online changes, not while the kind's own rules refuse it, then priced. */
export async function quoteChange(env: Env, admin: PolicyAdmin, q: QuoteInput<unknown>, prepare: () => PreparedChange): Promise<QuoteOutcome> {
  const closed = closedOutcome(env, q.policy, q.locale)
  if (closed) return closed
  const { problem, ...change } = prepare()
  if (problem) return { kind: 'invalid', errors: { [problem.field]: problem.message } }
  return priceChange(env, admin, q, change)
}

/** Why a policy cannot be changed online (cancelled, flood: changesClosedReason) and whom to call; null when it can. */
export function changesClosedMessage(env: Pick<Env, 'SUPPORT_PHONE'>, policy: Policy, locale: Locale = 'en'): string | null {
  const closed = changesClosedReason(policy, locale)
  return closed ? `${closed} ${CHANGES_TEXTS[locale].callUs(formatPhone(env.SUPPORT_PHONE))}` : null
}

function closedOutcome(env: Env, policy: Policy, locale: Locale = 'en'): QuoteOutcome | null {
  const message = changesClosedMessage(env, policy, locale)
  return message ? { kind: 'closed', message } : null
}

/**
 * Counts the quote against the person's limit BEFORE the call, prices it on the policy's parts of its
 * kind (kept as as_of: it binds only while the policy still has them), and keeps it as 'quoted'.
 */
async function priceChange(
  env: Env,
  admin: PolicyAdmin,
  q: { policy: Policy; owner: string; now: number; locale?: Locale | undefined },
  c: ChangeToPrice,
): Promise<QuoteOutcome> {
  const { policy } = q
  const t = CHANGES_TEXTS[q.locale ?? 'en']
  const phone = formatPhone(env.SUPPORT_PHONE)
  const slot = await reserveSlots(env.DB, [{ key: `rate:policy-change:${q.owner}`, rule: CHANGE_QUOTE_RULE }], q.now)
  if (!slot.ok) {
    log('warn', 'rate limit', { route: 'policy-change', policyId: policy.policyID })
    return { kind: 'paused', message: t.paused(t.minutes(Math.ceil(slot.retryAfterSeconds / 60))), retryAfterSeconds: slot.retryAfterSeconds }
  }
  const changeId = `pc_${crypto.randomUUID()}`
  const asOf: PolicyParts = partsOfKind(policy, c.request.kind)
  try {
    const quote = await admin.quote({ policyId: policy.policyID, reference: changeId, effectiveDate: c.effectiveDate, request: c.request, asOf })
    await insertChange(env.DB, {
      change_id: changeId,
      policy_id: policy.policyID,
      requested_by: q.owner,
      kind: c.request.kind,
      request: JSON.stringify(c.request),
      summary: JSON.stringify(c.summary),
      as_of: JSON.stringify(asOf),
      effective_date: c.effectiveDate,
      notify_email: c.notifyEmail,
      quote_id: quote.quoteId,
      premium_change_cents: quote.premiumChangeCents,
      referral: quote.referral,
      created_at: q.now,
    })
    return { kind: 'quoted', changeId }
  } catch (err) {
    if (err instanceof PolicyAdminRefusedError) {
      log('info', 'policy change refused by the carrier', { policyId: policy.policyID, status: err.status, detail: err.detail })
      return { kind: 'refused', message: t.refused(phone) }
    }
    if (err instanceof PolicyAdminUnavailableError) {
      log('warn', 'policy change not quoted', { policyId: policy.policyID, reason: err.reason })
      return { kind: 'unavailable', message: t.quoteFailed }
    }
    throw err
  }
}

export type BindOutcome =
  | { kind: 'bound' | 'referred' | 'declined'; changeId: string }
  | { kind: 'not-found' | 'step-up' | 'busy' | 'stale' }
  | { kind: 'refused' | 'unavailable'; message: string }

export interface BindInput {
  policy: Policy
  changeId: string
  session: Pick<Session, 'verifiedAt'>
  now: number
  background: Background | null
  /** The page's language, for a refusal's words. */
  locale?: Locale
}

export async function bindChange(env: Env, admin: PolicyAdmin, b: BindInput): Promise<BindOutcome> {
  const row = await changeOfPolicy(env.DB, b.policy.policyID, b.changeId)
  if (!row) return { kind: 'not-found' }
  if (row.status === 'bound' || row.status === 'referred' || row.status === 'declined') return { kind: row.status, changeId: row.change_id }
  // Priced on parts the policy no longer has (another change was bound since): its words would be wrong.
  if (JSON.stringify(partsOfKind(b.policy, row.kind)) !== row.as_of) return { kind: 'stale' }
  const request = JSON.parse(row.request) as ChangeRequest
  if (needsStepUp(request) && stepUpRequired(b.session, Date.now())) return { kind: 'step-up' }
  const taken = await takeForBinding(env.DB, b.policy.policyID, b.changeId, b.now)
  if (!taken) return { kind: 'busy' }
  let state: Exclude<ChangeState, { status: 'quoted' }>
  try {
    state = await admin.bind(taken.quote_id, taken.change_id)
  } catch (err) {
    await giveBack(env.DB, taken.change_id)
    if (err instanceof PolicyAdminRefusedError) {
      log('info', 'policy change bind refused', { policyId: b.policy.policyID, status: err.status, detail: err.detail })
      return { kind: 'refused', message: CHANGES_TEXTS[b.locale ?? 'en'].refused(formatPhone(env.SUPPORT_PHONE)) }
    }
    if (err instanceof PolicyAdminUnavailableError) {
      log('warn', 'policy change not bound', { policyId: b.policy.policyID, changeId: taken.change_id, reason: err.reason })
      return { kind: 'unavailable', message: CHANGES_TEXTS[b.locale ?? 'en'].bindFailed }
    }
    throw err
  }
  await recordOutcome(env, b.policy, taken, 'binding', state, b.now)
  await kickDrain(env, b.background, { channels: ['mail'] })
  log('info', 'policy change sent', { policyId: b.policy.policyID, changeId: taken.change_id, status: state.status })
  return { kind: state.status, changeId: taken.change_id }
}

/**
 * A referred change the carrier decided since (read when the history is shown): recorded as a bind
 * would have. A carrier that does not answer leaves it pending.
 */
export async function followReferred(
  env: Env,
  admin: PolicyAdmin,
  policy: Policy,
  rows: readonly PolicyChangeRow[],
  now: number,
  background: Background | null,
): Promise<boolean> {
  let changed = false
  for (const row of rows.filter((r) => r.status === 'referred')) {
    try {
      const state = await admin.state(row.quote_id)
      if (state.status === 'bound' || state.status === 'declined') {
        await recordOutcome(env, policy, row, 'referred', state, now)
        changed = true
      }
    } catch (err) {
      if (!(err instanceof PolicyAdminUnavailableError || err instanceof PolicyAdminRefusedError)) throw err
      log('warn', 'referred policy change not read', { policyId: policy.policyID, changeId: row.change_id })
    }
  }
  if (changed) await kickDrain(env, background, { channels: ['mail'] })
  return changed
}

async function recordOutcome(
  env: Env,
  policy: Policy,
  row: PolicyChangeRow,
  from: 'binding' | 'referred',
  state: Exclude<ChangeState, { status: 'quoted' }>,
  now: number,
): Promise<void> {
  const statements: D1PreparedStatement[] = [decideStatement(env.DB, row.change_id, from, { status: state.status, adminChangeId: state.changeId }, now)]
  const locale = await ownersLanguage(env, policy.policyID)
  if (state.status === 'bound') statements.push(...(await boundStatements(env, policy, row, state, now, locale)))
  if (state.status !== 'declined') statements.push(...confirmationMails(env, policy, row, state, locale))
  await env.DB.batch(statements)
}

/** The policy of record from the carrier's answer, the date's packet (its PDF in R2 first), and a new lender's proof of insurance. */
async function boundStatements(
  env: Env,
  policy: Policy,
  row: PolicyChangeRow,
  state: Extract<ChangeState, { status: 'bound' }>,
  now: number,
  locale: Locale,
): Promise<D1PreparedStatement[]> {
  const after = boundPolicy(policy, row.kind, state.policy)
  const date = state.effectiveDate
  const pdf = await renderChangePacket(after, await boundChangesOn(env.DB, policy.policyID, date, row.change_id), date, now, env.SUPPORT_PHONE, locale)
  await env.DOCS.put(packetKey(policy.policyID, 'EB', date), pdf, {
    httpMetadata: { contentType: 'application/pdf' },
    customMetadata: { policyId: policy.policyID },
  })
  const statements = [
    ...policyOfRecordStatements(env, after, row.kind, now),
    addChangePacketStatement(env.DB, policy.policyID, date, localDate(now, policy.state), now),
  ]
  const request = JSON.parse(row.request) as ChangeRequest
  if (row.notify_email && request.kind === 'mortgagee' && request.change.action !== 'remove') {
    const lender = after.mortgagees[request.change.position - 1] ?? request.change.lender
    const { statements: mails } = await proofMailStatements(
      env,
      after,
      { to: row.notify_email, lender },
      now,
      () => `policy-change:${row.change_id}:proof`,
      locale,
    )
    statements.push(...mails)
  }
  return statements
}

/**
 * The confirmation to the policy's email; a change of that email also tells the new one (decision 215),
 * each once by its dedupe key. `policy` is the policy before the change.
 */
function confirmationMails(
  env: Env,
  policy: Policy,
  row: PolicyChangeRow,
  state: Exclude<ChangeState, { status: 'quoted' | 'declined' }>,
  locale: Locale,
): D1PreparedStatement[] {
  const old = policy.email.trim()
  const request = JSON.parse(row.request) as ChangeRequest
  const next = request.kind === 'mailing-address' ? request.change.contact.email.trim() : old
  const mails = [isPlainMailbox(old) ? confirmationMail(env, policy, row, state.status, old, '', locale) : null]
  if (next.toLowerCase() !== old.toLowerCase() && isPlainMailbox(next)) mails.push(confirmationMail(env, policy, row, state.status, next, ':new-email', locale))
  return mails.filter((m) => m !== null)
}

function confirmationMail(
  env: Env,
  policy: Policy,
  row: PolicyChangeRow,
  outcome: 'bound' | 'referred',
  to: string,
  keyTail: string,
  locale: Locale,
): D1PreparedStatement {
  const phone = formatPhone(env.SUPPORT_PHONE)
  const payload = policyChangeMailIn(locale, to, {
    policyId: policy.policyID,
    kindName: changeKindName(row.kind, locale),
    lines: changeLines(row, locale),
    effectiveOn: formatDateIn(locale, row.effective_date),
    premiumChange: premiumWords(row.premium_change_cents, locale),
    outcome,
    whoCalls: CHANGES_TEXTS[locale].referredCall(phone),
    changesUrl: `${env.PORTAL_BASE_URL.replace(/\/$/, '')}${pathOf('PolicyChanges')}`,
    supportPhone: phone,
  })
  return enqueue(env.DB, { channel: 'mail', payload, dedupeKey: `policy-change:${row.change_id}:${outcome}${keyTail}`, at: Date.now() })
}

/**
 * The language of the profile the policy is linked to (issue 36): the mails and the packet are the
 * policyholder's, whoever's session bound the change or read the referred one's outcome. Read when the
 * mail is queued, so a retry sends the same words.
 */
async function ownersLanguage(env: Env, policyId: string): Promise<Locale> {
  const owner = await policyOwner(env.DB, policyId)
  return owner ? profileLanguage(env.DB, owner) : 'en'
}
