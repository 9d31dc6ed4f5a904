import type { Context } from 'hono'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { STEP_UP_MSG } from '../services/identity/step-up'
import { problem } from '../render/problem'
import { problemContent } from './operation'

/**
 * The /v1 answer of a sensitive change from a session whose person last proved it more than 10 minutes
 * ago (step-up, decisions 180 and 202): a 403 problem of its own type that says how to confirm. Not
 * stored under the Idempotency-Key (a 4xx), so the same request goes through once confirmed.
 */
export function stepUpProblem(c: Context): Response {
  return problem(c, 403, STEP_UP_MSG.apiNeeded, { type: PROBLEM_TYPES.stepUpNeeded })
}

/** The operation's 403, as its document declares it. */
export const STEP_UP_403 = problemContent(
  `Step-up needed (type ${PROBLEM_TYPES.stepUpNeeded}): the session was proved more than 10 minutes ago. Confirm with POST /v1/profile/step-up/code and POST /v1/profile/step-up (or a passkey), then repeat the request. Otherwise: not allowed for this session or policy, or a cross-site call.`,
)
