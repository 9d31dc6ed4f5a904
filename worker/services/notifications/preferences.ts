import type { Env } from '../../env'
import {
  fixedChoice,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  preferencesOf,
  type Preferences,
} from '../../../shared/notifications/preferences'
import { phoneOfProfile, preferenceRows, setPreferenceStatement, type PhoneRow } from '../../db/notifications/notification-settings'
import { auditStatement } from '../../db/audit'

export interface NotificationSettings {
  preferences: Preferences
  phone: PhoneRow | null
}

export async function loadNotificationSettings(env: Env, profileId: string): Promise<NotificationSettings> {
  const [rows, phone] = await Promise.all([preferenceRows(env.DB, profileId), phoneOfProfile(env.DB, profileId)])
  return { preferences: preferencesOf(rows, { verified: phone !== null, stopped: phone?.stopped_at != null }), phone }
}

export type SaveResult = { ok: true } | { ok: false; errorMessage: string }

/**
 * Stores the choices as sent (every kind and channel but those fixed). Text for any kind
 * needs a verified number that has not sent STOP: refused otherwise, nothing stored.
 */
export async function savePreferences(env: Env, profileId: string, chosen: Preferences, meta: { requestId: string; now: number }): Promise<SaveResult> {
  const wantsText = NOTIFICATION_KINDS.some((k) => chosen[k].text)
  if (wantsText) {
    const phone = await phoneOfProfile(env.DB, profileId)
    if (!phone || phone.stopped_at !== null) return { ok: false, errorMessage: NOTIFICATION_MSG.textNeedsPhone }
  }
  const rows = NOTIFICATION_KINDS.flatMap((kind) =>
    NOTIFICATION_CHANNELS.filter((channel) => fixedChoice(kind, channel) === null).map((channel) => ({ kind, channel, enabled: chosen[kind][channel] })),
  )
  const summary = rows.map((r) => `${r.kind}:${r.channel}=${r.enabled ? 'on' : 'off'}`).join(' ')
  await env.DB.batch([
    ...rows.map((r) => setPreferenceStatement(env.DB, profileId, r, meta.now)),
    auditStatement(env, meta.requestId, 'notifications.changed', profileId, summary),
  ])
  return { ok: true }
}
