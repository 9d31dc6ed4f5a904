-- Payments phase B (issue 11; docs/decisions/113-payment-posting.md). Forward-only.
-- An approved payment shows at once in Payment History and in the payment-due box: the policy of record
-- (policies.doc) gets the payment, recentPayment and reduced balances in the SAME statement that
-- approves the payment row. A trigger, so it happens exactly once per payment: only the update that
-- moves a row from 'pending' to 'approved' fires it, and a settled row never changes again (0007), so
-- racing settlements (a retry, the cron) cannot post a payment twice.

-- The payment's post date as the policyholder sees it (yyyy-mm-dd in the policy state's time zone).
ALTER TABLE payments ADD COLUMN post_date TEXT CHECK (post_date IS NULL OR post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');

CREATE TRIGGER payments_post_to_policy AFTER UPDATE OF status ON payments
WHEN OLD.status = 'pending' AND NEW.status = 'approved'
BEGIN
  -- Every argument of json_set reads the document as it was: the past due is paid first, the rest
  -- comes off the amount due; nothing goes below zero.
  UPDATE policies SET
    doc = json_set(doc,
      '$.payments[#]', json_object(
        'postDate', coalesce(NEW.post_date, date(NEW.settled_at / 1000, 'unixepoch')),
        'amount', NEW.amount_cents,
        'checkNumber', coalesce(NEW.check_number, ''),
        'description', CASE NEW.method_kind WHEN 'card' THEN 'Online Payment - Credit Card' ELSE 'Online Payment - Check' END),
      '$.recentPayment', NEW.amount_cents,
      '$.totalDue', max(0, coalesce(json_extract(doc, '$.totalDue'), 0) - NEW.amount_cents),
      '$.pastDue', max(0, coalesce(json_extract(doc, '$.pastDue'), 0) - NEW.amount_cents),
      '$.amountDue', max(0, coalesce(json_extract(doc, '$.amountDue'), 0) - max(0, NEW.amount_cents - coalesce(json_extract(doc, '$.pastDue'), 0)))),
    updated_at = NEW.settled_at
  WHERE policy_id = NEW.policy_id;
END;
