-- The documents checklist (issue 32 item 4, docs/decisions/207-claim-tracker-and-documents-checklist.md).
-- claim_uploads.answers: which document request a file sent to an open claim answers (the request line's
-- key, shared/claims/document-checklist.ts requestKey); null when it answers none.
ALTER TABLE claim_uploads ADD COLUMN answers TEXT;
-- The claims stand-in keeps the portal's id of each document sent later (the id document.received names)
-- and the request it answers, as the claims system would.
ALTER TABLE standin_claims_documents ADD COLUMN document_id TEXT;
ALTER TABLE standin_claims_documents ADD COLUMN answers TEXT;
