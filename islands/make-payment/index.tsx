export { MakePayment as default } from './MakePayment'
export { makePaymentPropsSchema as propsSchema } from '../../shared/payments/schemas/payment-props'
