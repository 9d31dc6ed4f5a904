import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'

/**
 * The payments table proposed for phase B (worker/db/migrations/0007_payments.sql): what it refuses is
 * part of the money flow (docs/decisions/111), so it is checked here against real D1.
 */
type Row = Record<string, string | number | null | undefined>

function payment(change: Row = {}): Row {
  return {
    payment_id: `pay_${crypto.randomUUID().replace(/-/g, '')}`,
    idempotency_key: `key-${crypto.randomUUID()}`,
    request_fingerprint: '["creditCard"]',
    policy_id: `HOM${crypto.getRandomValues(new Uint32Array(1))[0]}`,
    family: 'homeowners',
    session_id: 's1',
    session_kind: 'direct',
    profile_id: 'p-maria',
    channel: 'island',
    request_id: 'r1',
    amount_cents: 18450,
    method_kind: 'card',
    brand: 'Visa',
    last4: '1111',
    check_number: null,
    payer_name: 'Maria Delgado',
    receipt_email: 'maria.multi@example.com',
    authorization_text: null,
    authorization_version: null,
    status: 'pending',
    created_at: 1,
    ...change,
  }
}

function insert(row: Row) {
  const cols = Object.keys(row)
  return env.DB.prepare(`INSERT INTO payments (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
    .bind(...cols.map((c) => row[c] ?? null))
    .run()
}

const settle = (id: unknown) =>
  env.DB.prepare(
    "UPDATE payments SET status = 'approved', outcome = 'approved', processor_ref = 'sbx_1', confirmation_number = ?, settled_at = 2 WHERE payment_id = ?",
  )
    .bind(`PHP-${crypto.randomUUID().slice(0, 8)}`, id)
    .run()

describe('the payments table', () => {
  it('takes a pending card payment and settles it approved, with a confirmation number', async () => {
    const row = payment()
    await insert(row)
    await settle(row.payment_id)
    const stored = await env.DB.prepare('SELECT status, confirmation_number, last4 FROM payments WHERE payment_id = ?').bind(row.payment_id).first()
    expect(stored).toMatchObject({ status: 'approved', last4: '1111' })
  })

  it('takes a bank payment only with its authorization', async () => {
    await expect(insert(payment({ method_kind: 'bank', brand: 'ACH', last4: '6789', check_number: '1001' }))).rejects.toThrow(/CHECK/)
    await insert(
      payment({
        method_kind: 'bank',
        brand: 'ACH',
        last4: '6789',
        check_number: '1001',
        authorization_text: 'I authorize…',
        authorization_version: 'nacha-web-single-2026-11',
      }),
    )
  })

  it.each<[string, Row]>([
    ['a full card number in last4', { last4: '4111111111111111' }],
    ['letters in last4', { last4: '11a1' }],
    ['a zero amount', { amount_cents: 0 }],
    ['more than the 15000 cap', { amount_cents: 1_500_001 }],
    ['an unknown status', { status: 'refunded' }],
    ['approved without a confirmation number', { status: 'approved', settled_at: 2, processor_ref: 'x' }],
    ['settled without a time', { status: 'declined' }],
    ['a confirmation number on a declined payment', { status: 'declined', settled_at: 2, confirmation_number: 'PHP-1' }],
    ['a card authorization text', { authorization_text: 'x', authorization_version: 'v' }],
  ])('refuses %s', async (_name, change) => {
    await expect(insert(payment(change))).rejects.toThrow()
  })

  it('one row per policy and Idempotency-Key', async () => {
    const row = payment()
    await insert(row)
    await settle(row.payment_id)
    await expect(insert({ ...payment(), policy_id: row.policy_id, idempotency_key: row.idempotency_key })).rejects.toThrow(/UNIQUE/)
  })

  it('at most one pending payment per policy', async () => {
    const first = payment()
    await insert(first)
    await expect(insert(payment({ policy_id: first.policy_id }))).rejects.toThrow(/UNIQUE/)
    await settle(first.payment_id)
    await insert(payment({ policy_id: first.policy_id }))
  })

  it('a settled payment keeps its money facts, and no payment is deleted', async () => {
    const row = payment()
    await insert(row)
    await settle(row.payment_id)
    await expect(env.DB.prepare('UPDATE payments SET amount_cents = 1 WHERE payment_id = ?').bind(row.payment_id).run()).rejects.toThrow(/does not change/)
    await expect(env.DB.prepare("UPDATE payments SET status = 'failed' WHERE payment_id = ?").bind(row.payment_id).run()).rejects.toThrow(/does not change/)
    await env.DB.prepare("UPDATE payments SET receipt_email = 'new@example.com' WHERE payment_id = ?").bind(row.payment_id).run()
    await expect(env.DB.prepare('DELETE FROM payments WHERE payment_id = ?').bind(row.payment_id).run()).rejects.toThrow(/never deleted/)
  })
})
