import { localDateTimeIn } from '../../../shared/identity/local-time-in'
import type { Env } from '../../env'
import type { ProfileRow } from '../../db/identity/profiles'
import { addKnownDeviceStatement, findKnownDevice, rememberDeviceStatement } from '../../db/identity/known-devices'
import { MAIL_CHANNEL } from '../outbox/send-mail'
import { newDeviceMail } from '../../integrations/mail/security-templates'
import { deviceInWords } from '../../../shared/identity/device-words'
import { REMEMBER_DEVICE_MS } from '../../../shared/identity/sign-in-code'
import { enqueue, kickDrain } from '../outbox/outbox'
import { newSession, type IssuedToken, type Session } from './session'
import { newDeviceId } from './device-cookie'
import { auditStatement } from '../../db/audit'
import type { SignInMeta } from './sign-in-meta'

export interface SignedIn {
  session: Session
  token: IssuedToken
  /** The device's id, for the device cookie (new when the browser brought none). */
  deviceId: string
}

/** A sign-in from a browser that never signed in to this profile: no device cookie, or one not seen for it. */
async function isNewDevice(env: Env, profileId: string, deviceId: string | null): Promise<boolean> {
  return deviceId === null || (await findKnownDevice(env.DB, profileId, deviceId)) === null
}

/** Whether the device was remembered for 2-step sign-in and still is. */
export async function isRemembered(env: Env, profileId: string, deviceId: string | null, now: number): Promise<boolean> {
  if (!deviceId) return false
  const known = await findKnownDevice(env.DB, profileId, deviceId)
  return known !== null && known.remembered_until > now
}

/**
 * The last step of every direct sign-in (password, password and code, passkey): a new session, and in
 * the same batch, for a device new to the profile, its row and the notice mailed to the owner (decision
 * 179); with `remember`, the device skips the 2-step code for 30 days.
 */
export async function completeSignIn(
  env: Env,
  profile: Pick<ProfileRow, 'profile_id' | 'email_address' | 'language'>,
  meta: SignInMeta,
  opts: { method: 'password' | 'code' | 'passkey'; remember?: boolean },
): Promise<SignedIn> {
  const now = Date.now()
  const deviceId = meta.deviceId ?? newDeviceId()
  const fresh = await isNewDevice(env, profile.profile_id, meta.deviceId)
  const next = newSession(env, { kind: 'direct', profileId: profile.profile_id, ip: meta.ip, userAgent: meta.userAgent, place: meta.place })
  const writes = [next.statement, auditStatement(env, meta.requestId, 'login.succeeded', profile.profile_id, opts.method)]
  if (fresh) {
    const facts = { device: deviceInWords(meta.userAgent, profile.language), place: meta.place, at: localDateTimeIn(profile.language, now, '') } // no policy open yet: the portal's home clock, named (issue 35)
    writes.push(
      addKnownDeviceStatement(env.DB, profile.profile_id, deviceId, now),
      enqueue(env.DB, {
        channel: MAIL_CHANNEL,
        payload: newDeviceMail(profile.email_address, facts, env.SUPPORT_PHONE, profile.language),
        dedupeKey: `mail:new-device:${profile.profile_id}:${deviceId}`,
        at: now,
      }),
    )
  }
  if (opts.remember) writes.push(rememberDeviceStatement(env.DB, profile.profile_id, deviceId, now + REMEMBER_DEVICE_MS))
  await env.DB.batch(writes)
  if (fresh) await kickDrain(env, meta.background, { channels: [MAIL_CHANNEL] })
  return { ...(await next.issue()), deviceId }
}
