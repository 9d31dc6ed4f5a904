-- Stronger sign-in (issue 23, docs/decisions/179-181): where a profile is signed in, the devices it
-- signed in from, 2-step sign-in codes and passkeys. Forward-only; times are epoch ms.

-- Where you are signed in: when the session was last used (written at most once a minute), the
-- approximate place the edge saw at sign-in ('' when unknown), and when the person last proved it is
-- them in this session (a sign-in, a code or a passkey; step-up before sensitive changes reads it).
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN place TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN verified_at INTEGER NOT NULL DEFAULT 0;

-- 2-step sign-in, turned on by the policyholder in the profile.
ALTER TABLE profiles ADD COLUMN two_step INTEGER NOT NULL DEFAULT 0;

-- A browser that signed in to a profile, named by the signed device cookie it carries. A pair not seen
-- before is a new device (a notice is mailed); remembered_until > now skips the 2-step code there.
CREATE TABLE known_devices (
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL,
  remembered_until INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (profile_id, device_id)
);

-- A 6-digit code mailed for a 2-step sign-in or a step-up. Only an HMAC of the code is stored; single
-- use (used_at), expiring (expires_at), and `tries` wrong entries at most before a new code is needed.
CREATE TABLE sign_in_codes (
  code_id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'step-up')),
  session_id TEXT,                            -- step-up: the session the code confirms
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  used_at INTEGER
);
CREATE INDEX sign_in_codes_profile ON sign_in_codes (profile_id, created_at);

-- Passkeys (WebAuthn, decision 181): the credential's public key (COSE, base64url), its signature
-- counter and transports; named by the policyholder, with when it was last used.
CREATE TABLE passkeys (
  credential_id TEXT PRIMARY KEY,             -- base64url, as the authenticator names it
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_profile ON passkeys (profile_id);

-- A WebAuthn challenge: single use (used_at) and expiring; a registration's is bound to its session.
CREATE TABLE webauthn_challenges (
  challenge_id TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in', 'step-up')),
  profile_id TEXT,
  session_id TEXT,
  challenge TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
