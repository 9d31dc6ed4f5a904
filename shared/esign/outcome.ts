import { escapeHtml } from '../escape-html'

export const ESIGN_HISTORY_LINK = 'See your E-Signatures'

/** The words of the spec's success text that name the page (spec 000: '… You can see it on the E-Signatures page.'). */
const PAGE_WORDS = 'E-Signatures page'

/**
 * A signature's success text for the system message page (sanitized markup), its words unchanged: where
 * it names the E-Signatures page, those words link to it (the page keeps its evidence: issue 21 items 9
 * and 13); a text that does not name it gets the link after it.
 */
export function esignSuccessHtml(text: string, historyPath: string): string {
  const html = escapeHtml(text)
  return html.includes(PAGE_WORDS)
    ? html.replace(PAGE_WORDS, `<a href="${historyPath}">${PAGE_WORDS}</a>`)
    : `${html} <a href="${historyPath}">${ESIGN_HISTORY_LINK}</a>`
}
