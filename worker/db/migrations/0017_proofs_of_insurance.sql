-- Proof of insurance on demand (issue 24, docs/decisions/172): every evidence of insurance the portal
-- issues, so the public verification page can tell a genuine code from a made-up one and a lender can
-- compare the PDF it holds with the one issued. Forward-only; times are epoch ms.
CREATE TABLE proofs_of_insurance (
  code TEXT PRIMARY KEY,                      -- the verification code printed on the PDF (XXXX-XXXX-XXXX)
  policy_id TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  pdf_sha256 TEXT NOT NULL                    -- hex sha256 of the PDF bytes as served
);
CREATE INDEX proofs_of_insurance_policy ON proofs_of_insurance (policy_id, issued_at);
