import type { ReactNode } from 'react'

/** A North American phone number as people write it: 1-800-555-0134, (800) 555-0134, 800.555.0134, +1 800 555 0134. */
const PHONE = /(?:\+?1[-.\s]?)?(?:\(\d{3}\)\s?|\d{3}[-.\s])\d{3}[-.\s]\d{4}\b/g

/** The portal's tel: form (digits and a leading +), as the other pages write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** A phone number as a tap-to-call link that never breaks inside (`.tel`): the one way pages show a number. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="tel" href={telHref(phone)}>
      {phone}
    </a>
  )
}

/** Text with every phone number in it made a tap-to-call link; the words stay exactly as given. */
export function WithTelLinks({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = []
  let last = 0
  for (const m of text.matchAll(PHONE)) {
    const at = m.index ?? 0
    if (at > last) parts.push(text.slice(last, at))
    parts.push(
      <a className="tel" href={telHref(m[0])} key={at}>
        {m[0]}
      </a>,
    )
    last = at + m[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}

/**
 * The same for sanitized markup (the system message body): numbers in text outside any tag, outside an
 * existing link and outside a <bdi> (a name someone typed, e.g. a claim's file name) become links. The
 * markup is already sanitized; the added links carry digits only.
 */
export function telLinkedHtml(html: string): string {
  return replaceInHtmlText(html, ['a', 'bdi'], PHONE, (m) => `<a class="tel" href="${telHref(m)}">${m}</a>`)
}

/**
 * Replaces `pattern` in the text of sanitized markup, never inside a tag nor inside the elements named
 * in `outside` (their own text is left as it is).
 */
export function replaceInHtmlText(html: string, outside: readonly string[], pattern: RegExp, replace: (match: string) => string): string {
  const names = outside.join('|')
  const opens = new RegExp(`^<(${names})[\\s>]`, 'i')
  const closes = new RegExp(`^</(${names})\\s*>`, 'i')
  let inside = 0
  return html
    .split(/(<[^>]*>)/)
    .map((piece) => {
      if (piece.startsWith('<')) {
        if (opens.test(piece)) inside++
        else if (closes.test(piece)) inside = Math.max(0, inside - 1)
        return piece
      }
      if (inside > 0) return piece
      return piece.replace(pattern, replace)
    })
    .join('')
}
