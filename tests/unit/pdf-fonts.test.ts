import fontkit from '@pdf-lib/fontkit'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { FONT_FILES } from '#pdf-font-files'
import { encodeSubset, type Subset } from '../../worker/pdf/font-subset'
import { renderPdf } from '../../worker/pdf/render'
import { pdfText } from '../support/pdf-text'

/**
 * Issue 21 (PDF/UA: fonts embedded; decision 187): every font the one PDF writer uses is embedded in
 * the file, subset to what the document draws, and the text still reads back, non-ASCII included.
 */
const META = { title: 'Payment Receipt', subject: 'Receipt', created: new Date('2026-11-23T12:00:00Z') }
const PAGES = [
  {
    title: 'Payment Receipt',
    subtitle: 'Thank you, Zoë Núñez – “paid in full”.',
    facts: [['Amount paid', '$184.50 (€170)']] as Array<[string, string]>,
    sections: [{ heading: 'Questions', lines: ['Call us.', 'Not in the font: 日本'] }],
  },
]

function fontsOf(doc: PDFDocument): PDFDict[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => obj)
    .filter((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('Font'))
}

describe('embedded fonts', async () => {
  const bytes = await renderPdf(META, PAGES)
  const doc = await PDFDocument.load(bytes)

  it('draws with DejaVu Sans and Sans Bold, each a Type0 font whose TrueType program (FontFile2) is in the file', () => {
    const type0 = fontsOf(doc).filter((f) => f.get(PDFName.of('Subtype')) === PDFName.of('Type0'))
    // A subset's name is a six-letter tag, '+' and the font's name (ISO 32000-1 9.6.4), in the font and its descriptor.
    const names = type0.map((f) => f.get(PDFName.of('BaseFont'))!.toString())
    expect(names.map((n) => n.replace(/^\/[A-Z]{6}\+/, '/')).sort()).toEqual(['/DejaVuSans', '/DejaVuSans-Bold'])
    for (const font of type0) {
      const cid = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict)
      expect(cid.get(PDFName.of('BaseFont'))!.toString()).toMatch(/^\/[A-Z]{6}\+DejaVuSans(-Bold)?$/)
      expect(cid.lookup(PDFName.of('FontDescriptor'), PDFDict).get(PDFName.of('FontName'))!.toString()).toBe(font.get(PDFName.of('BaseFont'))!.toString())
    }
    for (const font of type0) {
      expect(font.get(PDFName.of('Encoding'))).toBe(PDFName.of('Identity-H'))
      expect(font.lookup(PDFName.of('ToUnicode'))).toBeInstanceOf(PDFRawStream)
      const cid = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict)
      const program = cid.lookup(PDFName.of('FontDescriptor'), PDFDict).lookup(PDFName.of('FontFile2'))
      expect(program).toBeInstanceOf(PDFRawStream)
      // Subset: a few KB of glyphs, not the 700 KB font file.
      expect((program as PDFRawStream).getContentsSize()).toBeLessThan(40_000)
    }
  })

  it('leaves no font unembedded (no standard 14 font, no font without a program)', () => {
    const fonts = fontsOf(doc)
    expect(fonts.filter((f) => f.get(PDFName.of('Subtype')) === PDFName.of('Type1'))).toEqual([])
    const descriptors = fonts.map((f) => f.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict)).filter((d) => d !== undefined)
    expect(descriptors).toHaveLength(2)
    for (const d of descriptors) expect(d.get(PDFName.of('FontFile2'))).toBeInstanceOf(PDFRef)
  })

  it('keeps the text, accents, dashes and curly quotes included; a character the font lacks reads as ?', async () => {
    const text = await pdfText(bytes)
    for (const line of [
      'ProgHome Insurance',
      'Payment Receipt',
      'Thank you, Zoë Núñez – “paid in full”.',
      'Amount paid',
      '$184.50 (€170)',
      'Questions',
      'Not in the font: ??',
      'Page 1 of 1',
    ])
      expect(text.split('\n')).toContain(line)
  })

  it('is small and the same bytes for the same input (the seed skips unchanged PDFs by hash)', async () => {
    expect(bytes.byteLength).toBeLessThan(60_000)
    expect(await renderPdf(META, PAGES)).toEqual(bytes)
  })

  it("encodes a subset to the same bytes as fontkit's own stream (which the worker cannot use: decision 187)", async () => {
    for (const file of [FONT_FILES.regular, FONT_FILES.bold]) {
      const font = fontkit.create(file)
      const theirs = font.createSubset()
      const ours = font.createSubset()
      for (const glyph of font.glyphsForString('Zoë Núñez – “€170” Page 1 of 1')) {
        theirs.includeGlyph(glyph)
        ours.includeGlyph(glyph)
      }
      const streamed = await new Promise<Uint8Array>((resolve) => {
        const parts: Uint8Array[] = []
        theirs
          .encodeStream()
          .on('data', (part) => parts.push(new Uint8Array(part)))
          .on('end', () => resolve(new Uint8Array(parts.flatMap((p) => [...p]))))
      })
      expect(streamed.byteLength).toBeGreaterThan(1000)
      expect(encodeSubset(ours as unknown as Subset)).toEqual(streamed)
    }
  })
})
