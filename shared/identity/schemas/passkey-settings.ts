import * as z from 'zod/mini'
import { SITE_PATH } from '../../site-request'

const sitePath = () => z.string().check(z.regex(SITE_PATH, 'must be a path on this site'))

/**
 * Settings of the passkey-sign-in script island (the login page with its passkey prompt, and step-up
 * with a passkey; decision 181). They travel as data attributes; the button's words are in the markup.
 */
export const passkeySignInSettingsSchema = z.strictObject({
  optionsUrl: sitePath(),
  verifyUrl: sitePath(),
  /** Ask the browser to offer passkeys in the user-name field's autofill (conditional UI). */
  autofill: z.boolean(),
  /** Where to go once verified; by default where the answer says (a sign-in: Account Home). */
  doneUrl: z.optional(sitePath()),
})
export type PasskeySignInSettings = z.infer<typeof passkeySignInSettingsSchema>

/** Settings of the passkey-add script island (Your Profile > Passkeys). */
export const passkeyAddSettingsSchema = z.strictObject({
  optionsUrl: sitePath(),
  addUrl: sitePath(),
  /** Where to go once the passkey is stored (the list, with its status message). */
  doneUrl: sitePath(),
})
export type PasskeyAddSettings = z.infer<typeof passkeyAddSettingsSchema>
