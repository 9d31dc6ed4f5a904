export { SessionTimeout as default } from './SessionTimeout'
