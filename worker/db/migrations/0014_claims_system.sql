-- The claim's life after the report (issue 19, docs/decisions/167): delivery to the carrier's claims
-- system through the outbox ('claim-notice'), the carrier's answer on the claim row, and the signed
-- events the claims system sends back. Forward-only; times are epoch ms.

-- What the claims system said, kept on the claim (Claims History already reads claims.status):
--   sent_at / carrier_claim_number: the claims system's answer to the delivery ('Reported' -> 'Received');
--   status, adjuster_*: folded from claim_events in sequence order (shared/claims/lifecycle.ts);
--   events_applied: how many events the stored state was folded from (the optimistic-concurrency guard);
--   last_event_sequence: the highest sequence folded in.
ALTER TABLE claims ADD COLUMN carrier_claim_number TEXT;
ALTER TABLE claims ADD COLUMN sent_at INTEGER;
ALTER TABLE claims ADD COLUMN adjuster_name TEXT;
ALTER TABLE claims ADD COLUMN adjuster_phone TEXT;
ALTER TABLE claims ADD COLUMN adjuster_email TEXT;
ALTER TABLE claims ADD COLUMN events_applied INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN last_event_sequence INTEGER NOT NULL DEFAULT 0;

-- Every event the claims system sent for a claim, once (event_id is the sender's id: a redelivery is a
-- no-op), late ones included: the claim page's timeline reads them in sequence order. payload is the
-- event's data object as JSON (adjuster, date, items, amountCents and method, reason...).
CREATE TABLE claim_events (
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  event_id TEXT NOT NULL UNIQUE,
  sequence INTEGER NOT NULL CHECK (sequence >= 1),
  type TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  occurred_at TEXT,                          -- the sender's timestamp (ISO 8601), when given
  received_at INTEGER NOT NULL
);
CREATE INDEX claim_events_claim ON claim_events(claim_number, sequence);

-- ---------------------------------------------------------------- the local stand-in (dev only)
-- worker/dev/claims-system.ts keeps its own state here: nothing in the portal reads these tables, and
-- /__dev is a 404 in every deployed environment (decision 120).

-- One row per claim the stand-in holds (however often it was sent): a draft, then an open claim.
CREATE TABLE standin_claims (
  id TEXT PRIMARY KEY,                       -- the stand-in's own claim id (cc-...)
  reference TEXT NOT NULL UNIQUE,            -- the portal's claim number
  draft_number TEXT NOT NULL,
  carrier_claim_number TEXT,                 -- the open claim number, given at submit
  policy_id TEXT NOT NULL,
  loss_date TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft',      -- draft | open | closed
  notice TEXT NOT NULL,                      -- the draft request as received (JSON)
  next_sequence INTEGER NOT NULL DEFAULT 1,  -- of the events it sends for this claim
  created_at INTEGER NOT NULL,
  submitted_at INTEGER
);

CREATE TABLE standin_claims_documents (
  claim_id TEXT NOT NULL REFERENCES standin_claims(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (claim_id, position)
);

-- GW-DBTransaction-ID values already committed: a repeat is refused (400 AlreadyExecutedException).
CREATE TABLE standin_claims_transactions (
  transaction_id TEXT PRIMARY KEY,
  claim_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- POST /__dev/claims-system/fail: the next `remaining` API answers fail (one row, id 1).
CREATE TABLE standin_claims_fail (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  remaining INTEGER NOT NULL,
  status INTEGER,                            -- answer with this HTTP status, doing nothing
  timeout INTEGER NOT NULL DEFAULT 0         -- 1: do the work, then lose the answer (504)
);
