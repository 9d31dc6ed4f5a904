export { PasskeySignIn as default } from './PasskeySignIn'
export { passkeySignInPropsSchema as propsSchema } from '../../shared/schemas/passkey-props'
