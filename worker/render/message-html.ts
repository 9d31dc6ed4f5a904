import { CONFIRMATION_IN_TEXT } from '../../shared/payments/outcome'
import { REFERENCE_IN_TEXT } from '../../shared/payments/pending'
import { sanitizeHtml } from '../lib/sanitize'
import { replaceInHtmlText, telLinkedHtml } from './tel-links'

/**
 * A system message's text as the page shows it: sanitized, its phone numbers tap-to-call links, and the
 * numbers a person quotes (a payment's confirmation number or reference) set apart as a `.reference`, as
 * the claim number is: copied whole, never broken across lines, in even-width letters to read out.
 */
export function messageHtml(text: string): string {
  const html = telLinkedHtml(sanitizeHtml(text))
  return [CONFIRMATION_IN_TEXT, REFERENCE_IN_TEXT].reduce(
    (out, pattern) => replaceInHtmlText(out, ['a', 'bdi', 'strong'], pattern, (m) => `<strong class="reference">${m}</strong>`),
    html,
  )
}
