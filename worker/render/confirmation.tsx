import type { ReactNode } from 'react'

/**
 * What a page says after a form posted and the page loaded again (sent, saved, requested): it takes focus
 * as the page loads (autofocus on a tabindex=-1 element, no script), so a screen reader says it and the
 * keyboard starts from it instead of from the body (issue 35, WCAG 4.1.3 and 2.4.3). One per page.
 */
export function Confirmation({ tone = 'alert alert--success', block = false, children }: { tone?: string; block?: boolean; children: ReactNode }) {
  const props = { className: `${tone} confirmation`, tabIndex: -1, autoFocus: true, role: 'status' }
  return block ? <div {...props}>{children}</div> : <p {...props}>{children}</p>
}
