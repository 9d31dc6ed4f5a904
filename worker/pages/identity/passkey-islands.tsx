import { PASSKEY_NAME_MAX } from '../../../shared/identity/passkeys'
import type { PasskeyAddSettings, PasskeySignInSettings } from '../../../shared/identity/schemas/passkey-settings'
import { ScriptIsland } from '../../render/island'

/**
 * The passkey script islands (decision 181; no React since decision 198). Both render hidden: without
 * script (or without WebAuthn) a passkey cannot be used, so nothing offers it; their scripts
 * (islands/passkey-*\/script.ts) show them where the browser can.
 */

/** Ours: the name a passkey gets when the field is left as suggested. */
const SUGGESTED_NAME = 'My passkey'

/**
 * Sign in with a passkey, on the login page with its passkey prompt (autofill in the user-name field and
 * this button), and on Confirm It Is You for a step-up (the button only). The password form beside it
 * works as before, with or without it.
 */
export function PasskeySignIn({ label = 'Sign in with a passkey', ...settings }: PasskeySignInSettings & { label?: string }) {
  return (
    <ScriptIsland name="passkey-sign-in" settings={settings}>
      <div className="passkey-sign-in" hidden>
        <button type="button" className="btn btn--secondary">
          {label}
        </button>
      </div>
    </ScriptIsland>
  )
}

/**
 * Add a passkey: the person names it, the browser creates it, the server checks and stores it, and the
 * list shows it. Rendered only for a session proved in the last 10 minutes (step-up, decision 180); the
 * server checks that again.
 */
export function PasskeyAdd(settings: PasskeyAddSettings) {
  return (
    <ScriptIsland name="passkey-add" settings={settings}>
      <form className="passkey-add" noValidate hidden>
        <div className="field">
          <label htmlFor="passkey-name">Passkey name *</label>
          <p className="field__hint" id="passkey-name-hint">
            A name you will recognise, for example My phone.
          </p>
          <input id="passkey-name" name="name" defaultValue={SUGGESTED_NAME} maxLength={PASSKEY_NAME_MAX} aria-describedby="passkey-name-hint" required />
        </div>
        <button type="submit" className="btn btn--primary">
          Add a passkey
        </button>
      </form>
    </ScriptIsland>
  )
}
