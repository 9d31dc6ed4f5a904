import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import fontkit from '@pdf-lib/fontkit'
import { describe, expect, it } from 'vitest'

/**
 * Issue 35 ('system fonts'), decision 228: the pages read in Public Sans, self-hosted under static/fonts from
 * @fontsource-variable/public-sans. The files served are the package's own, named with its version (they are
 * cached for a year, so a new version must be a new address), and the Latin file holds what the portal writes.
 */
const require = createRequire(import.meta.url)
const { version } = require('@fontsource-variable/public-sans/package.json') as { version: string }
const css = readFileSync('static/app.css', 'utf8')
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1] ?? '')
const served = (subset: string) => `static/fonts/public-sans-${version}-${subset}-wght-normal.woff2`

describe('the self-hosted face', () => {
  it("serves the package's files byte for byte, under names that carry its version", () => {
    for (const subset of ['latin', 'latin-ext']) {
      const packaged = readFileSync(require.resolve(`@fontsource-variable/public-sans/files/public-sans-${subset}-wght-normal.woff2`))
      expect(existsSync(served(subset)), served(subset)).toBe(true)
      expect(readFileSync(served(subset)).equals(packaged), served(subset)).toBe(true)
    }
    expect(existsSync('static/fonts/public-sans-OFL.txt')).toBe(true)
  })

  it('is declared in app.css with swap, one face per subset, each pointing at a served file', () => {
    expect(faces).toHaveLength(2)
    for (const face of faces) {
      expect(face).toContain('font-family: "Public Sans"')
      expect(face).toContain('font-display: swap')
      const url = /url\("\/fonts\/([^"]+)"\)/.exec(face)?.[1]
      expect(url && existsSync(`static/fonts/${url}`), url).toBe(true)
    }
    expect(css).toMatch(/--font-sans: "Public Sans", system-ui,/)
  })

  it('holds Spanish letters and marks, the glyphs the sheets draw, and tabular figures', () => {
    const font = fontkit.create(readFileSync(served('latin')))
    const missing = [...'áéíóúÁÉÍÓÚñÑüÜ¿¡«»‹›−€$0123456789'].filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0))
    expect(missing).toEqual([])
    expect(font.availableFeatures).toContain('tnum')
    // One file for every weight: a variable font with a weight axis (fontkit reads it; its types do not list it).
    const { variationAxes } = font as unknown as { variationAxes: Record<string, { min: number; max: number }> }
    expect(Object.keys(variationAxes)).toEqual(['wght'])
    expect(variationAxes.wght?.min).toBeLessThanOrEqual(400)
    expect(variationAxes.wght?.max).toBeGreaterThanOrEqual(800)
  })
})

describe('the preload in the page shell', () => {
  it('names the Latin file @font-face uses, so a new version cannot leave the preload pointing nowhere', () => {
    const shell = readFileSync('worker/render/document.tsx', 'utf8')
    const preload = /<link rel="preload" href="([^"]+)" as="font"/.exec(shell)?.[1]
    expect(preload).toBe(served('latin').replace(/^static/, ''))
    expect(css).toContain(`url("${preload}")`)
  })
})
