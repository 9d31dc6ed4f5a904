import { escapeHtml } from '../escape-html'

import type { Locale } from '../i18n/locale'

export const ESIGN_HISTORY_LINK = 'See your E-Signatures'
const HISTORY_LINK: Record<Locale, string> = { en: ESIGN_HISTORY_LINK, es: 'Ver sus firmas electrónicas' }

/** The words of the spec's success text that name the page (spec 000: '… You can see it on the E-Signatures page.'), and the Spanish's. */
const PAGE_WORDS: Record<Locale, string> = { en: 'E-Signatures page', es: 'página Firmas electrónicas' }

/**
 * A signature's success text for the system message page (sanitized markup), its words unchanged: where
 * it names the E-Signatures page, those words link to it (the page keeps its evidence: issue 21 items 9
 * and 13); a text that does not name it gets the link after it.
 */
export function esignSuccessHtml(text: string, historyPath: string, locale: Locale = 'en'): string {
  const html = escapeHtml(text)
  const words = PAGE_WORDS[locale]
  return html.includes(words) ? html.replace(words, `<a href="${historyPath}">${words}</a>`) : `${html} <a href="${historyPath}">${HISTORY_LINK[locale]}</a>`
}
