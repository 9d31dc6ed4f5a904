-- How a claim is paid (issue 33 item 1, docs/decisions/210). Forward-only; times are epoch ms.
--
-- One row per claim: the policyholder's latest choice. Direct deposit keeps the processor's payout token,
-- the bank's name and the last four only (never the account number); a check keeps the payee and the
-- address it is mailed to. `version` grows only when the choice changes, and each version reaches the
-- claims system once through the outbox ('claim-payout', dedupe key claim-payout:{claim}:{version}).
CREATE TABLE claim_payout_choices (
  claim_number TEXT PRIMARY KEY REFERENCES claims(claim_number) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('deposit', 'check')),
  payout_token TEXT,
  bank_name TEXT,
  last4 TEXT CHECK (last4 IS NULL OR length(last4) = 4),
  payee TEXT,
  address1 TEXT,
  address2 TEXT,
  city TEXT,
  state TEXT,
  zip_code TEXT,
  version INTEGER NOT NULL,
  chosen_by TEXT NOT NULL,
  chosen_at INTEGER NOT NULL,
  sent_version INTEGER
);

-- The stand-in claims system's payment instructions (worker/dev/claims-system.ts), one per transaction id.
CREATE TABLE standin_claims_payouts (
  claim_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  instruction TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (claim_id, position)
);
