export { MakePayment as default } from './MakePayment'
