-- Issue 9 sections 4 and 5 (docs/decisions/080-one-outbox.md, 081-one-idempotency.md). Forward-only.

-- One outbox for every message that must leave reliably (mail, partner logs, claim notices, vendor
-- dispatch, payment receipts...). Written in the same D1 batch as the business rows, then delivered by
-- drainOutbox (worker/services/outbox.ts): leased, retried with capped exponential backoff, 'dead' after
-- the maximum of attempts. last_error is a short delivery error, never the payload.
ALTER TABLE outbox RENAME TO outbox_0001;
DROP INDEX IF EXISTS outbox_pending;

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL,
  -- A message queued twice under the same key is queued once (INSERT ... ON CONFLICT DO NOTHING).
  dedupe_key TEXT NOT NULL UNIQUE,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'leased', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- A leased row belongs to one drain until lease_until; lease_token proves which one.
  lease_until INTEGER NOT NULL DEFAULT 0,
  lease_token TEXT,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  dead_at INTEGER
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);
CREATE INDEX outbox_channel ON outbox(channel, id);

-- Mail rows of 0001: the old rule gave up after 5 attempts.
INSERT INTO outbox (id, channel, dedupe_key, payload, status, attempts, next_attempt_at, last_error, created_at, delivered_at, dead_at)
SELECT id, channel, 'legacy-outbox:' || id, payload,
       CASE WHEN delivered_at IS NOT NULL THEN 'delivered' WHEN attempts >= 5 THEN 'dead' ELSE 'pending' END,
       attempts, created_at,
       CASE WHEN delivered_at IS NULL AND attempts >= 5 THEN 'gave up before the shared outbox' END,
       created_at, delivered_at,
       CASE WHEN delivered_at IS NULL AND attempts >= 5 THEN created_at END
FROM outbox_0001;

-- Partner-log rows of 0003: the entry, its transaction id and the partner token (kept only while the
-- row may still be delivered) move into the payload.
INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, last_error, created_at, delivered_at, dead_at)
SELECT 'partner-log', 'legacy-partner-log:' || id,
       json_object('transactionId', transaction_id, 'entry', json(entry),
                   'token', CASE WHEN delivered_at IS NULL AND gave_up_at IS NULL THEN token END,
                   'tokenExpiresAt', token_expires_at),
       CASE WHEN delivered_at IS NOT NULL THEN 'delivered' WHEN gave_up_at IS NOT NULL THEN 'dead' ELSE 'pending' END,
       attempts, next_attempt_at, NULLIF(last_result, ''), created_at, delivered_at, gave_up_at
FROM partner_log_outbox;

DROP TABLE outbox_0001;
DROP TABLE partner_log_outbox;

-- Request-level idempotency (worker/middleware/idempotency.ts): the first answer to an Idempotency-Key
-- (or a no-JS form's one-time token), replayed to repeats of the same request. key_hash is a SHA-256 of
-- (scope, principal, key): the key itself is not stored. The answer is sealed with AES-GCM under a key
-- derived from the client's key and the server secret, so a stored answer (which may hold a session
-- token) is unreadable from the database alone. A 'pending' row is the claim that makes 20 parallel
-- duplicates run the handler once.
CREATE TABLE idempotency_keys (
  key_hash TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
  -- The request running the handler; a pending claim past locked_until may be taken over (its worker died).
  owner TEXT NOT NULL,
  locked_until INTEGER NOT NULL,
  status INTEGER,
  answer TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX idempotency_keys_expires ON idempotency_keys(expires_at);
