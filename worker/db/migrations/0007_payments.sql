-- Payments (issue 11; the money flow and why: docs/decisions/111-payment-money-flow.md). Forward-only.
-- One row per payment the portal sends to the processor. The row is written (pending) BEFORE the
-- processor is called, with the reference the processor charges at most once; the processor's answer
-- settles it. A timeout or a failed write after the charge leaves it pending, and the settlement job
-- asks the processor by reference: a payment is never charged twice and never lost.
-- Never a card number, CVV or bank account number here: brand, last four and the processor's reference.

CREATE TABLE payments (
  payment_id TEXT PRIMARY KEY,            -- 'pay_' + 128 random bits: also the processor's idempotency reference
  idempotency_key TEXT NOT NULL,          -- the client's Idempotency-Key (one per payment attempt)
  request_fingerprint TEXT NOT NULL,      -- paymentRequestFingerprint(payload): the request without PAN, CVV or account
  policy_id TEXT NOT NULL,
  family TEXT NOT NULL CHECK (family IN ('flood', 'homeowners')),
  -- Who paid: the session, and its profile for a direct login.
  session_id TEXT NOT NULL,
  session_kind TEXT NOT NULL CHECK (session_kind IN ('direct', 'sso')),
  profile_id TEXT,
  channel TEXT NOT NULL CHECK (channel IN ('island', 'form', 'api')),
  request_id TEXT NOT NULL,
  -- What was paid, and with what.
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0 AND amount_cents <= 1500000),
  method_kind TEXT NOT NULL CHECK (method_kind IN ('card', 'bank')),
  brand TEXT NOT NULL,                    -- 'Visa', 'Mastercard', 'American Express', 'Discover' or 'ACH'
  last4 TEXT NOT NULL CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
  check_number TEXT CHECK (check_number IS NULL OR (length(check_number) <= 15 AND check_number NOT GLOB '*[^0-9]*')),
  payer_name TEXT NOT NULL,               -- the name on the account, as typed
  receipt_email TEXT,                     -- where the receipt goes (policy email, profile email, or the one typed)
  -- A bank debit's NACHA WEB authorization, exactly as shown and accepted.
  authorization_text TEXT,
  authorization_version TEXT,
  -- The processor's answer.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'failed')),
  outcome TEXT CHECK (outcome IS NULL OR outcome IN ('approved', 'declined', 'insufficient_funds', 'error', 'unknown', 'never-received')),
  processor_ref TEXT,
  processor_message TEXT,
  confirmation_number TEXT UNIQUE,        -- the portal's, shown on the receipt (approved payments only)
  -- What the payer was answered (the text on the system-message page), for a retry with the same key.
  response_status INTEGER CHECK (response_status IS NULL OR response_status IN (200, 202)),
  response_text TEXT,
  -- Settlement of a pending payment (lookup by reference), with backoff.
  processor_attempts INTEGER NOT NULL DEFAULT 0,
  next_check_at INTEGER,
  created_at INTEGER NOT NULL,            -- epoch ms
  settled_at INTEGER,
  CHECK ((method_kind = 'bank') = (authorization_text IS NOT NULL AND authorization_version IS NOT NULL)),
  CHECK (method_kind = 'bank' OR check_number IS NULL),
  CHECK ((status = 'pending') = (settled_at IS NULL)),
  CHECK (status <> 'approved' OR (confirmation_number IS NOT NULL AND processor_ref IS NOT NULL)),
  CHECK (status = 'approved' OR confirmation_number IS NULL)
);

-- One payment per attempt: a retry with the same key finds the row instead of making a second one.
CREATE UNIQUE INDEX payments_idempotency ON payments (policy_id, idempotency_key);
-- At most one payment in flight per policy: while one is pending (e.g. a processor timeout being
-- settled) another attempt is refused rather than risking a double payment.
CREATE UNIQUE INDEX payments_one_pending_per_policy ON payments (policy_id) WHERE status = 'pending';
CREATE INDEX payments_policy_created ON payments (policy_id, created_at);
CREATE INDEX payments_to_settle ON payments (next_check_at) WHERE status = 'pending';

-- Money records are kept: a settled payment's money facts never change, and no payment is deleted.
CREATE TRIGGER payments_settled_unchanged BEFORE UPDATE ON payments
WHEN OLD.status <> 'pending' AND (
  NEW.status IS NOT OLD.status OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.policy_id IS NOT OLD.policy_id
  OR NEW.processor_ref IS NOT OLD.processor_ref OR NEW.confirmation_number IS NOT OLD.confirmation_number
  OR NEW.method_kind IS NOT OLD.method_kind OR NEW.last4 IS NOT OLD.last4 OR NEW.settled_at IS NOT OLD.settled_at
)
BEGIN
  SELECT RAISE(ABORT, 'a settled payment does not change');
END;

CREATE TRIGGER payments_never_deleted BEFORE DELETE ON payments
BEGIN
  SELECT RAISE(ABORT, 'payments are never deleted');
END;
