-- Claim files travel one per request (issue 19 item 4, docs/decisions/169-claim-files-one-per-request.md).
--
-- claim_uploads: a file uploaded on its own (POST /v1/{family}/ClaimFile/{policyId}) before the claim it
-- belongs to is reported. The report names it by id (its fileIds); the claim's batch copies it into
-- claim_files and sets claim_number, so an upload is attached once. owner is claimDraftOwner()
-- ('profile:{id}' or 'sso:{policyId}'). A file added to an open claim gets a row here too, attached at once.
CREATE TABLE claim_uploads (
  id TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL,
  owner TEXT NOT NULL,
  r2_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'application/pdf')),
  size INTEGER NOT NULL CHECK (size BETWEEN 1 AND 10485760),
  sha256 TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  claim_number TEXT REFERENCES claims(claim_number) ON DELETE CASCADE
);
CREATE INDEX claim_uploads_unattached ON claim_uploads (policy_id, owner, created_at) WHERE claim_number IS NULL;

-- claim_files took positions 1 to 10 (the files of the report). A claim now holds up to 50 (files added
-- while it is open), and each file added later is delivered to the claims system on its own: sent_at is
-- when the claims system heard of it (with the claim's notice, or on the claim-document channel).
-- SQLite cannot change a CHECK: the table is made again and its rows copied.
CREATE TABLE claim_files_new (
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 50),
  r2_key TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'application/pdf')),
  size_bytes INTEGER NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  PRIMARY KEY (claim_number, position)
);
INSERT INTO claim_files_new (claim_number, position, r2_key, file_name, content_type, size_bytes, sha256, created_at, sent_at)
  SELECT f.claim_number, f.position, f.r2_key, f.file_name, f.content_type, f.size_bytes, f.sha256, f.created_at, c.sent_at
  FROM claim_files f JOIN claims c ON c.claim_number = f.claim_number;
DROP TABLE claim_files;
ALTER TABLE claim_files_new RENAME TO claim_files;
