import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/** The device's row for the profile: null when this browser never signed in to it (a new device). */
export function findKnownDevice(db: D1Database, profileId: string, deviceId: string): Promise<{ remembered_until: number } | null> {
  return db
    .prepare('SELECT remembered_until FROM known_devices WHERE profile_id = ? AND device_id = ?')
    .bind(profileId, deviceId)
    .first<{ remembered_until: number }>()
}

export function addKnownDeviceStatement(db: D1Database, profileId: string, deviceId: string, now: number): D1PreparedStatement {
  return db.prepare('INSERT INTO known_devices (profile_id, device_id, first_seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').bind(profileId, deviceId, now)
}

export function rememberDeviceStatement(db: D1Database, profileId: string, deviceId: string, until: number): D1PreparedStatement {
  return db.prepare('UPDATE known_devices SET remembered_until = ? WHERE profile_id = ? AND device_id = ?').bind(until, profileId, deviceId)
}

/** Every remembered device of the profile but `keep` asks for the code again (null: every one). */
export function forgetDevicesStatement(db: D1Database, profileId: string, keep: string | null): D1PreparedStatement {
  return db.prepare('UPDATE known_devices SET remembered_until = 0 WHERE profile_id = ? AND device_id IS NOT ?').bind(profileId, keep)
}
