import { useEffect, useState } from 'react'
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser'
import type { PasskeySignInProps } from '../../shared/schemas/passkey-props'
import { PASSKEY_MSG } from '../../shared/policy/passkeys'
import { callApi } from '../ui/api'
import { goTo } from '../ui/navigate'

interface Ceremony {
  challengeId: string
  options: Parameters<typeof startAuthentication>[0]['optionsJSON']
}

/**
 * Sign in with a passkey (issue 23 item 1, decision 181), on the login page with its passkey prompt:
 * the browser's autofill offers passkeys in the user-name field (conditional UI) and the button asks
 * for one at once. The password form beside it works as before, with or without this island. On
 * Confirm It Is You the same ceremony, without autofill, proves a step-up (decision 180).
 */
export function PasskeySignIn({ optionsUrl, verifyUrl, autofill, label = 'Sign in with a passkey', doneUrl }: PasskeySignInProps) {
  const [enhanced, setEnhanced] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const signIn = async (useBrowserAutofill: boolean) => {
    const options = await callApi(optionsUrl, { method: 'POST', json: {} })
    if (options.status !== 200) throw new Error(options.problem?.errorMessage ?? PASSKEY_MSG.notSignedIn)
    const ceremony = JSON.parse(options.text) as Ceremony
    const response = await startAuthentication({ optionsJSON: ceremony.options, useBrowserAutofill })
    setBusy(true)
    const answer = await callApi(verifyUrl, { method: 'POST', json: { challengeId: ceremony.challengeId, response } })
    if (answer.status !== 200 && answer.status !== 204) throw new Error(answer.problem?.errorMessage ?? PASSKEY_MSG.notSignedIn)
    goTo(doneUrl ?? (JSON.parse(answer.text) as { next: string }).next)
  }

  const fail = (err: unknown) => {
    setBusy(false)
    // A ceremony aborted for the next one (the button after autofill) says nothing.
    if (err instanceof Error && err.name === 'AbortError') return
    setError(
      err instanceof Error && err.name === 'NotAllowedError'
        ? PASSKEY_MSG.cancelled
        : err instanceof Error && err.message
          ? err.message
          : PASSKEY_MSG.notSignedIn,
    )
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the autofill ceremony starts once, on hydration
  useEffect(() => {
    setEnhanced(browserSupportsWebAuthn())
    if (!autofill) return
    let cancelled = false
    browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported && !cancelled) signIn(true).catch(fail)
    })
    return () => {
      cancelled = true
      WebAuthnAbortService.cancelCeremony()
    }
  }, [])

  return (
    <div className="passkey-sign-in" data-enhanced={enhanced ? '' : undefined} hidden={!enhanced}>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        onClick={() => {
          setError(null)
          signIn(false).catch(fail)
        }}
      >
        {label}
      </button>
    </div>
  )
}
