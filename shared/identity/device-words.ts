import { defineTexts } from '../i18n/catalog'
import type { Locale } from '../i18n/locale'

/**
 * A browser's User-Agent in words a person recognises ('Chrome on Windows', 'Safari on iPhone'), for
 * the list of where a profile is signed in (issue 23 item 4). Order matters: Edge and Opera also say
 * Chrome, Chrome also says Safari, and iPadOS may say Macintosh.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
]

const first = (ua: string, table: readonly [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1]

/** The words around the names (the names of browsers and systems are the same in both languages). */
const DEVICE_WORDS = defineTexts(
  {
    on: (browser: string, system: string) => `${browser} on ${system}`,
    aBrowserOn: (system: string) => `A browser on ${system}`,
    unknown: 'An unknown browser or app',
  },
  {
    on: (browser, system) => `${browser} en ${system}`,
    aBrowserOn: (system) => `Un navegador en ${system}`,
    unknown: 'Un navegador o una aplicación desconocidos',
  },
)

export function deviceInWords(userAgent: string, locale: Locale = 'en'): string {
  const t = DEVICE_WORDS[locale]
  const browser = first(userAgent, BROWSERS)
  const system = first(userAgent, SYSTEMS)
  if (browser && system) return t.on(browser, system)
  if (browser) return browser
  if (system) return t.aBrowserOn(system)
  return t.unknown
}

/** The approximate place the edge saw ('Austin, US'), from the request's cf facts; '' when unknown. */
export function placeInWords(cf: { city?: unknown; country?: unknown } | undefined): string {
  const city = typeof cf?.city === 'string' ? cf.city.trim() : ''
  const country = typeof cf?.country === 'string' ? cf.country.trim() : ''
  return [city, country].filter(Boolean).join(', ').slice(0, 80)
}
