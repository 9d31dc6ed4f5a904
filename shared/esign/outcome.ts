import { escapeHtml } from '../escape-html'

export const ESIGN_HISTORY_LINK = 'See your E-Signatures'

/**
 * A signature's success text for the system message page (sanitized markup): the text as given, then a
 * link to the E-Signatures page, where its evidence can be kept (issue 21 items 9 and 13).
 */
export function esignSuccessHtml(text: string, historyPath: string): string {
  return `${escapeHtml(text)} <a href="${historyPath}">${ESIGN_HISTORY_LINK}</a>`
}
