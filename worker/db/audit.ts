import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../env'

/** Security-relevant events (logins, logouts, lockouts). No passwords, tokens or dates of birth. */
/** The same line, for the batch of the change it records (so it is written with it, or not at all). */
export function auditStatement(env: Env, requestId: string, event: string, profileId: string | null, detail = ''): D1PreparedStatement {
  return env.DB.prepare('INSERT INTO audit_log (at, request_id, event, profile_id, detail) VALUES (?, ?, ?, ?, ?)').bind(
    Date.now(),
    requestId,
    event,
    profileId,
    detail.slice(0, 500),
  )
}

export async function audit(env: Env, requestId: string, event: string, profileId: string | null, detail = ''): Promise<void> {
  await auditStatement(env, requestId, event, profileId, detail).run()
}
