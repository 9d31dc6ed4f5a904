export { MakePayment as default } from './MakePayment'
export { makePaymentPropsSchema as propsSchema } from '../../shared/schemas/payment-props'
