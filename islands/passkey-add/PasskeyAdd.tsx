import { useEffect, useId, useState, type FormEvent } from 'react'
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser'
import type { PasskeyAddProps } from '../../shared/schemas/passkey-props'
import { PASSKEY_MSG, PASSKEY_NAME_MAX } from '../../shared/policy/passkeys'
import { callApi } from '../ui/api'
import { goTo } from '../ui/navigate'

interface Ceremony {
  challengeId: string
  options: Parameters<typeof startRegistration>[0]['optionsJSON']
}

/** Ours: the name a passkey gets when the field is left as suggested. */
const SUGGESTED_NAME = 'My passkey'

/**
 * Add a passkey (issue 23 item 1, decision 181): the person names it, the browser creates it, the server
 * checks and stores it, and the list shows it. Rendered by the server only for a session proved in the
 * last 10 minutes (step-up, decision 180); the server checks that again.
 */
export function PasskeyAdd({ optionsUrl, addUrl, doneUrl }: PasskeyAddProps) {
  const id = useId()
  const [name, setName] = useState(SUGGESTED_NAME)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Shown once hydrated: without script (or WebAuthn) a passkey cannot be made, and the page says so.
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])

  const add = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const trimmed = name.trim()
    if (!trimmed) return setError(PASSKEY_MSG.nameRequired)
    if (!browserSupportsWebAuthn()) return setError(PASSKEY_MSG.unsupported)
    setBusy(true)
    try {
      const options = await callApi(optionsUrl, { method: 'POST', json: {} })
      if (options.status !== 200) throw new Error(options.problem?.errorMessage ?? PASSKEY_MSG.notAdded)
      const ceremony = JSON.parse(options.text) as Ceremony
      const response = await startRegistration({ optionsJSON: ceremony.options })
      const answer = await callApi(addUrl, { method: 'POST', json: { challengeId: ceremony.challengeId, name: trimmed, response } })
      if (answer.status !== 201) throw new Error(answer.problem?.errorMessage ?? PASSKEY_MSG.notAdded)
      goTo(doneUrl)
    } catch (err) {
      setBusy(false)
      setError(
        err instanceof Error && err.name === 'NotAllowedError'
          ? PASSKEY_MSG.cancelled
          : err instanceof Error && err.message
            ? err.message
            : PASSKEY_MSG.notAdded,
      )
    }
  }

  return (
    <form className="passkey-add" onSubmit={add} noValidate hidden={!enhanced} data-enhanced={enhanced ? '' : undefined}>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>Passkey name *</label>
        <p className="field__hint" id={`${id}-hint`}>
          A name you will recognise, for example My phone.
        </p>
        <input
          id={`${id}-name`}
          name="name"
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          aria-describedby={`${id}-hint`}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Add a passkey
      </button>
    </form>
  )
}
