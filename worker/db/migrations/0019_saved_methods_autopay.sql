-- Issue 22: saved payment methods, automatic payments and payment reminders (docs/decisions/175-177).
-- Forward-only. Never a card or account number here: the processor keeps those and gives a token.

-- A card or bank account stored at the processor for a profile (items 1 and 2). What may be shown
-- (brand or bank, last four, expiry, nickname) and the token the processor charges; the token is
-- never shown or sent to a browser. The consent to keep it, as shown, with its version, time and session.
CREATE TABLE saved_payment_methods (
  method_id TEXT PRIMARY KEY,                 -- 'pm_' + letters: shown in forms and addresses
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,                 -- the processor's token (letters only)
  kind TEXT NOT NULL CHECK (kind IN ('card', 'bank')),
  brand TEXT NOT NULL,                        -- the card's brand, or the bank's name
  last4 TEXT NOT NULL CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
  exp_month INTEGER CHECK (exp_month IS NULL OR exp_month BETWEEN 1 AND 12),
  exp_year INTEGER,
  nickname TEXT NOT NULL CHECK (length(nickname) BETWEEN 1 AND 40),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  -- NACHA's account validation for web debits: set once the processor confirmed the account.
  bank_validated_at INTEGER,
  consent_text TEXT NOT NULL,
  consent_version TEXT NOT NULL,
  consent_session_id TEXT NOT NULL,
  -- The payment it was saved with (saving while paying), so a repeated answer saves it once.
  source_payment_id TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  CHECK ((kind = 'card') = (exp_month IS NOT NULL AND exp_year IS NOT NULL))
);
CREATE INDEX saved_payment_methods_profile ON saved_payment_methods (profile_id, created_at);
CREATE UNIQUE INDEX saved_payment_methods_one_default ON saved_payment_methods (profile_id) WHERE is_default = 1;

-- The saved method a payment was charged with (its token is read from there, never copied).
ALTER TABLE payments ADD COLUMN saved_method_id TEXT;
-- An automatic payment's due date (item 2): with the idempotency key 'autopay:{due date}' and the unique
-- (policy_id, idempotency_key) of 0007, one payment per policy and due date, whatever runs it.
ALTER TABLE payments ADD COLUMN autopay_due_date TEXT CHECK (autopay_due_date IS NULL OR autopay_due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');

-- Automatic payments (item 2): a policy enrolled with a saved method of the enrolling profile. Each
-- enrolment keeps the terms (for a bank account, the recurring-debit authorization) as shown and
-- accepted, with version, time and session; stopping keeps the row (the authorization's record) and
-- frees the policy for a new enrolment. At most one active enrolment per policy.
CREATE TABLE autopay_enrolments (
  enrolment_id TEXT PRIMARY KEY,              -- 'ap_' + letters
  policy_id TEXT NOT NULL,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  method_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'stopped')),
  terms_text TEXT NOT NULL,
  terms_version TEXT NOT NULL,
  accepted_at INTEGER NOT NULL,
  enrolled_on TEXT NOT NULL,                  -- the local date it was accepted: it pays due dates 3 business days later on
  session_id TEXT NOT NULL,
  stopped_at INTEGER,
  CHECK ((status = 'stopped') = (stopped_at IS NOT NULL))
);
CREATE UNIQUE INDEX autopay_one_active_per_policy ON autopay_enrolments (policy_id) WHERE status = 'active';
CREATE INDEX autopay_active_method ON autopay_enrolments (method_id) WHERE status = 'active';

-- Payment reminders (item 3) turned off, per policy, from the profile of the policy's owner. The
-- reminders themselves are outbox mail, once per policy, due date and kind by their dedupe key.
CREATE TABLE payment_reminder_optouts (
  policy_id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);
