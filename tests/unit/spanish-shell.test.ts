import { describe, expect, it } from 'vitest'
import { ROUTES, pageTitle, sameSiteReturnPath } from '../../shared/routes'
import { messageIn } from '../../shared/i18n/messages'
import { TOO_MANY } from '../../worker/middleware/rate-rules'
import { MSG } from '../../shared/forms/messages'
import { ERROR_HEADING, systemMessageHeading } from '../../shared/forms/system-message-heading'
import { returnButton, returnButtonLabel } from '../../shared/forms/system-message'

/** Issue 36 item 2, the shell's rules in Spanish that need no worker: titles, messages, system-message parts. */
describe('the shell in Spanish', () => {
  it('gives every route a Spanish title of the same form, and keeps the English ones', () => {
    for (const r of ROUTES) {
      expect(pageTitle(r)).toBe(`${r.page} - ProgHome`)
      expect(pageTitle(r, 'es')).toMatch(/^\S.* - ProgHome$/)
    }
    expect(pageTitle(ROUTES.find((r) => r.name === 'PolicyOverview')!, 'es')).toBe('Resumen de la póliza - ProgHome')
  })

  it("says the rate limit's refusal and spec 000's errors in Spanish (the same English text as the worker's)", () => {
    expect(messageIn('es', TOO_MANY)).toBe('Demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo.')
    expect(messageIn('es', MSG.unexpectedError)).toBe('Ocurrió un error inesperado.')
    expect(messageIn('es', MSG.issue502)).not.toBe(MSG.issue502)
    expect(messageIn('en', TOO_MANY)).toBe(TOO_MANY)
  })

  it("keeps spec 001's system-message headings and return buttons, and gives each a Spanish one", () => {
    expect(systemMessageHeading({ isError: true })).toBe(ERROR_HEADING)
    expect(systemMessageHeading({ isError: false })).toBe('Success!')
    expect(systemMessageHeading({ isError: true, pending: true })).toBe('Payment Pending')
    expect(systemMessageHeading({ isError: true }, 'es')).toBe('Ocurrió un error inesperado.')
    expect(systemMessageHeading({ isError: false }, 'es')).toBe('¡Listo!')
    expect(systemMessageHeading({ isError: true, pending: true }, 'es')).toBe('Pago pendiente')
    const back = returnButton({ productionRedirect: true }, { directLogin: true, hasPolicy: true })
    expect(returnButtonLabel(back, 'en')).toBe('Return to Login')
    expect(returnButtonLabel(back, 'es')).toBe('Volver a iniciar sesión')
  })

  it('lets the language choice come back to a path of this site only', () => {
    for (const ok of ['/', '/claims-history/HO-2026-009315?tab=files', '/search?q=%C3%B1']) expect(sameSiteReturnPath(ok)).toBe(ok)
    for (const bad of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a b',
      '/ñ',
      `/${'x'.repeat(1000)}`,
    ])
      expect(sameSiteReturnPath(bad), String(bad)).toBeNull()
  })
})
