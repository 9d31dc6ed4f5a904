import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { PASSKEY_MSG } from '../../shared/identity/passkeys'

vi.mock('../../static/build/manifest.json', async () => (await import('../support/fake-manifest')).fakeManifest([], {}))
vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))

const { serverHtml } = await import('./server-html')
const { enhanceAll } = await import('../../islands/ui/script-island')
const { enhancePasskeySignIn } = await import('../../islands/passkey-sign-in/sign-in')
const { enhancePasskeyAdd } = await import('../../islands/passkey-add/add')
const { passkeyAddSettingsSchema, passkeySignInSettingsSchema } = await import('../../shared/identity/schemas/passkey-settings')

/** The passkey script islands (decisions 181, 198): what shows before the script and where WebAuthn is missing (happy-dom has none). */
const MARKUP = 'worker/pages/identity/passkey-islands.tsx'
const addSettings = { optionsUrl: '/v1/profile/passkeys/options', addUrl: '/v1/profile/passkeys', doneUrl: '/manage-profile/passkeys?done=added' }
const signInSettings = { optionsUrl: '/v1/profile/passkey-sign-in/options', verifyUrl: '/v1/profile/passkey-sign-in', autofill: true }

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) ?? null
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? null

/** A browser with WebAuthn, as far as the checks before a ceremony can tell. */
function stubWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', class {})
}

describe('passkey script islands', () => {
  it('their settings schemas refuse another origin', () => {
    expect(passkeyAddSettingsSchema.safeParse({ ...addSettings, doneUrl: 'https://evil.example/' }).success).toBe(false)
    expect(passkeySignInSettingsSchema.safeParse({ ...signInSettings, verifyUrl: '//evil.example/x' }).success).toBe(false)
    expect(passkeySignInSettingsSchema.safeParse({ ...signInSettings, doneUrl: '/manage-profile' }).success).toBe(true)
  })

  it('render hidden on the server: without script nothing offers what cannot work', async () => {
    expect(await serverHtml(MARKUP, 'PasskeyAdd', addSettings)).toMatch(/<form[^>]*hidden/)
    expect(await serverHtml(MARKUP, 'PasskeySignIn', signInSettings)).toMatch(/<div[^>]*hidden/)
  })

  it('sign-in stays hidden in a browser without WebAuthn, and asks nothing of the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    document.body.innerHTML = await serverHtml(MARKUP, 'PasskeySignIn', signInSettings)
    enhanceAll('passkey-sign-in', enhancePasskeySignIn)
    expect(document.querySelector<HTMLElement>('.passkey-sign-in')!.hidden).toBe(true)
    expect(fetch).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('sign-in shows its button where WebAuthn is; a refused ceremony says why and frees the button', async () => {
    stubWebAuthn()
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ errorMessage: PASSKEY_MSG.challengeGone }), { status: 400, headers: { 'Content-Type': 'application/json' } }),
      )
    document.body.innerHTML = await serverHtml(MARKUP, 'PasskeySignIn', { ...signInSettings, autofill: false, label: 'Confirm with a passkey' })
    enhanceAll('passkey-sign-in', enhancePasskeySignIn)
    const box = document.querySelector<HTMLElement>('.passkey-sign-in')!
    expect(box.hidden).toBe(false)
    expect(box.hasAttribute('data-enhanced')).toBe(true)
    button('Confirm with a passkey')!.click()
    await vi.waitFor(() => expect(alertText()).toBe(PASSKEY_MSG.challengeGone))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/v1/profile/passkey-sign-in/options')
    expect(button('Confirm with a passkey')!.disabled).toBe(false)
    // Asked again: the old message goes at once; one alert at a time.
    fetch.mockResolvedValue(new Response('{}', { status: 500 }))
    button('Confirm with a passkey')!.click()
    expect(alertText()).toBeNull()
    await vi.waitFor(() => expect(alertText()).toBe(PASSKEY_MSG.notSignedIn))
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1)
  })

  it('add: a name is required, and a browser without WebAuthn is told so', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    document.body.innerHTML = await serverHtml(MARKUP, 'PasskeyAdd', addSettings)
    enhanceAll('passkey-add', enhancePasskeyAdd)
    const form = document.querySelector<HTMLFormElement>('form.passkey-add')!
    expect(form.hidden).toBe(false)
    const name = document.querySelector<HTMLInputElement>('#passkey-name')!
    expect(document.querySelector(`label[for="${name.id}"]`)!.textContent).toBe('Passkey name *')
    expect(name.value).toBe('My passkey')
    name.value = '  '
    form.requestSubmit()
    expect(alertText()).toBe(PASSKEY_MSG.nameRequired)
    name.value = 'My phone'
    form.requestSubmit()
    expect(alertText()).toBe(PASSKEY_MSG.unsupported)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('add: the server refusing the ceremony is said beside the form, which can be sent again', async () => {
    stubWebAuthn()
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 503 }))
    document.body.innerHTML = await serverHtml(MARKUP, 'PasskeyAdd', addSettings)
    enhanceAll('passkey-add', enhancePasskeyAdd)
    document.querySelector<HTMLFormElement>('form.passkey-add')!.requestSubmit()
    expect(button('Add a passkey')!.disabled).toBe(true)
    await vi.waitFor(() => expect(alertText()).toBe(PASSKEY_MSG.notAdded))
    expect(button('Add a passkey')!.disabled).toBe(false)
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/v1/profile/passkeys/options')
  })

  it('settings from another site are refused loudly and nothing is shown', async () => {
    document.body.innerHTML = await serverHtml(MARKUP, 'PasskeyAdd', addSettings)
    document.querySelector('app-island')!.setAttribute('data-add-url', '//evil.example/')
    enhanceAll('passkey-add', enhancePasskeyAdd)
    expect(document.querySelector('app-island')!.getAttribute('data-island-error')).toMatch(/addUrl/)
    expect(document.querySelector<HTMLFormElement>('form.passkey-add')!.hidden).toBe(true)
    expect(consoleError).toHaveBeenCalled()
  })
})
