import type { D1Database } from '@cloudflare/workers-types'
import type { EnrolmentRow } from './autopay'

/**
 * What the automatic payments of the scheduled work read (docs/decisions/176, 195): the cron finds the
 * enrolled policies whose due date is in a window through the indexed due-date column of 0022 and
 * queues one outbox message per policy and due date; the outbox handler reads one policy's enrolment
 * with everything a draft needs. Both only while the policy is still linked to the profile that
 * enrolled it, and with the enrolment's saved method still there.
 */
const ACTIVE_LINKED = `JOIN autopay_enrolments ae ON ae.policy_id = p.policy_id AND ae.status = 'active'
       JOIN profile_policies pp ON pp.policy_id = ae.policy_id AND pp.profile_id = ae.profile_id
       JOIN saved_payment_methods m ON m.method_id = ae.method_id`

/** An enrolled policy with an amount due whose due date falls in the window (for draftDecision to judge). */
export interface DueDraft {
  policy_id: string
  state: string
  due_date: string
  due_cents: number
  enrolled_on: string
}

/** The cron's query: an index search on policies (due_date, due_cents), however many policies there are. */
export async function draftsDueBetween(db: D1Database, from: string, to: string): Promise<DueDraft[]> {
  const { results } = await db
    .prepare(
      `SELECT p.policy_id, p.state, p.due_date, p.due_cents, ae.enrolled_on
       FROM policies p
       ${ACTIVE_LINKED}
       WHERE p.due_date BETWEEN ?1 AND ?2 AND p.due_cents > 0`,
    )
    .bind(from, to)
    .all<DueDraft>()
  return results
}

/** What the outbox handler needs of one enrolled policy: its due date and amount, its state, the method. */
export interface DueEnrolment extends EnrolmentRow {
  state: string
  due_date: string | null
  due_cents: number
  policy_email: string | null
  profile_email: string
  token: string
  method_kind: 'card' | 'bank'
  brand: string
  last4: string
  nickname: string
}

export function dueEnrolment(db: D1Database, policyId: string): Promise<DueEnrolment | null> {
  return db
    .prepare(
      `SELECT ae.*, p.state, p.due_date, p.due_cents, json_extract(p.doc, '$.email') AS policy_email, pr.email_address AS profile_email,
         m.token, m.kind AS method_kind, m.brand, m.last4, m.nickname
       FROM policies p
       ${ACTIVE_LINKED}
       JOIN profiles pr ON pr.profile_id = ae.profile_id
       WHERE p.policy_id = ?`,
    )
    .bind(policyId)
    .first<DueEnrolment>()
}
