import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locale'
import type { Catalog, Texts } from '../../shared/i18n/catalog'

/** The language a server-rendered page is written in (renderPage provides it from requestLocale). */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE)

export function useLocale(): Locale {
  return useContext(LocaleContext)
}

/** A catalog's texts in the page's language: `const t = useTexts(claimTexts)`. */
export function useTexts<T extends Texts>(catalog: Catalog<T>): T {
  return catalog[useContext(LocaleContext)]
}
