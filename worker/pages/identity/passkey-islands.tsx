import { PASSKEY_MSG, PASSKEY_NAME_MAX } from '../../../shared/identity/passkeys'
import type { PasskeyAddSettings, PasskeySignInSettings } from '../../../shared/identity/schemas/passkey-settings'
import { spanishMessagesOf } from '../../../shared/i18n/messages'
import { safeJsonForHtml, ScriptIsland } from '../../render/island'
import { useLocale, useTexts } from '../../render/locale'
import { passkeyIslandTexts } from './texts/security'

/**
 * The passkey script islands (decision 181; no React since decision 198). Both render hidden: without
 * script (or without WebAuthn) a passkey cannot be used, so nothing offers it; their scripts
 * (islands/passkey-*\/script.ts) show them where the browser can.
 */

/**
 * What the scripts may say (their own checks, and the /v1 answers, which are English), in Spanish on a
 * Spanish page: a map from the English text, as JSON in the markup (islands/ui/island-texts.ts reads
 * it). An English page needs none, and its markup stays as it was.
 */
function IslandTexts() {
  if (useLocale() === 'en') return null
  return (
    <script type="application/json" data-island-texts="" dangerouslySetInnerHTML={{ __html: safeJsonForHtml(spanishMessagesOf(Object.values(PASSKEY_MSG))) }} />
  )
}

/**
 * Sign in with a passkey, on the login page with its passkey prompt (autofill in the user-name field and
 * this button), and on Confirm It Is You for a step-up (the button only). The password form beside it
 * works as before, with or without it.
 */
export function PasskeySignIn({ label, ...settings }: PasskeySignInSettings & { label?: string }) {
  const t = useTexts(passkeyIslandTexts)
  return (
    <ScriptIsland name="passkey-sign-in" settings={settings}>
      <div className="passkey-sign-in" hidden>
        <button type="button" className="btn btn--secondary">
          {label ?? t.signIn}
        </button>
      </div>
      <IslandTexts />
    </ScriptIsland>
  )
}

/**
 * Add a passkey: the person names it, the browser creates it, the server checks and stores it, and the
 * list shows it. Rendered only for a session proved in the last 10 minutes (step-up, decision 180); the
 * server checks that again.
 */
export function PasskeyAdd(settings: PasskeyAddSettings) {
  const t = useTexts(passkeyIslandTexts)
  return (
    <ScriptIsland name="passkey-add" settings={settings}>
      <form className="passkey-add" noValidate hidden>
        <div className="field">
          <label htmlFor="passkey-name">{t.name}</label>
          <p className="field__hint" id="passkey-name-hint">
            {t.nameHint}
          </p>
          <input id="passkey-name" name="name" defaultValue={t.suggestedName} maxLength={PASSKEY_NAME_MAX} aria-describedby="passkey-name-hint" required />
        </div>
        <button type="submit" className="btn btn--primary">
          {t.add}
        </button>
      </form>
      <IslandTexts />
    </ScriptIsland>
  )
}
