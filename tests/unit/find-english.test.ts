import { describe, expect, it } from 'vitest'
import { findEnglish } from '../support/find-english'

describe('the untranslated-text check', () => {
  it('finds English in text, attributes and island props', () => {
    const html =
      '<html><head><title>Resumen de la póliza - ProgHome</title></head><body><h1>Make a Payment</h1><p>Pague su póliza</p>' +
      '<button aria-label="Close">x</button><script type="application/json">{"texts":{"heading":"Report a Claim"}}</script></body></html>'
    expect(findEnglish(html)).toEqual(['Close', 'Report a Claim', 'Make a Payment'])
  })
  it('passes Spanish, names, numbers, policy numbers and allowlisted words', () => {
    const html =
      '<body><h1>Hola, Maria Johnson</h1><p>Póliza HOM4010001: $1,234.50 vence el 28 nov 2026.</p><a href="/make-payment">Pagar</a><p>Acme Roofing</p></body>'
    expect(findEnglish(html, ['Acme Roofing'])).toEqual([])
  })
})

describe('an island text with placeholders', () => {
  it('reads the words around a placeholder, not its name', () => {
    expect(findEnglish('<p>Se agregó {name}.</p><p>Pagar {amount}</p>')).toEqual([])
    expect(findEnglish('<p>Remove {name} from the list</p>')).toEqual(['Remove {name} from the list'])
  })
})

describe('a code a person reads out', () => {
  it('is not read as words, however its random letters fall', () => {
    expect(findEnglish('<p>Código de verificación: YS6M-BACK-JK67 (emitido el 28 nov 2026)</p>')).toEqual([])
    expect(findEnglish('<p>Go BACK to the page</p>')).toEqual(['Go BACK to the page'])
  })
})
