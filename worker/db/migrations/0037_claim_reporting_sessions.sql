-- Issue 35 item 1 (decision 220): a narrow session for reporting a claim without signing in, kind
-- 'claim': one policy (policy_scope), no profile, Report a Claim and its confirmation only. SQLite cannot
-- change a CHECK in place, so the table is copied (no table references sessions).
CREATE TABLE sessions_0037 (
  session_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('direct', 'sso', 'claim')),
  profile_id TEXT REFERENCES profiles(profile_id) ON DELETE CASCADE,
  policy_scope TEXT NOT NULL DEFAULT '[]',
  system_origin TEXT NOT NULL DEFAULT '',
  current_policy_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  absolute_expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  ip TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT '',
  last_seen_at INTEGER NOT NULL DEFAULT 0,
  place TEXT NOT NULL DEFAULT '',
  verified_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO sessions_0037 (session_id, kind, profile_id, policy_scope, system_origin, current_policy_id, created_at, expires_at,
  absolute_expires_at, revoked_at, ip, user_agent, last_seen_at, place, verified_at)
  SELECT session_id, kind, profile_id, policy_scope, system_origin, current_policy_id, created_at, expires_at,
  absolute_expires_at, revoked_at, ip, user_agent, last_seen_at, place, verified_at FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_0037 RENAME TO sessions;
CREATE INDEX sessions_profile ON sessions(profile_id);
