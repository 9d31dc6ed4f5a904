import type { PaymentFormValues } from '../../shared/payments/schemas/payment'

/** The payment form as a payer fills it for a sandbox card that is approved; `change` overrides fields. */
export function cardFormValues(change: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    type: 'creditCard',
    amount: '',
    billingName: 'Casey Whitfield',
    billingAddress: '1 Main St',
    billingCity: 'Atlanta',
    billingState: 'GA',
    billingZip: '30305',
    email: '',
    cardNumber: '4111111111111111',
    expMonth: '07',
    expYear: '2099',
    cvv: '123',
    routingNumber: '',
    checkNumber: '',
    accountNumber: '',
    authorizeDebit: false,
    ...change,
  }
}
