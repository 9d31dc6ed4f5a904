import type { Env } from '../../env'
import { findProfile, setTwoStepStatement } from '../../db/identity/profiles'
import { forgetDevicesStatement } from '../../db/identity/known-devices'
import { MAIL_CHANNEL } from '../outbox/send-mail'
import { twoStepChangedMail } from '../../integrations/mail/security-templates'
import { enqueue, kickDrain, type Background } from '../outbox/outbox'
import { auditStatement } from '../../db/audit'

/**
 * Turns 2-step sign-in on or off (decision 179). The setting, the notice to the owner and the audit line
 * are one batch. Turning it off also forgets every remembered device, so turning it on again later
 * asks every device for a code. The caller has applied step-up (turning off is a sensitive change).
 */
export async function setTwoStep(env: Env, profileId: string, on: boolean, meta: { requestId: string; background: Background | null }): Promise<boolean> {
  const profile = await findProfile(env.DB, profileId)
  if (!profile) return false
  if ((profile.two_step === 1) === on) return true
  const now = Date.now()
  const writes = [
    setTwoStepStatement(env.DB, profileId, on),
    enqueue(env.DB, {
      channel: MAIL_CHANNEL,
      payload: twoStepChangedMail(profile.email_address, on, env.SUPPORT_PHONE, profile.language),
      dedupeKey: `mail:two-step:${profileId}:${meta.requestId}`,
      at: now,
    }),
    auditStatement(env, meta.requestId, on ? 'two_step.on' : 'two_step.off', profileId),
  ]
  if (!on) writes.push(forgetDevicesStatement(env.DB, profileId, null))
  await env.DB.batch(writes)
  await kickDrain(env, meta.background, { channels: [MAIL_CHANNEL] })
  return true
}
