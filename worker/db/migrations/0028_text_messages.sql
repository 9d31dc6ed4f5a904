-- Text messages (issue 32 item 5, docs/decisions/209). Forward-only; times are epoch ms.
--
-- A profile's notification choices, one row per kind and channel it changed from the default (email on,
-- text off; security alerts by email cannot be turned off: shared/notifications/preferences.ts).
CREATE TABLE notification_preferences (
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('claim-updates', 'payments', 'security')),
  channel TEXT NOT NULL CHECK (channel IN ('email', 'text')),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, kind, channel)
);

-- The mobile number a profile's texts go to: verified by a code sent to it, with the consent the person
-- gave (the text shown, its version and when), and a STOP from that number (the provider's inbound
-- webhook): no text is sent while stopped_at is set; verifying the number again clears it.
CREATE TABLE profile_phones (
  profile_id TEXT PRIMARY KEY REFERENCES profiles(profile_id) ON DELETE CASCADE,
  phone TEXT NOT NULL,                 -- E.164, +1 and 10 digits
  verified_at INTEGER NOT NULL,
  consent_version TEXT NOT NULL,
  consent_text TEXT NOT NULL,
  consent_at INTEGER NOT NULL,
  stopped_at INTEGER,
  stop_word TEXT
);
CREATE INDEX profile_phones_phone ON profile_phones(phone);

-- A code sent by text to a number being verified, one per profile (a new one replaces it). Only its
-- HMAC is kept; wrong entries are counted in the counters table before each check (countedAttempt).
CREATE TABLE phone_codes (
  profile_id TEXT PRIMARY KEY REFERENCES profiles(profile_id) ON DELETE CASCADE,
  phone TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  consent_version TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

-- The SMS stand-in's own state (dev only, like standin_mail): each text the SMS API accepted, once per
-- Idempotency-Key. Nothing in the portal reads it; /__dev is a 404 in every deployed environment.
CREATE TABLE standin_sms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key TEXT NOT NULL UNIQUE,
  received_at INTEGER NOT NULL,
  recipient TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX standin_sms_recipient ON standin_sms(recipient, id);
