import type { ReactNode } from 'react'

/**
 * A help popover beside a field's label (spec: last name and password "with help popover"). The HTML
 * popover attribute opens and closes it without script; where it is unsupported the text simply shows.
 */
export function HelpPopover({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <button type="button" className="help__button" popoverTarget={id} aria-label={label}>
        ?
      </button>
      <div id={id} popover="auto" className="help__panel">
        {children}
      </div>
    </>
  )
}
