export { PasskeyAdd as default } from './PasskeyAdd'
export { passkeyAddPropsSchema as propsSchema } from '../../shared/schemas/passkey-props'
