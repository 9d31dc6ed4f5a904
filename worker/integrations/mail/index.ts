export { mailTransport } from './transport'
