import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser'
import { PASSKEY_MSG } from '../../shared/identity/passkeys'
import { callApi } from '../ui/api'
import { goTo } from '../ui/navigate'
import { passkeyFailure } from '../ui/passkey-failure'
import { showAlert, sitePaths, type Refusal } from '../ui/script-island'
import { islandTexts } from '../ui/island-texts'

interface Ceremony {
  challengeId: string
  options: Parameters<typeof startRegistration>[0]['optionsJSON']
}

/**
 * Add a passkey (decision 181; markup: worker/pages/identity/passkey-islands.tsx): the person names it,
 * the browser creates it, the server checks and stores it, and the list shows it. The form is shown
 * once this runs; a browser without WebAuthn is told so when it tries.
 */
export function enhancePasskeyAdd(root: HTMLElement): Refusal | undefined {
  const settings = sitePaths(root, ['optionsUrl', 'addUrl', 'doneUrl'])
  if (typeof settings === 'string') return settings
  const form = root.querySelector<HTMLFormElement>('form.passkey-add')
  const name = form?.querySelector<HTMLInputElement>('input[name="name"]')
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (!form || !name || !button) return 'the passkey form, its name field or its button is missing'
  const say = islandTexts(root)

  const add = async (trimmed: string) => {
    const options = await callApi(settings.optionsUrl, { method: 'POST', json: {} })
    if (options.status !== 200) throw new Error(options.problem?.errorMessage ?? PASSKEY_MSG.notAdded)
    const ceremony = JSON.parse(options.text) as Ceremony
    const response = await startRegistration({ optionsJSON: ceremony.options })
    const answer = await callApi(settings.addUrl, { method: 'POST', json: { challengeId: ceremony.challengeId, name: trimmed, response } })
    if (answer.status !== 201) throw new Error(answer.problem?.errorMessage ?? PASSKEY_MSG.notAdded)
    goTo(settings.doneUrl)
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault()
    showAlert(form, null)
    const trimmed = name.value.trim()
    if (!trimmed) return showAlert(form, say(PASSKEY_MSG.nameRequired))
    if (!browserSupportsWebAuthn()) return showAlert(form, say(PASSKEY_MSG.unsupported))
    button.disabled = true
    add(trimmed).catch((err: unknown) => {
      button.disabled = false
      showAlert(form, say(passkeyFailure(err, PASSKEY_MSG.notAdded)))
    })
  })
  form.hidden = false
  form.setAttribute('data-enhanced', '')
  return undefined
}
