import type { Env } from '../../env'
import { findProfile } from '../../db/identity/profiles'
import { latestStepUpCode } from '../../db/identity/sign-in-codes'
import { markSessionVerified } from '../../db/identity/sessions'
import { CODE_MSG, VERDICT_MESSAGE } from '../../../shared/identity/sign-in-code'
import type { Session } from './session'
import type { Background } from '../outbox/outbox'
import { checkCode, sendCode } from './sign-in-code'
import { CODE_LIMIT_MSG, STEP_UP_MSG } from '../../../shared/identity/sign-in-messages'
import { audit } from '../../db/audit'

export type StepUpResult = { ok: true } | { ok: false; errorMessage: string; field?: 'code' }

/** Mails a step-up code for this session (decision 180); an earlier one stops working. */
export async function sendStepUpCode(
  env: Env,
  session: Session,
  meta: { ip: string; requestId: string; background: Background | null },
): Promise<StepUpResult> {
  const profile = session.profileId ? await findProfile(env.DB, session.profileId) : null
  if (!profile) return { ok: false, errorMessage: CODE_MSG.pendingGone }
  const sent = await sendCode(env, profile, 'step-up', session.id, meta)
  if (!sent.ok) return sent
  await audit(env, meta.requestId, 'step_up.code_sent', profile.profile_id)
  return { ok: true }
}

/**
 * The code mailed for this session: right, and the session counts as proved now (verified_at), so the
 * change can be made. Only the session's own newest step-up code is looked at: a code mailed to another
 * account, or for another session, never matches.
 */
export async function confirmStepUpCode(env: Env, session: Session, typed: string, meta: { ip: string; requestId: string }): Promise<StepUpResult> {
  const latest = await latestStepUpCode(env.DB, session.id)
  if (!latest) return { ok: false, errorMessage: STEP_UP_MSG.noCode }
  const result = await checkCode(env, latest.code_id, typed, { purpose: 'step-up', sessionId: session.id }, meta)
  if (result.verdict === 'gone') return { ok: false, errorMessage: STEP_UP_MSG.noCode }
  if (result.verdict === 'limited') return { ok: false, errorMessage: CODE_LIMIT_MSG }
  if (result.verdict !== 'ok') {
    await audit(env, meta.requestId, `step_up.code_${result.verdict}`, session.profileId)
    return { ok: false, errorMessage: VERDICT_MESSAGE[result.verdict], field: 'code' }
  }
  const now = Date.now()
  await markSessionVerified(env.DB, session.id, now)
  session.verifiedAt = now
  await audit(env, meta.requestId, 'step_up.confirmed', session.profileId)
  return { ok: true }
}

export { STEP_UP_MSG }
