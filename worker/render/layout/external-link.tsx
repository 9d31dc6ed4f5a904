import type { ReactNode } from 'react'
import { useTexts } from '../locale'
import { newTabTexts } from '../texts/layout'

/** External pages open in a new tab, and say so to screen readers. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const t = useTexts(newTabTexts)
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden">{t.note}</span>
    </a>
  )
}
