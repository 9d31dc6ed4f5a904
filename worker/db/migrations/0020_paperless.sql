-- Paperless documents (issue 22 item 4, docs/decisions/178). Forward-only; times are epoch ms.

-- Every consent to electronic delivery and every withdrawal, append-only: the triggers below refuse any
-- UPDATE or DELETE. A profile's last event is its state. A consent names the disclosures shown (version,
-- text, SHA-256) and how the person showed they can open a PDF; both name the session and the address
-- the documents go to.
CREATE TABLE paperless_consent_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL UNIQUE,              -- random, letters only: the batch's later statements find their event by it
  profile_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('consent', 'withdraw')),
  disclosure_version TEXT NOT NULL,
  disclosure_text TEXT NOT NULL,              -- as shown ('' for a withdrawal: nothing to agree to)
  disclosure_sha256 TEXT NOT NULL,
  demonstrated TEXT NOT NULL,                 -- 'sample-pdf-code' for a consent, '' for a withdrawal
  email_address TEXT NOT NULL,                -- the profile's address at the time
  session_id TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  request_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  at_iso TEXT NOT NULL
);
CREATE INDEX paperless_consent_events_profile ON paperless_consent_events (profile_id, id);

CREATE TRIGGER paperless_consent_events_no_update BEFORE UPDATE ON paperless_consent_events
BEGIN
  SELECT RAISE(ABORT, 'paperless consent history is append-only');
END;

CREATE TRIGGER paperless_consent_events_no_delete BEFORE DELETE ON paperless_consent_events
BEGIN
  SELECT RAISE(ABORT, 'paperless consent history is append-only');
END;

-- The policies whose documents are watched for a profile, since when. A policy not yet watched (linked
-- after the consent) has its documents recorded as they stand, without mail, the first time it is seen.
CREATE TABLE paperless_watched_policies (
  profile_id TEXT NOT NULL,
  policy_id TEXT NOT NULL,
  since INTEGER NOT NULL,
  PRIMARY KEY (profile_id, policy_id)
);

-- Each document of a watched policy the portal knows of: there when watching began or the consent was
-- given (announced 0), or announced by one email (announced 1). A row exists at most once, so a document
-- is announced at most once however often the scheduled work runs.
CREATE TABLE paperless_documents_seen (
  profile_id TEXT NOT NULL,
  policy_id TEXT NOT NULL,
  document_key TEXT NOT NULL,                 -- policy:{fileName} | standard:{fileName} | packet:{type}:{date}
  seen_at INTEGER NOT NULL,
  announced INTEGER NOT NULL CHECK (announced IN (0, 1)),
  PRIMARY KEY (profile_id, policy_id, document_key)
);
