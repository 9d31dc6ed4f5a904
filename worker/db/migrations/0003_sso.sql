-- Issue 4: single sign-on and partner logging (docs/decisions/020-sso.md). Forward-only.

-- Identity-service references already picked up: each reference opens at most one session. Only the
-- SHA-256 of the reference is kept (the reference itself is a bearer credential until it expires).
CREATE TABLE sso_used_references (
  ref_hash TEXT PRIMARY KEY,
  used_at INTEGER NOT NULL
);
CREATE INDEX sso_used_references_used_at ON sso_used_references(used_at);

-- Partner log entries: written here first, then delivered to the partner's app-logs endpoint and
-- retried with backoff. The partner bearer token is kept only until the row is delivered or given up.
CREATE TABLE partner_log_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  transaction_id TEXT NOT NULL,
  entry TEXT NOT NULL,
  token TEXT,
  token_expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  leased_until INTEGER NOT NULL DEFAULT 0,
  delivered_at INTEGER,
  gave_up_at INTEGER,
  last_result TEXT NOT NULL DEFAULT ''
);
CREATE INDEX partner_log_outbox_due ON partner_log_outbox(delivered_at, gave_up_at, next_attempt_at);
CREATE INDEX partner_log_outbox_transaction ON partner_log_outbox(transaction_id);
