import type { PaymentRow } from '../../db/payments/payments'
import type { PaymentReceipt } from '../../../shared/payments/receipt'

/** A settled, approved row as a receipt (the PDF and the email say the same). */
export function receiptOf(row: PaymentRow, state: string, supportPhone: string): PaymentReceipt {
  return {
    confirmationNumber: row.confirmation_number ?? '',
    policyId: row.policy_id,
    state,
    payerName: row.payer_name,
    amountCents: row.amount_cents,
    method:
      row.method_kind === 'card'
        ? { kind: 'card', brand: row.brand, last4: row.last4 }
        : { kind: 'bank', last4: row.last4, ...(row.check_number ? { checkNumber: row.check_number } : {}) },
    paidAt: row.settled_at ?? row.created_at,
    ...(row.authorization_text ? { authorizationText: row.authorization_text } : {}),
    supportPhone,
  }
}
