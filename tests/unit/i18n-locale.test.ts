import { describe, expect, it } from 'vitest'
import { negotiateLocale } from '../../shared/i18n/locale'
import { defineTexts } from '../../shared/i18n/catalog'
import { formatDateIn, formatMinutesIn, formatUsdIn } from '../../shared/i18n/format'

describe('the language of a first visit (Accept-Language)', () => {
  it('follows the supported language of the highest weight', () => {
    expect(negotiateLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
    expect(negotiateLocale('en-US,en;q=0.9,es;q=0.8')).toBe('en')
    expect(negotiateLocale('fr-FR,es;q=0.5,en;q=0.4')).toBe('es')
    expect(negotiateLocale('en;q=0.2,es;q=0.7')).toBe('es')
  })
  it('is English without a header, with an unsupported one, or a malformed one', () => {
    expect(negotiateLocale(undefined)).toBe('en')
    expect(negotiateLocale('')).toBe('en')
    expect(negotiateLocale('fr, de;q=0.5')).toBe('en')
    expect(negotiateLocale('es;q=abc, es;q=0')).toBe('en')
  })
})

describe('a catalog', () => {
  it('gives each language its texts, functions with the same parameters', () => {
    const c = defineTexts({ hello: 'Hello', paid: (amount: string) => `You paid ${amount}.` }, { hello: 'Hola', paid: (amount) => `Usted pagó ${amount}.` })
    expect(c.es.paid('$5.00')).toBe('Usted pagó $5.00.')
    expect(c.en.hello).toBe('Hello')
  })
  it('refuses a Spanish side that misses a key (a type error)', () => {
    // @ts-expect-error 'paid' is missing in Spanish
    defineTexts({ hello: 'Hello', paid: 'Paid' }, { hello: 'Hola' })
  })
})

describe('dates and amounts in a language', () => {
  it('writes English dates as MM/dd/yyyy and Spanish ones with the month named', () => {
    expect(formatDateIn('en', '2026-11-28')).toBe('11/28/2026')
    expect(formatDateIn('es', '2026-11-28')).toBe('28 nov 2026')
    expect(formatDateIn('es', '2026-01-05T10:00:00Z')).toBe('5 ene 2026')
    expect(formatUsdIn('es', 123450)).toBe('$1,234.50')
  })
})

describe('an island text with values', () => {
  it('fills each named value and leaves an unknown name as written', async () => {
    const { fill } = await import('../../shared/i18n/catalog')
    expect(fill('Usted pagó {amount} el {date}.', { amount: '$5.00', date: '28 nov 2026' })).toBe('Usted pagó $5.00 el 28 nov 2026.')
    expect(fill('{x} y {y}', { x: 1 })).toBe('1 y {y}')
  })
})

describe("the areas' Spanish messages", () => {
  it('give each English message one Spanish text, whichever area lists it', async () => {
    const { AREA_MESSAGES } = await import('../../shared/i18n/messages')
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const area of AREA_MESSAGES) {
      for (const [english, spanish] of Object.entries(area)) {
        const before = seen.get(english)
        if (before !== undefined && before !== spanish) twice.push(`${english}: "${before}" / "${spanish}"`)
        seen.set(english, spanish)
      }
    }
    expect(twice).toEqual([])
  })
})

describe('the language at sign-in (decision 230)', () => {
  it("brings a profile's Spanish to the browser, and keeps a Spanish chosen before signing in", async () => {
    const { languageAtSignIn } = await import('../../shared/i18n/locale')
    expect(languageAtSignIn('es', undefined)).toEqual({ cookie: 'es' })
    expect(languageAtSignIn('es', 'en')).toEqual({ cookie: 'es' })
    expect(languageAtSignIn('es', 'es')).toEqual({})
    expect(languageAtSignIn('en', 'es')).toEqual({ profile: 'es' })
    expect(languageAtSignIn('en', 'en')).toEqual({})
    expect(languageAtSignIn('en', 'fr')).toEqual({})
    expect(languageAtSignIn('en', undefined)).toEqual({})
  })
})

describe('a wait in minutes (issue 36)', () => {
  it('says one minute and many in each language', () => {
    expect([formatMinutesIn('en', 1), formatMinutesIn('en', 15)]).toEqual(['a minute', '15 minutes'])
    expect([formatMinutesIn('es', 1), formatMinutesIn('es', 15), formatMinutesIn('es', 0)]).toEqual(['un minuto', '15 minutos', 'un minuto'])
  })
})
