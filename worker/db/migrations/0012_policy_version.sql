-- A version per policy document (issue 14, decision 141): the per-isolate cache of parsed policies
-- (worker/services/policy-cache.ts) keeps a document only while its version is unchanged. Triggers set
-- a new random version on every insert and every write of doc, whoever writes it (e-sign, claims,
-- payments, the seed), so no writer can forget to invalidate. Random, not a counter: a row deleted
-- and inserted again (INSERT OR REPLACE) must not come back with a version a cache already holds.
ALTER TABLE policies ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
UPDATE policies SET version = abs(random());

CREATE TRIGGER policies_version_on_insert AFTER INSERT ON policies
BEGIN
  UPDATE policies SET version = abs(random()) WHERE policy_id = NEW.policy_id;
END;

CREATE TRIGGER policies_version_on_update AFTER UPDATE OF doc ON policies
BEGIN
  UPDATE policies SET version = abs(random()) WHERE policy_id = NEW.policy_id;
END;
