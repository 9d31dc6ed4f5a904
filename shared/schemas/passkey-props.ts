import * as z from 'zod/mini'
import { SITE_PATH } from '../site-request'

const sitePath = () => z.string().check(z.regex(SITE_PATH, 'must be a path on this site'))

/** Props of the passkey-sign-in island (the login page with its passkey prompt, and step-up with a passkey; decision 181). */
export const passkeySignInPropsSchema = z.strictObject({
  optionsUrl: sitePath(),
  verifyUrl: sitePath(),
  /** Ask the browser to offer passkeys in the user-name field's autofill (conditional UI). */
  autofill: z.boolean(),
  /** The button's words (default 'Sign in with a passkey'; step-up: 'Confirm with a passkey'). */
  label: z.optional(z.string().check(z.maxLength(40))),
  /** Where to go once verified; by default where the answer says (a sign-in: Account Home). */
  doneUrl: z.optional(sitePath()),
})
export type PasskeySignInProps = z.infer<typeof passkeySignInPropsSchema>

/** Props of the passkey-add island (Your Profile > Passkeys). */
export const passkeyAddPropsSchema = z.strictObject({
  optionsUrl: sitePath(),
  addUrl: sitePath(),
  /** Where to go once the passkey is stored (the list, with its status message). */
  doneUrl: sitePath(),
})
export type PasskeyAddProps = z.infer<typeof passkeyAddPropsSchema>
