-- Issue 36 (decision 236): the language of the request that made a payment, so the mails of a payment
-- made without a profile (SSO) follow it, on the first try and on every retry. A profile's own choice
-- (profiles.language) still decides for a payment made with one.
ALTER TABLE payments ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es'));
