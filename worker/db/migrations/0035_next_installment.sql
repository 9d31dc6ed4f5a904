-- The next installment of a billing plan chosen online (issue 34 item 5, docs/decisions/217). Binding a
-- plan writes its schedule to the document ($.billingPlan.schedule) and its first installment as the
-- amount due on its date. Once that amount is paid (the posting trigger of 0009 takes it to 0) the
-- next installment of the schedule becomes the amount due, on its date, capped at what is still owed:
-- the payment-due box and automatic payments (the due-date and amount-due columns of 0022 follow the
-- document) then show and draw it. A trigger, like the posting itself, so whatever settles a payment
-- (Make a Payment, an automatic draft, the settle channel) moves the schedule on exactly once.
-- Policies without an online plan (every seeded one) are untouched. Forward-only.
CREATE TRIGGER policies_next_installment AFTER UPDATE OF doc ON policies
WHEN json_extract(NEW.doc, '$.billingPlan') IS NOT NULL
  AND coalesce(json_extract(NEW.doc, '$.amountDue'), 0) = 0
  AND coalesce(json_extract(NEW.doc, '$.pastDue'), 0) = 0
  AND coalesce(json_extract(NEW.doc, '$.totalDue'), 0) > 0
  AND EXISTS (
    SELECT 1 FROM json_each(NEW.doc, '$.billingPlan.schedule') s
    WHERE json_extract(s.value, '$.dueDate') > json_extract(NEW.doc, '$.dueDate')
  )
BEGIN
  UPDATE policies SET doc = (
    SELECT json_set(policies.doc,
      '$.amountDue', min(json_extract(s.value, '$.amountCents'), json_extract(policies.doc, '$.totalDue')),
      '$.dueDate', json_extract(s.value, '$.dueDate'))
    FROM json_each(policies.doc, '$.billingPlan.schedule') s
    WHERE json_extract(s.value, '$.dueDate') > json_extract(policies.doc, '$.dueDate')
    ORDER BY json_extract(s.value, '$.dueDate')
    LIMIT 1
  )
  WHERE policy_id = NEW.policy_id;
END;
