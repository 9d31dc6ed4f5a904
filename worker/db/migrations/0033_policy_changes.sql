-- Policy changes made by the policyholder (issue 34, docs/decisions/214). Forward-only; times are epoch ms.
--
-- policy_changes: every change the portal asked the policy administration system to price, the policy's
-- history of changes. One row per change; its change_id is the Idempotency-Key of its bind, so however
-- often it is sent the carrier binds it once. status moves quoted -> binding -> bound | referred |
-- declined; a request takes the row from quoted to binding (or from a binding left more than two
-- minutes, a request that died) in one UPDATE, so of two confirmations at once one binds.
CREATE TABLE policy_changes (
  change_id TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  kind TEXT NOT NULL,
  request TEXT NOT NULL,                 -- JSON: the ChangeRequest sent (worker/integrations/policy-admin/port.ts)
  summary TEXT NOT NULL,                 -- JSON: the lines saying what changes (the review's, the mail's, the history's)
  as_of TEXT NOT NULL,                   -- JSON: the policy's parts it was priced on; bound only while they still are
  effective_date TEXT NOT NULL,
  notify_email TEXT,                     -- a new lender's address: it gets the proof of insurance once bound
  quote_id TEXT NOT NULL,
  premium_change_cents INTEGER NOT NULL DEFAULT 0,
  referral TEXT,                         -- the carrier's reason to review it, when it does
  status TEXT NOT NULL CHECK (status IN ('quoted', 'binding', 'bound', 'referred', 'declined')),
  admin_change_id TEXT,
  created_at INTEGER NOT NULL,
  binding_since INTEGER,
  decided_at INTEGER
);
CREATE INDEX policy_changes_by_policy ON policy_changes (policy_id, created_at DESC);

-- The policy administration system's stand-in (worker/dev/policy-admin; dev only, nothing in the portal
-- reads these): the parts of each policy it learnt from its first quote, its quotes and its fail switch.
CREATE TABLE standin_policy_admin_policies (
  policy_id TEXT PRIMARY KEY,
  parts TEXT NOT NULL
);
CREATE TABLE standin_policy_admin_quotes (
  quote_id TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL,
  reference TEXT NOT NULL,
  effective_date TEXT NOT NULL,
  request TEXT NOT NULL,
  premium_change_cents INTEGER NOT NULL,
  referral TEXT,
  status TEXT NOT NULL DEFAULT 'quoted' CHECK (status IN ('quoted', 'bound', 'referred', 'declined')),
  change_id TEXT,
  bind_key TEXT UNIQUE,
  bound_parts TEXT,
  reason TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);
CREATE TABLE standin_policy_admin_fail (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  remaining INTEGER NOT NULL,
  status INTEGER,
  timeout INTEGER NOT NULL DEFAULT 0
);
