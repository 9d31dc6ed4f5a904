-- The sample PDF's code of paperless consent (issue 31 item 6, docs/decisions/205). Forward-only; times
-- are epoch ms.
--
-- One random code per session, made when the session first opens the sample PDF and shown only inside
-- it: a consent is accepted only with it, so the code proves the PDF was opened (it cannot be worked out
-- from the session id or any public text). `tries` counts wrong codes, counted in the statement that
-- judges each (a burst meets the limit exactly); a code out of tries is replaced the next time the PDF
-- is opened. Kept as written: it grants nothing the session itself does not (the session id, which is
-- the cookie, is stored as written too), and the PDF shows the same code each time it is opened.
CREATE TABLE paperless_sample_codes (
  session_id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
