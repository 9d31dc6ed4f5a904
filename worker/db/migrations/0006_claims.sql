-- Report a Claim (issue 10). Reference data the forms read (claims matrix, claim seed data, fraud
-- language) and the records a reported claim leaves (claims, claim_files, claim_drafts, claim numbers).
-- Design: docs/decisions/100-claims-data-model.md. Money is integer cents; times are epoch ms.

-- The claims matrix (spec 001 section 3 "Claims matrix row"): causes and detailed causes of loss.
-- id is the row's Id, which a submission sends back as perilMappingId.
CREATE TABLE claims_matrix (
  id INTEGER PRIMARY KEY,
  family TEXT NOT NULL CHECK (family IN ('homeowners', 'flood')),
  peril_description TEXT NOT NULL,
  sub_peril_description TEXT NOT NULL,
  -- 0 not weather related, 1 either, 2 weather only (weather Yes keeps >= 1, No keeps <= 1).
  weather_related INTEGER NOT NULL CHECK (weather_related >= 0),
  -- The mitigation code: 0 none, 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping.
  mitigation_required INTEGER NOT NULL DEFAULT 0 CHECK (mitigation_required BETWEEN 0 AND 4),
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX claims_matrix_family ON claims_matrix(family, position);

-- The plans a matrix row applies to, read when pH.UseClaimsMatrixFiltered is on for the policy.
CREATE TABLE claims_matrix_plans (
  matrix_id INTEGER NOT NULL REFERENCES claims_matrix(id) ON DELETE CASCADE,
  plan_id TEXT NOT NULL,
  PRIMARY KEY (matrix_id, plan_id)
);
CREATE INDEX claims_matrix_plans_plan ON claims_matrix_plans(plan_id);

-- Claim seed data per policy (spec 001 section 3 "Claim seed data"): what the policy document does not
-- already hold. PlanId, the insured's name and the insured location come from the policy; IsPolicyActive
-- is computed for the date of loss.
CREATE TABLE claim_seed_data (
  policy_id TEXT PRIMARY KEY REFERENCES policies(policy_id) ON DELETE CASCADE,
  exclusions TEXT NOT NULL DEFAULT '[]',     -- JSON array of exclusion codes ('WIND', 'WATER')
  endorsements TEXT NOT NULL DEFAULT '[]',   -- JSON array of endorsement descriptions
  deductibles TEXT NOT NULL DEFAULT '{}',    -- JSON object: name -> integer cents (0 = not shown)
  shell_claim INTEGER NOT NULL DEFAULT 0 CHECK (shell_claim IN (0, 1)),
  mitigation_type INTEGER NOT NULL DEFAULT 0 CHECK (mitigation_type BETWEEN 0 AND 4),
  updated_at INTEGER NOT NULL
);

-- The fraud warning shown on the non-flood form, by the policy's state ('*' is the default).
CREATE TABLE claim_fraud_language (
  state TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  font_name TEXT NOT NULL DEFAULT 'Arial',
  font_size TEXT NOT NULL DEFAULT '12',
  font_weight TEXT NOT NULL DEFAULT 'N' CHECK (font_weight IN ('Y', 'N'))
);

-- ---------------------------------------------------------------- written by FirstNoticeOfLoss (phase B)

-- Claim numbers: one counter per prefix and year ('HO' 2026 -> HO-2026-000001).
CREATE TABLE claim_number_counters (
  prefix TEXT NOT NULL,
  year INTEGER NOT NULL,
  last_number INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (prefix, year)
);

-- One row per reported claim. The submission is the validated claimSubmission JSON (no card, bank or
-- date-of-birth data exists in it; pdfImage is always empty, the PDF is in R2). UNIQUE(policy_id,
-- idempotency_key) makes a replayed or raced request find the claim it already made.
CREATE TABLE claims (
  claim_number TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL REFERENCES policies(policy_id),
  family TEXT NOT NULL CHECK (family IN ('homeowners', 'flood')),
  session_id TEXT NOT NULL,
  profile_id TEXT REFERENCES profiles(profile_id) ON DELETE SET NULL,
  channel TEXT NOT NULL CHECK (channel IN ('island', 'api')),
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,               -- SHA-256 of the canonical submission (same key, other body: 422)
  status TEXT NOT NULL DEFAULT 'Reported',
  loss_date TEXT NOT NULL,                  -- yyyy-mm-dd
  peril TEXT NOT NULL DEFAULT '',           -- what Claims History shows: the cause of loss, or 'Flood'
  submission TEXT NOT NULL,
  pdf_key TEXT,                             -- R2: claims/{policyId}/{claimNumber}/claim.pdf
  answer_text TEXT NOT NULL DEFAULT '',     -- the 200/202 text returned (with the claim number)
  created_at INTEGER NOT NULL,
  UNIQUE (policy_id, idempotency_key)
);
CREATE INDEX claims_policy ON claims(policy_id, created_at);

-- Photos and files of a claim (images or PDFs, 10 MB each, at most 10 per claim), in R2 under the claim.
CREATE TABLE claim_files (
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 10),
  r2_key TEXT NOT NULL UNIQUE,              -- claims/{policyId}/{claimNumber}/files/{position}-{safe name}
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'application/pdf')),
  size_bytes INTEGER NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (claim_number, position)
);

-- A claim being typed, kept server-side per policy and owner so it survives a reload, a session timeout
-- and a new login. owner_key: 'profile:{profileId}' for direct sessions, 'sso:{policyId}' for SSO.
-- values_json holds the form values only (never files); deleted on submit or Cancel-and-confirm.
CREATE TABLE claim_drafts (
  policy_id TEXT NOT NULL REFERENCES policies(policy_id) ON DELETE CASCADE,
  owner_key TEXT NOT NULL,
  family TEXT NOT NULL CHECK (family IN ('homeowners', 'flood')),
  values_json TEXT NOT NULL,
  idempotency_key TEXT NOT NULL DEFAULT '', -- the key of the claim being sent, so a retry after reload is the same claim
  version INTEGER NOT NULL DEFAULT 1,       -- optimistic concurrency between two tabs
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (policy_id, owner_key)
);
CREATE INDEX claim_drafts_expiry ON claim_drafts(expires_at);
