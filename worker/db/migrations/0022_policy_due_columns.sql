-- The policy's due date and amount due as columns (issue 29 item 5, docs/decisions/195), indexed, so the
-- scheduled work finds the automatic payments and the payment reminders of the day by an index search
-- instead of reading every policy's JSON every minute. Generated from the document itself: whatever
-- writes the document (the seed, the payment posting trigger of 0009, e-signature, a test's json_set)
-- keeps them right, with nothing to remember. VIRTUAL (ALTER TABLE cannot add a STORED column); the
-- index holds the values. Amount due is amountDue plus pastDue, in cents, as the policy reads count it.
-- Forward-only.
ALTER TABLE policies ADD COLUMN due_date TEXT GENERATED ALWAYS AS (json_extract(doc, '$.dueDate')) VIRTUAL;
ALTER TABLE policies ADD COLUMN due_cents INTEGER GENERATED ALWAYS AS (
  coalesce(json_extract(doc, '$.amountDue'), 0) + coalesce(json_extract(doc, '$.pastDue'), 0)
) VIRTUAL;
CREATE INDEX policies_due ON policies (due_date, due_cents);
