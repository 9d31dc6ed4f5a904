import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { localDate } from '../../../shared/clock'
import { AUTOPAY_TERMS_VERSION, CHANGE_TOO_LATE, mayChange, nextDraftText } from '../../../shared/payments/autopay'
import { autopayTermsTextIn } from '../../../shared/payments/texts/autopay'
import { savedMethodDescriptionIn } from '../../../shared/payments/texts/saved-methods'
import { dueWordsIn } from '../../../shared/payments/texts/payment-due'
import { LOCALES, type Locale } from '../../../shared/i18n/locale'
import { profileLanguage } from '../../db/identity/profiles'
import { savedMethodDescription, savedMethodProblem } from '../../../shared/payments/saved-methods'
import { findSavedMethod, viewOf } from '../../db/payments/saved-methods'
import { findActiveEnrolment, insertEnrolmentStatement, stopEnrolmentStatement, writeEnrolment, type EnrolmentRow } from '../../db/payments/autopay'
import type { PaymentProcessor } from '../../integrations/payments'
import { METHOD_NOT_FOUND, validatedForDebit } from './saved-methods'
import { autopayEnrolledMail, autopayStoppedMail } from './autopay-mail'
import { enqueue } from '../outbox/outbox-queue'
import { log } from '../../lib/log'

/**
 * Enrolling a policy in automatic payments, changing its method and stopping them (issue 22 item 2;
 * docs/decisions/176). The terms shown are the terms accepted (compared word for word, with their
 * version), stored with the time and session; a copy is emailed in the same batch. A stop or change is
 * refused within 3 business days of a draft the enrolment pays.
 */
export type AutopayAnswer = { ok: true; text: string } | { ok: false; message: string; conflict?: true }

const TERMS_CHANGED = 'The terms have changed since the page was opened. Please read them again and accept them.'
const NOT_ENROLLED = 'Automatic payments are not on for this policy.'
/** Another request enrolled the policy otherwise between this one's read and its write (a 409). */
export const CHANGED_MEANWHILE =
  'Automatic payments for this policy were changed by another request at the same moment. Please look at them again before changing them.'

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
const newEnrolmentId = () => `ap_${Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => LETTERS[b % 26]).join('')}`

export interface AutopayWho {
  profileId: string
  sessionId: string
  /** Where the copy of the terms goes: the policy's email, else the profile's. */
  email: string
}

/** The terms for a method of the profile, as the page shows them; null when the method is not the profile's. */
export async function termsFor(
  env: Env,
  policy: Policy,
  profileId: string,
  methodId: string,
  locale: Locale = 'en',
): Promise<{ text: string; version: string } | null> {
  const row = await findSavedMethod(env.DB, profileId, methodId)
  if (!row) return null
  return { text: termsTextOf(env, policy, row, locale), version: AUTOPAY_TERMS_VERSION }
}

/** The terms in a language (issue 36): the page's; each language's text is accepted word for word. */
function termsTextOf(env: Env, policy: Policy, row: MethodRow & { kind: 'card' | 'bank' }, locale: Locale): string {
  return autopayTermsTextIn(locale, {
    kind: row.kind,
    method: savedMethodDescriptionIn(locale, row),
    policyId: policy.policyID,
    supportPhone: env.SUPPORT_PHONE,
  })
}

/** Whether a draft for the policy's current due date exists already (it is past, or being made). */
async function drafted(env: Env, policy: Policy): Promise<boolean> {
  const row = await env.DB.prepare('SELECT 1 AS x FROM payments WHERE policy_id = ? AND autopay_due_date = ?').bind(policy.policyID, policy.dueDate).first()
  return row !== null
}

export async function mayChangeNow(env: Env, policy: Policy, enrolment: EnrolmentRow, now: number): Promise<boolean> {
  return mayChange({ enrolledOn: enrolment.enrolled_on, dueDate: policy.dueDate, today: localDate(now, policy.state), drafted: await drafted(env, policy) })
}

