-- Issue 36 (decision 229): the language a person chose, for pages after sign-in and for mails sent to them.
ALTER TABLE profiles ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es'));
