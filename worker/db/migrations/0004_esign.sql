-- E-signatures and their evidence (issue 6, docs/decisions/040-esign-evidence.md). Forward-only.
-- One row per signing act; what was presented and what was typed live in the child tables.
-- Evidence is append-only: the triggers below refuse any UPDATE or DELETE.

CREATE TABLE esign_signatures (
  signature_id TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL,
  -- The policy transaction being signed: originalTransType|effectiveDate|postDate.
  transaction_key TEXT NOT NULL,
  -- SHA-256 over what was presented (document hashes, statement texts, acknowledgement, terms).
  content_sha256 TEXT NOT NULL,
  signed_at INTEGER NOT NULL,          -- epoch ms, server clock
  signed_at_iso TEXT NOT NULL,         -- the same instant, ISO 8601 UTC
  date_signed TEXT NOT NULL,           -- yyyy-mm-dd written to the policy's e-signature history
  -- The signer: the session that signed, and its profile (direct login) or SSO identity.
  session_id TEXT NOT NULL,
  session_kind TEXT NOT NULL CHECK (session_kind IN ('direct', 'sso')),
  profile_id TEXT,
  signer_json TEXT NOT NULL,           -- snapshot: session row, profile (id, user name, email) or SSO scope/origin
  channel TEXT NOT NULL CHECK (channel IN ('island', 'form', 'api')),
  -- What the signer typed and agreed to.
  applicant_signature TEXT NOT NULL,   -- the typed full name
  consent_given INTEGER NOT NULL CHECK (consent_given = 1),
  consent_label TEXT NOT NULL,         -- the checkbox text, with the policy id, as shown
  terms_version TEXT NOT NULL,
  terms_text TEXT NOT NULL,            -- the ESIGN disclosures as shown (paper copies, withdrawal, hardware/software…)
  terms_sha256 TEXT NOT NULL,
  terms_sections TEXT NOT NULL,        -- JSON list of the disclosure sections shown
  acknowledgement_html TEXT NOT NULL,  -- the applicant's acknowledgement, sanitized, as shown
  acknowledgement_sha256 TEXT NOT NULL,
  submission_json TEXT NOT NULL,       -- the e-sign submission as received (spec 000 section 3)
  -- Where from.
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  request_id TEXT NOT NULL,
  response_message TEXT NOT NULL,      -- the text the signer was shown
  -- SHA-256 of the canonical evidence record (evidence_json), to show it was not altered.
  evidence_json TEXT NOT NULL,
  evidence_sha256 TEXT NOT NULL,
  -- A second submission for the same documents cannot create a second signature (double click, retry).
  UNIQUE (policy_id, transaction_key, content_sha256)
);
CREATE INDEX esign_signatures_policy ON esign_signatures(policy_id, signed_at);
CREATE INDEX esign_signatures_profile ON esign_signatures(profile_id);

-- Each document presented (application, CEA application): the exact bytes' SHA-256, read from R2.
CREATE TABLE esign_documents (
  signature_id TEXT NOT NULL REFERENCES esign_signatures(signature_id),
  position INTEGER NOT NULL,
  kind TEXT NOT NULL,
  description TEXT NOT NULL,
  file_name TEXT NOT NULL,
  r2_key TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  r2_etag TEXT NOT NULL,
  r2_uploaded TEXT NOT NULL,
  PRIMARY KEY (signature_id, position)
);

-- Each special acknowledgement statement: its exact text, the text's SHA-256, and the initials typed.
CREATE TABLE esign_statements (
  signature_id TEXT NOT NULL REFERENCES esign_signatures(signature_id),
  position INTEGER NOT NULL,
  statement_id INTEGER NOT NULL,
  statement_text TEXT NOT NULL,
  text_sha256 TEXT NOT NULL,
  initials TEXT NOT NULL,
  PRIMARY KEY (signature_id, position)
);

CREATE TRIGGER esign_signatures_no_update BEFORE UPDATE ON esign_signatures
BEGIN SELECT RAISE(ABORT, 'e-signature evidence is append-only'); END;
CREATE TRIGGER esign_signatures_no_delete BEFORE DELETE ON esign_signatures
BEGIN SELECT RAISE(ABORT, 'e-signature evidence is append-only'); END;
CREATE TRIGGER esign_documents_no_update BEFORE UPDATE ON esign_documents
BEGIN SELECT RAISE(ABORT, 'e-signature evidence is append-only'); END;
CREATE TRIGGER esign_documents_no_delete BEFORE DELETE ON esign_documents
BEGIN SELECT RAISE(ABORT, 'e-signature evidence is append-only'); END;
CREATE TRIGGER esign_statements_no_update BEFORE UPDATE ON esign_statements
BEGIN SELECT RAISE(ABORT, 'e-signature evidence is append-only'); END;
CREATE TRIGGER esign_statements_no_delete BEFORE DELETE ON esign_statements
BEGIN SELECT RAISE(ABORT, 'e-signature evidence is append-only'); END;