/** Turns automatic payments on with a saved method, or moves them to another one (a new authorization). */
export async function enrolAutopay(
  env: Env,
  processor: PaymentProcessor,
  policy: Policy,
  who: AutopayWho,
  choice: { methodId: string; accepted: boolean; termsText: string; termsVersion: string },
  now: number,
): Promise<AutopayAnswer> {
  const row = await findSavedMethod(env.DB, who.profileId, choice.methodId)
  if (!row) return { ok: false, message: METHOD_NOT_FOUND }
  const today = localDate(now, policy.state)
  const problem = savedMethodProblem(viewOf(row), policy.isFlood, today)
  if (problem) return { ok: false, message: problem }
  const read = LOCALES.find((l) => termsTextOf(env, policy, row, l) === choice.termsText) ?? 'en'
  const terms = { text: termsTextOf(env, policy, row, read), version: AUTOPAY_TERMS_VERSION }
  if (!choice.accepted) return { ok: false, message: 'Please read the terms and check the box to accept them.' }
  if (choice.termsVersion !== terms.version || choice.termsText !== terms.text) return { ok: false, message: TERMS_CHANGED }
  const current = await findActiveEnrolment(env.DB, policy.policyID)
  // Asked again for what is on (a repeat, a double click): the same answer, nothing written or mailed.
  if (current && isSameEnrolment(current, who.profileId, row.method_id, terms)) return { ok: true, text: await onText(env, policy, row, current, today) }
  if (current && !(await mayChangeNow(env, policy, current, now))) return { ok: false, message: CHANGE_TOO_LATE }
  if ((await validatedForDebit(env, processor, row, now)) !== 'valid') {
    return { ok: false, message: 'We could not verify this bank account, so automatic payments were not turned on. Please choose another payment method.' }
  }
  const enrolment = {
    enrolment_id: newEnrolmentId(),
    policy_id: policy.policyID,
    profile_id: who.profileId,
    method_id: row.method_id,
    terms_text: terms.text,
    terms_version: terms.version,
    accepted_at: now,
    enrolled_on: today,
    session_id: who.sessionId,
  }
  const next = await nextDraftOf(env, policy, today, today)
  // The copy in the person's language (issue 36); the terms as they accepted them.
  const language = await profileLanguage(env.DB, who.profileId)
  const mail = autopayEnrolledMail(
    who.email,
    {
      policyId: policy.policyID,
      methodLabel: savedMethodDescriptionIn(language, row),
      termsText: terms.text,
      nextDraft: language === 'en' ? next : await nextDraftOf(env, policy, today, today, language),
      supportPhone: env.SUPPORT_PHONE,
    },
    language,
  )
  const written = await writeEnrolment(env.DB, [
    ...(current ? [stopEnrolmentStatement(env.DB, current.enrolment_id, now)] : []),
    insertEnrolmentStatement(env.DB, enrolment),
    ...(who.email ? [enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `autopay-enrolled:${enrolment.enrolment_id}`, at: now })] : []),
  ])
  if (written === 'taken') {
    // A request at the same moment enrolled the policy first (one active enrolment per policy): this
    // batch wrote nothing and mailed nothing. The same choice is answered as done; another one is a 409.
    const winner = await findActiveEnrolment(env.DB, policy.policyID)
    if (winner && isSameEnrolment(winner, who.profileId, row.method_id, terms)) return { ok: true, text: await onText(env, policy, row, winner, today) }
    return { ok: false, message: CHANGED_MEANWHILE, conflict: true }
  }
  log('info', current ? 'autopay changed' : 'autopay enrolled', { policyId: policy.policyID, enrolmentId: enrolment.enrolment_id, methodId: row.method_id })
  return { ok: true, text: enrolledText(row, next) }
}

/** The enrolment asked for is the one on: the same profile, method and terms (text and version). */
function isSameEnrolment(e: EnrolmentRow, profileId: string, methodId: string, terms: { text: string; version: string }): boolean {
  return e.profile_id === profileId && e.method_id === methodId && e.terms_text === terms.text && e.terms_version === terms.version
}

async function nextDraftOf(env: Env, policy: Policy, enrolledOn: string, today: string, locale: Locale = 'en'): Promise<string> {
  return nextDraftText(
    { enrolledOn, dueDate: policy.dueDate, dueCents: policy.amountDue + policy.pastDue, today, drafted: await drafted(env, policy) },
    dueWordsIn(locale).autopay,
  )
}

type MethodRow = Parameters<typeof savedMethodDescription>[0]

const enrolledText = (method: MethodRow, next: string) => `Automatic payments are on, from your ${savedMethodDescription(method)}. ${next}`

/** The answer of a request for the enrolment that is on already. */
async function onText(env: Env, policy: Policy, method: MethodRow, e: EnrolmentRow, today: string): Promise<string> {
  return enrolledText(method, await nextDraftOf(env, policy, e.enrolled_on, today))
}

export async function stopAutopay(env: Env, policy: Policy, who: AutopayWho, now: number): Promise<AutopayAnswer> {
  const current = await findActiveEnrolment(env.DB, policy.policyID)
  if (!current || current.profile_id !== who.profileId) return { ok: false, message: NOT_ENROLLED }
  if (!(await mayChangeNow(env, policy, current, now))) return { ok: false, message: CHANGE_TOO_LATE }
  const mail = autopayStoppedMail(who.email, { policyId: policy.policyID, supportPhone: env.SUPPORT_PHONE }, await profileLanguage(env.DB, who.profileId))
  await env.DB.batch([
    stopEnrolmentStatement(env.DB, current.enrolment_id, now),
    ...(who.email ? [enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `autopay-stopped:${current.enrolment_id}`, at: now })] : []),
  ])
  log('info', 'autopay stopped', { policyId: policy.policyID, enrolmentId: current.enrolment_id })
  return { ok: true, text: 'Automatic payments are stopped. Please pay each amount due by its due date yourself.' }
}
