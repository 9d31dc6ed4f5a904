import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } from '@simplewebauthn/browser'
import { PASSKEY_MSG } from '../../shared/identity/passkeys'
import { callApi } from '../ui/api'
import { goTo } from '../ui/navigate'
import { passkeyFailure } from '../ui/passkey-failure'
import { showAlert, sitePaths, type Refusal } from '../ui/script-island'
import { islandTexts } from '../ui/island-texts'

interface Ceremony {
  challengeId: string
  options: Parameters<typeof startAuthentication>[0]['optionsJSON']
}

/**
 * Sign in with a passkey (decision 181; markup: worker/pages/identity/passkey-islands.tsx). Shown only
 * where the browser has WebAuthn. With data-autofill (the login page) the browser's autofill offers
 * passkeys in the user-name field (conditional UI) from the start; the button asks for one at once
 * (which aborts the autofill ceremony). On Confirm It Is You the same ceremony proves a step-up.
 */
export function enhancePasskeySignIn(root: HTMLElement): Refusal | undefined {
  const settings = sitePaths(root, ['optionsUrl', 'verifyUrl'], ['doneUrl'])
  if (typeof settings === 'string') return settings
  const box = root.querySelector<HTMLElement>('.passkey-sign-in')
  const button = box?.querySelector('button')
  if (!box || !button) return 'the passkey button is missing'
  const say = islandTexts(root)
  if (!browserSupportsWebAuthn()) return undefined // stays hidden: nothing offers what cannot work

  const signIn = async (useBrowserAutofill: boolean) => {
    const options = await callApi(settings.optionsUrl, { method: 'POST', json: {} })
    if (options.status !== 200) throw new Error(options.problem?.errorMessage ?? PASSKEY_MSG.notSignedIn)
    const ceremony = JSON.parse(options.text) as Ceremony
    const response = await startAuthentication({ optionsJSON: ceremony.options, useBrowserAutofill })
    button.disabled = true
    const answer = await callApi(settings.verifyUrl, { method: 'POST', json: { challengeId: ceremony.challengeId, response } })
    if (answer.status !== 200 && answer.status !== 204) throw new Error(answer.problem?.errorMessage ?? PASSKEY_MSG.notSignedIn)
    goTo(settings.doneUrl ?? (JSON.parse(answer.text) as { next: string }).next)
  }
  const fail = (err: unknown) => {
    button.disabled = false
    // A ceremony aborted for the next one (the button after autofill) says nothing.
    if (err instanceof Error && err.name === 'AbortError') return
    showAlert(box, say(passkeyFailure(err, PASSKEY_MSG.notSignedIn)))
  }

  button.addEventListener('click', () => {
    showAlert(box, null)
    signIn(false).catch(fail)
  })
  box.hidden = false
  box.setAttribute('data-enhanced', '')
  if ('autofill' in root.dataset) {
    browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported) signIn(true).catch(fail)
    })
  }
  return undefined
}
