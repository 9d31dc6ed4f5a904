-- Profiles: a user name and an email belong to one profile, compared case-insensitively.
CREATE TABLE profiles (
  profile_id TEXT PRIMARY KEY,
  user_name TEXT NOT NULL COLLATE NOCASE UNIQUE,
  email_address TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash TEXT NOT NULL,
  send_to_progressive INTEGER NOT NULL DEFAULT 0,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- Policies of record: the document is JSON validated by shared/schemas/policy.ts on read.
CREATE TABLE policies (
  policy_id TEXT PRIMARY KEY,
  plan_id TEXT NOT NULL,
  state TEXT NOT NULL,
  last_name TEXT NOT NULL,
  birth_date TEXT,
  send_to_progressive INTEGER NOT NULL DEFAULT 0,
  doc TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

-- A policy links to at most one profile.
CREATE TABLE profile_policies (
  policy_id TEXT PRIMARY KEY REFERENCES policies(policy_id),
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  nickname TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX profile_policies_profile ON profile_policies(profile_id);

-- Sessions: the JWT's jti is session_id; every request checks this row, so revocation is immediate.
CREATE TABLE sessions (
  session_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('direct', 'sso')),
  profile_id TEXT REFERENCES profiles(profile_id) ON DELETE CASCADE,
  policy_scope TEXT NOT NULL DEFAULT '[]',
  system_origin TEXT NOT NULL DEFAULT '',
  current_policy_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  absolute_expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  ip TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_profile ON sessions(profile_id);

-- Failure counters and lockouts (per account, per policy number).
CREATE TABLE counters (
  counter_key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL DEFAULT 0,
  window_start INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0
);

-- Global feature flags (cached in KV).
CREATE TABLE global_features (
  feature_key TEXT PRIMARY KEY,
  enabled INTEGER NOT NULL
);

-- Messages to outside systems, written first and delivered later.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  delivered_at INTEGER
);

-- Security-relevant events; never holds passwords, tokens or dates of birth.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  event TEXT NOT NULL,
  profile_id TEXT,
  detail TEXT NOT NULL DEFAULT ''
);
