import type { DashboardRows } from '../db/profile-dashboard'
import type { Session } from './session'

/** Account Home's reads, brought by the session's own batch (resolveSession withDashboard), for this request only. */
const preloaded = new WeakMap<Session, { profileId: string | null; rows: DashboardRows | null }>()

export function preloadDashboard(session: Session, rows: DashboardRows | null): void {
  preloaded.set(session, { profileId: session.profileId, rows })
}

/**
 * The rows read with the session, once, when they are this profile's (a later call reads again);
 * undefined when the session's read did not bring them.
 */
export function takePreloadedDashboard(session: Session, profileId: string): DashboardRows | null | undefined {
  const pre = preloaded.get(session)
  preloaded.delete(session)
  return pre && pre.profileId === profileId ? pre.rows : undefined
}
