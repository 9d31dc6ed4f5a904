import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { SEED_TIMESTAMP } from './dates'
import type { SeedPolicy } from './policies'

/**
 * Upserts of the demo rows. Each upsert only writes when a value differs (ON CONFLICT ... DO UPDATE
 * ... WHERE), so a rerun changes nothing. Reseeding also puts the demo back as the manifest says:
 * persona passwords and lockouts reset, policy documents restored, links re-created, and unlinked
 * policies unlinked again.
 */
export interface SeedProfile {
  profileId: string
  userName: string
  email: string
  passwordHash: string
  sendToProgressive: boolean
}

const GLOBAL_FEATURES: Record<string, boolean> = {
  'customerPortal.PgrPartnerLogging': true,
}

function upsertProfile(db: D1Database, p: SeedProfile): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO profiles (profile_id, user_name, email_address, password_hash, send_to_progressive, failed_logins, locked_until, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 0, 0, ?6)
       ON CONFLICT(profile_id) DO UPDATE SET
         user_name = excluded.user_name, email_address = excluded.email_address, password_hash = excluded.password_hash,
         send_to_progressive = excluded.send_to_progressive, failed_logins = 0, locked_until = 0, created_at = excluded.created_at
       WHERE profiles.user_name IS NOT excluded.user_name COLLATE BINARY
          OR profiles.email_address IS NOT excluded.email_address COLLATE BINARY
          OR profiles.password_hash IS NOT excluded.password_hash
          OR profiles.send_to_progressive IS NOT excluded.send_to_progressive
          OR profiles.failed_logins <> 0 OR profiles.locked_until <> 0
          OR profiles.created_at IS NOT excluded.created_at`,
    )
    .bind(p.profileId, p.userName, p.email, p.passwordHash, p.sendToProgressive ? 1 : 0, SEED_TIMESTAMP)
}

function upsertPolicy(db: D1Database, s: SeedPolicy): D1PreparedStatement {
  const d = s.doc
  return db
    .prepare(
      `INSERT INTO policies (policy_id, plan_id, state, last_name, birth_date, send_to_progressive, doc, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT(policy_id) DO UPDATE SET
         plan_id = excluded.plan_id, state = excluded.state, last_name = excluded.last_name, birth_date = excluded.birth_date,
         send_to_progressive = excluded.send_to_progressive, doc = excluded.doc, updated_at = excluded.updated_at
       WHERE policies.plan_id IS NOT excluded.plan_id OR policies.state IS NOT excluded.state
          OR policies.last_name IS NOT excluded.last_name OR policies.birth_date IS NOT excluded.birth_date
          OR policies.send_to_progressive IS NOT excluded.send_to_progressive
          OR policies.doc IS NOT excluded.doc OR policies.updated_at IS NOT excluded.updated_at`,
    )
    .bind(d.policyID, d.planId, d.state, d.lastName, d.birthDate, s.sendToProgressive ? 1 : 0, JSON.stringify(d), SEED_TIMESTAMP)
}

function upsertLink(db: D1Database, s: SeedPolicy & { profileId: string }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO profile_policies (policy_id, profile_id, nickname, position) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT(policy_id) DO UPDATE SET profile_id = excluded.profile_id, nickname = excluded.nickname, position = excluded.position
       WHERE profile_policies.profile_id IS NOT excluded.profile_id
          OR profile_policies.nickname IS NOT excluded.nickname
          OR profile_policies.position IS NOT excluded.position`,
    )
    .bind(s.doc.policyID, s.profileId, s.nickname, s.position)
}

/** Writes profiles, policies, links and global features in one batch (one transaction); returns rows changed. */
export async function upsertRows(db: D1Database, profiles: SeedProfile[], policies: SeedPolicy[]): Promise<number> {
  const linked = policies.filter((p): p is SeedPolicy & { profileId: string } => p.profileId !== null)
  const unlinkedIds = policies.filter((p) => p.profileId === null).map((p) => p.doc.policyID)
  const statements: D1PreparedStatement[] = [
    ...profiles.map((p) => upsertProfile(db, p)),
    ...policies.map((p) => upsertPolicy(db, p)),
    db.prepare('DELETE FROM profile_policies WHERE policy_id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(unlinkedIds)),
    ...profiles.map((p) =>
      db
        .prepare('DELETE FROM profile_policies WHERE profile_id = ?1 AND policy_id NOT IN (SELECT value FROM json_each(?2))')
        .bind(p.profileId, JSON.stringify(linked.filter((l) => l.profileId === p.profileId).map((l) => l.doc.policyID))),
    ),
    ...linked.map((p) => upsertLink(db, p)),
    ...Object.entries(GLOBAL_FEATURES).map(([key, enabled]) =>
      db
        .prepare(
          `INSERT INTO global_features (feature_key, enabled) VALUES (?1, ?2)
           ON CONFLICT(feature_key) DO UPDATE SET enabled = excluded.enabled WHERE global_features.enabled IS NOT excluded.enabled`,
        )
        .bind(key, enabled ? 1 : 0),
    ),
  ]
  const results = await db.batch(statements)
  return results.reduce((sum, r) => sum + (r.meta?.changes ?? 0), 0)
}
