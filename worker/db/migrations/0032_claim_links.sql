-- One loss, two policies (issue 33 item 4, docs/decisions/213). Forward-only; times are epoch ms.
--
-- A claim reported from the offer after a weather claim on the profile's other policy of the same
-- property is linked to it: two rows, one per direction, written in the new claim's own D1 batch with
-- their 'claim-link' outbox rows. A row says "the claims system holding claim_number is told of
-- linked_claim_number"; sent_at is set once it took it (its transaction id names both claims).
-- UNIQUE (claim_number, linked_policy_id): a claim has at most one linked claim on each other policy, so
-- two reports of the other claim at once make one claim, and the other's batch fails whole.
CREATE TABLE claim_links (
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  linked_claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  linked_policy_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  PRIMARY KEY (claim_number, linked_claim_number),
  UNIQUE (claim_number, linked_policy_id)
);
CREATE INDEX claim_links_linked ON claim_links(linked_claim_number);

-- The claims-system stand-in's related claims (dev only, worker/dev/claims-system-related.ts).
CREATE TABLE standin_claims_related (
  claim_id TEXT NOT NULL REFERENCES standin_claims(id) ON DELETE CASCADE,
  related_reference TEXT NOT NULL,
  related_claim_number TEXT,
  policy_number TEXT NOT NULL,
  line_of_business TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (claim_id, related_reference)
);
