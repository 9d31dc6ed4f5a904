import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PASSKEY_MSG } from '../../shared/identity/passkeys'

vi.mock('../../static/build/manifest.json', async () => (await import('../support/fake-manifest')).fakeManifest([], {}))
vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))

const { IslandCollectorProvider, createIslandCollector } = await import('../../worker/render/island')
const { LocaleContext } = await import('../../worker/render/locale')
const { PasskeyAdd, PasskeySignIn } = await import('../../worker/pages/identity/passkey-islands')
const { enhanceAll } = await import('../../islands/ui/script-island')
const { enhancePasskeyAdd } = await import('../../islands/passkey-add/add')
const { enhancePasskeySignIn } = await import('../../islands/passkey-sign-in/sign-in')

/** Issue 36 (decision 231): a Spanish page gives the passkey scripts their messages in Spanish, in the markup. */
const addSettings = { optionsUrl: '/v1/profile/passkeys/options', addUrl: '/v1/profile/passkeys', doneUrl: '/manage-profile/passkeys?done=added' }
const signInSettings = { optionsUrl: '/v1/profile/passkey-sign-in/options', verifyUrl: '/v1/profile/passkey-sign-in', autofill: false }

function spanish(element: ReturnType<typeof createElement>): string {
  return renderToString(
    createElement(LocaleContext.Provider, { value: 'es' }, createElement(IslandCollectorProvider, { value: createIslandCollector() }, element)),
  )
}

const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? null

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('passkey script islands in Spanish', () => {
  it('add: its own checks speak Spanish', () => {
    document.body.innerHTML = spanish(createElement(PasskeyAdd, addSettings))
    enhanceAll('passkey-add', enhancePasskeyAdd)
    const name = document.querySelector<HTMLInputElement>('#passkey-name')!
    expect(document.querySelector('label[for="passkey-name"]')!.textContent).toBe('Nombre de la llave de acceso *')
    expect(name.value).toBe('Mi llave de acceso')
    const form = document.querySelector<HTMLFormElement>('form.passkey-add')!
    name.value = ' '
    form.requestSubmit()
    expect(alertText()).toBe('Póngale un nombre a la llave de acceso, por ejemplo Mi teléfono.')
    name.value = 'Mi teléfono'
    form.requestSubmit()
    expect(alertText()).toBe('Este navegador no puede usar llaves de acceso. Inicie sesión con su contraseña.')
  })

  it("sign-in: the server's English refusal is shown in Spanish", async () => {
    vi.stubGlobal('PublicKeyCredential', class {})
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ errorMessage: PASSKEY_MSG.challengeGone }), { status: 400, headers: { 'Content-Type': 'application/json' } }),
    )
    document.body.innerHTML = spanish(createElement(PasskeySignIn, signInSettings))
    enhanceAll('passkey-sign-in', enhancePasskeySignIn)
    const button = document.querySelector<HTMLButtonElement>('.passkey-sign-in button')!
    expect(button.textContent).toBe('Iniciar sesión con una llave de acceso')
    button.click()
    await vi.waitFor(() => expect(alertText()).toBe('Esa solicitud de llave de acceso venció o ya se usó. Inténtelo de nuevo.'))
  })
})
