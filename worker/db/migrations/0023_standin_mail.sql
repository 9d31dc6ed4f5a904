-- The mail stand-in's own state (dev only, decision 191): what the transactional mail API received.
-- Locally the portal delivers mail through its real HTTP adapter to worker/dev/mail-api.ts, which keeps
-- each message here once per Idempotency-Key; nothing in the portal reads this table, and /__dev is a
-- 404 in every deployed environment (decision 120). Attachments are kept in R2 under standin-mail/.
CREATE TABLE standin_mail (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key TEXT NOT NULL UNIQUE,
  received_at INTEGER NOT NULL,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  attachments TEXT NOT NULL DEFAULT '[]'   -- [{filename, contentType, size, r2Key}]
);
CREATE INDEX standin_mail_recipient ON standin_mail(recipient, id);
