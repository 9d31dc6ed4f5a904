-- Advance payments and additional living expenses asked for on a claim's page (issue 33 item 2,
-- docs/decisions/211). Forward-only; times are epoch ms; money in cents.
--
-- One row per request, stored first with the asker's idempotency key (a double click, a retry, five copies
-- at once: one row) in the same batch as its 'claim-advance' outbox row. sent_at is set once the claims
-- system took it (its transaction id is the request id). status follows the claims system's signed
-- `advance.updated` events: status_sequence is the sequence of the event that set it, and only a later one
-- changes it, so a duplicate or an event arriving out of order changes nothing.
CREATE TABLE claim_advances (
  id TEXT PRIMARY KEY,
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('flood-advance', 'living-expenses')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  document_kind TEXT,                        -- flood: photos | receipts | estimate
  document_ids TEXT NOT NULL DEFAULT '[]',   -- JSON: the claim_uploads ids sent with it
  period_from TEXT,                          -- living expenses: yyyy-mm-dd
  period_to TEXT,
  purpose TEXT,
  owner TEXT NOT NULL,                       -- claimDraftOwner() of the asker
  idempotency_key TEXT,
  status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'received', 'approved', 'declined', 'paid')),
  status_sequence INTEGER NOT NULL DEFAULT 0,
  decided_cents INTEGER,                     -- approved or paid amount
  reason TEXT,                               -- declined
  requested_at INTEGER NOT NULL,
  sent_at INTEGER,
  updated_at INTEGER NOT NULL,
  UNIQUE (claim_number, owner, idempotency_key)
);
CREATE INDEX claim_advances_claim ON claim_advances(claim_number, requested_at);

-- The claims-system stand-in's advance requests (dev only, worker/dev/claims-system.ts; nothing in the portal reads it).
CREATE TABLE standin_claims_advances (
  claim_id TEXT NOT NULL REFERENCES standin_claims(id) ON DELETE CASCADE,
  request_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  detail TEXT NOT NULL,                      -- JSON: the request as sent
  created_at INTEGER NOT NULL,
  PRIMARY KEY (claim_id, request_id)
);
