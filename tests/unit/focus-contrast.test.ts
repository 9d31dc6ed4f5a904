import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Issue 21, WCAG 1.4.11: the focus indicator stands out at 3:1 or more against every background a control
 * sits on (white cards, the page canvas, the dark footer). Read from the design tokens in static/app.css.
 */
const css = readFileSync(new URL('../../static/app.css', import.meta.url), 'utf8')
const token = (name: string) => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{3,6})`, 'i').exec(css)
  if (!m) throw new Error(`no --${name}`)
  return m[1]!
}

function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

describe('the focus indicator', () => {
  it('its ring is at 3:1 or more on white and on the canvas; its halo on the dark footer', () => {
    expect(contrast(token('color-focus'), token('color-surface'))).toBeGreaterThanOrEqual(3)
    expect(contrast(token('color-focus'), token('color-canvas'))).toBeGreaterThanOrEqual(3)
    expect(contrast(token('color-focus-halo'), token('color-footer'))).toBeGreaterThanOrEqual(3)
  })

  it('every :focus-visible rule draws the ring and the halo', () => {
    expect(css).toMatch(/:focus-visible \{ outline: var\(--focus-ring\); outline-offset: 2px; box-shadow: var\(--focus-halo\); \}/)
    expect(css).not.toMatch(/--focus-ring:\s*3px solid var\(--color-accent\)/)
  })
})
