import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { localDate } from '../../../shared/clock'
import { nextDraftText } from '../../../shared/payments/autopay'
import { savedMethodDescriptionIn } from '../../../shared/payments/texts/saved-methods'
import { dueWordsIn } from '../../../shared/payments/texts/payment-due'
import type { Locale } from '../../../shared/i18n/locale'
import { findActiveEnrolment } from '../../db/payments/autopay'
import { findSavedMethod } from '../../db/payments/saved-methods'
import { mayChangeNow } from './autopay'

/** What a policy's automatic payments look like today (the page and GET /v1/{family}/AutoPay). */
export interface AutopayStatus {
  enrolled: boolean
  method: string | null
  methodId: string | null
  nextDraft: string | null
  mayChange: boolean
  lastDraft: { dueDate: string; status: string; amountCents: number } | null
}

export async function autopayStatus(env: Env, policy: Policy, now: number, locale: Locale = 'en'): Promise<AutopayStatus> {
  const last = await env.DB.prepare(
    'SELECT autopay_due_date AS dueDate, status, amount_cents AS amountCents FROM payments WHERE policy_id = ? AND autopay_due_date IS NOT NULL ORDER BY created_at DESC LIMIT 1',
  )
    .bind(policy.policyID)
    .first<{ dueDate: string; status: string; amountCents: number }>()
  const enrolment = await findActiveEnrolment(env.DB, policy.policyID)
  const method = enrolment ? await findSavedMethod(env.DB, enrolment.profile_id, enrolment.method_id) : null
  if (!enrolment || !method) return { enrolled: false, method: null, methodId: null, nextDraft: null, mayChange: true, lastDraft: last }
  const today = localDate(now, policy.state)
  const drafted = last?.dueDate === policy.dueDate
  return {
    enrolled: true,
    method: savedMethodDescriptionIn(locale, method),
    methodId: method.method_id,
    nextDraft: nextDraftText(
      { enrolledOn: enrolment.enrolled_on, dueDate: policy.dueDate, dueCents: policy.amountDue + policy.pastDue, today, drafted },
      dueWordsIn(locale).autopay,
    ),
    mayChange: await mayChangeNow(env, policy, enrolment, now),
    lastDraft: last,
  }
}
