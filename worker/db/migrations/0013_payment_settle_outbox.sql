-- Payments left pending are settled by the outbox's 'payment-settle' channel (docs/decisions/162), no
-- longer by the payments table's own schedule (next_check_at, processor_attempts: kept, unused). A
-- payment pending when this runs gets its outbox message here, due when its next check was. Forward-only.
INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
SELECT 'payment-settle', 'payment-settle:' || payment_id, json_object('paymentId', payment_id), 'pending', 0,
       COALESCE(next_check_at, created_at), created_at
FROM payments WHERE status = 'pending'
ON CONFLICT(dedupe_key) DO NOTHING;

DROP INDEX IF EXISTS payments_to_settle;
