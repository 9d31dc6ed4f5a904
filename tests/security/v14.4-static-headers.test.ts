import { describe, it, expect } from 'vitest'
import rules from '../../static/_headers?raw'

/**
 * ASVS V14.4.3 (CSP), V14.4.4 (nosniff), V14.4.5 (HSTS), V14.4.7 (frame denial); issue 13 item 10,
 * decision 128. Static files are served by Workers static assets before the worker runs, so their
 * headers come from static/_headers (the e2e test static-headers.spec.ts checks what wrangler dev
 * serves). Here: the file gives every static file the protections, each header in one rule only
 * (matching rules combine, and a header repeated across them is merged into one value).
 */
function parse(text: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>()
  let current: Map<string, string> | null = null
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      current = new Map()
      out.set(line.trim(), current)
    } else {
      const at = line.indexOf(':')
      current!.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim())
    }
  }
  return out
}

describe('static/_headers', () => {
  const all = parse(rules)
  const everything = all.get('/*')!

  it('gives every static file a strict CSP, frame denial, HSTS and nosniff', () => {
    const csp = everything.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(everything.get('x-frame-options')).toBe('DENY')
    expect(everything.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/)
    expect(everything.get('x-content-type-options')).toBe('nosniff')
  })

  it('names each header once for any one file (matching rules are combined, a repeated header merged)', () => {
    // Two rules can match the same file when the literal start of one pattern (before its first *) begins the other's.
    const literal = (pattern: string) => pattern.split('*')[0] ?? ''
    const overlap = (a: string, b: string) => literal(a).startsWith(literal(b)) || literal(b).startsWith(literal(a))
    const named = [...all].flatMap(([pattern, headers]) => [...headers.keys()].map((name) => ({ pattern, name })))
    for (const a of named)
      for (const b of named) if (a !== b && a.name === b.name) expect(overlap(a.pattern, b.pattern), `${a.name} in ${a.pattern} and ${b.pattern}`).toBe(false)
    expect(overlap('/build/*', '/fonts/*.woff2')).toBe(false)
    expect(overlap('/*', '/fonts/*.woff2')).toBe(true)
  })
})
