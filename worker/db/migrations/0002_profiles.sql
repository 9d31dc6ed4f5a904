-- Issue 3: profiles and policy linking.

-- Password reset tokens. Only the SHA-256 of the token is stored (the token itself exists only in the
-- email), each row is single use (used_at) and expires (expires_at).
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_profile ON password_resets(profile_id);

-- The mail port delivers from the outbox: find what is still pending quickly.
CREATE INDEX outbox_pending ON outbox(channel, delivered_at, id);

-- Verification failures (registration and add policy) use the counters table, keyed 'verify:{policyId}';
-- forgot-password requests are capped there too, keyed 'reset:{email}'. No new columns are needed.
