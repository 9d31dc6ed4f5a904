import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import PasskeyAdd from '../../islands/passkey-add'
import PasskeySignIn from '../../islands/passkey-sign-in'
import { PASSKEY_MSG } from '../../shared/policy/passkeys'
import { passkeyAddPropsSchema, passkeySignInPropsSchema } from '../../shared/schemas/passkey-props'

/** The passkey islands (decision 181): what shows before hydration and where WebAuthn is missing (happy-dom has none). */
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const addProps = { optionsUrl: '/v1/profile/passkeys/options', addUrl: '/v1/profile/passkeys', doneUrl: '/manage-profile/passkeys?done=added' }
const signInProps = { optionsUrl: '/v1/profile/passkey-sign-in/options', verifyUrl: '/v1/profile/passkey-sign-in', autofill: true }

describe('passkey islands', () => {
  it('their props schemas refuse another origin', () => {
    expect(passkeyAddPropsSchema.safeParse({ ...addProps, doneUrl: 'https://evil.example/' }).success).toBe(false)
    expect(passkeySignInPropsSchema.safeParse({ ...signInProps, verifyUrl: '//evil.example/x' }).success).toBe(false)
    expect(passkeySignInPropsSchema.safeParse({ ...signInProps, label: 'Confirm with a passkey', doneUrl: '/manage-profile' }).success).toBe(true)
  })

  it('render hidden on the server: without script nothing offers what cannot work', () => {
    expect(renderToString(<PasskeyAdd {...addProps} />)).toMatch(/<form[^>]*hidden/)
    expect(renderToString(<PasskeySignIn {...signInProps} />)).toMatch(/<div[^>]*hidden/)
  })

  it('sign-in stays hidden in a browser without WebAuthn, and asks nothing of the server', () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    render(<PasskeySignIn {...signInProps} />)
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('add: a name is required, and a browser without WebAuthn is told so', () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    render(<PasskeyAdd {...addProps} />)
    const name = screen.getByLabelText('Passkey name *')
    fireEvent.change(name, { target: { value: '  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(screen.getByRole('alert').textContent).toBe(PASSKEY_MSG.nameRequired)
    fireEvent.change(name, { target: { value: 'My phone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(screen.getByRole('alert').textContent).toBe(PASSKEY_MSG.unsupported)
    expect(fetch).not.toHaveBeenCalled()
  })
})
