-- Emergency vendor dispatch (issue 19 item 6, docs/decisions/170): when the policyholder asked for a
-- National Vendor, the claim's own batch writes a 'requested' row here and queues a 'vendor-dispatch'
-- outbox message; the channel's handler sends it to the vendor network (one idempotency key per claim)
-- and stores the vendor's acceptance. Forward-only; times are epoch ms.
CREATE TABLE vendor_dispatches (
  claim_number TEXT PRIMARY KEY REFERENCES claims(claim_number) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'accepted', 'refused')),
  company TEXT,                              -- the accepting vendor
  phone TEXT,                                -- the vendor's phone, as the network gave it
  expected_arrival INTEGER,                  -- when the vendor expects to be on site
  requested_at INTEGER NOT NULL,             -- when the claim asked for a vendor (the claim's time)
  accepted_at INTEGER                        -- when the portal stored the acceptance (the drain's clock)
);

-- ---------------------------------------------------------------- the local stand-in (dev only)
-- worker/dev/vendors.ts keeps its own state here: nothing in the portal reads these tables, and /__dev
-- is a 404 in every deployed environment (decision 120).

-- One row per idempotency key: a dispatch repeated with the same key answers the same vendor.
CREATE TABLE standin_vendor_dispatches (
  idempotency_key TEXT PRIMARY KEY,
  claim_number TEXT NOT NULL,
  request TEXT NOT NULL,                     -- the dispatch request as received (JSON)
  company TEXT NOT NULL,
  phone TEXT NOT NULL,
  expected_arrival TEXT NOT NULL,            -- ISO 8601
  received INTEGER NOT NULL DEFAULT 1,       -- how many times the key was sent
  created_at INTEGER NOT NULL
);

-- POST /__dev/vendors/fail: the next `remaining` dispatch answers fail (one row, id 1).
CREATE TABLE standin_vendor_fail (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  remaining INTEGER NOT NULL,
  status INTEGER,                            -- answer with this HTTP status, doing nothing
  timeout INTEGER NOT NULL DEFAULT 0         -- 1: do the work, then lose the answer (504)
);
