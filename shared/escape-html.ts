/** Text as HTML that shows it as typed (for the messages built as sanitized markup: the system message page). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}
