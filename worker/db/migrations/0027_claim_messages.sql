-- The conversation with the claims team on a claim's page (issue 32 item 2, docs/decisions/208).
-- Forward-only; times are epoch ms.
--
-- One row per message, either way:
--   'to-team'   written by the policyholder (page form, island, /v1): stored first, with the writer's
--               idempotency key, in the same batch as its 'claim-message' outbox row; sent_at is set once
--               the claims system took it as a note (its transaction id is the message id).
--   'from-team' a `message.posted` event of the claims system: event_id is the sender's id (a redelivery is
--               a no-op), sequence its place in the claim's events; read_at is set when the claim page is read.
-- posted_at orders the conversation: the writer's time, or the event's occurredAt (late events fall in place).
CREATE TABLE claim_messages (
  id TEXT PRIMARY KEY,
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  direction TEXT NOT NULL CHECK (direction IN ('to-team', 'from-team')),
  body TEXT NOT NULL,
  author TEXT,                               -- the claims team member's name ('from-team')
  owner TEXT,                                -- claimDraftOwner() of the writer ('to-team')
  idempotency_key TEXT,                      -- the writer's key ('to-team'): one message per key
  event_id TEXT UNIQUE,                      -- ('from-team')
  sequence INTEGER,
  posted_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  sent_at INTEGER,
  read_at INTEGER,
  UNIQUE (claim_number, owner, idempotency_key)
);
CREATE INDEX claim_messages_claim ON claim_messages(claim_number, posted_at);
CREATE INDEX claim_messages_unread ON claim_messages(claim_number) WHERE direction = 'from-team' AND read_at IS NULL;

-- The claims-system stand-in's notes (dev only, worker/dev/claims-system.ts; nothing in the portal reads it).
CREATE TABLE standin_claims_notes (
  claim_id TEXT NOT NULL REFERENCES standin_claims(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  author TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (claim_id, position)
);
