import fontkit from '@pdf-lib/fontkit'
import type { PDFDocument, PDFFont } from 'pdf-lib'
import { FONT_FILES } from '#pdf-font-files'
import { withSyncEncoding } from './font-subset'

/**
 * The fonts every PDF embeds (PDF/UA requires embedded fonts; decision 187): DejaVu Sans and Sans Bold,
 * subset to the glyphs each document draws. pdf-lib asks fontkit to parse the font file on every embed;
 * this fontkit hands back the font parsed the first time, so each file is parsed once per isolate.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]
type ParsedFont = ReturnType<Fontkit['create']>

const parsed = new Map<Uint8Array, ParsedFont>()

function parse(bytes: Uint8Array): ParsedFont {
  let font = parsed.get(bytes)
  if (!font) {
    font = forPdfLib(fontkit.create(bytes))
    parsed.set(bytes, font)
  }
  return font
}

/**
 * The parsed font as pdf-lib uses it, with two changes. Subsets encode synchronously (pdf-font-subset.ts).
 * OpenType shaping is left out: pdf-lib lays out every line to find its glyphs and widths,
 * and running DejaVu's substitution and positioning lookups was most of a PDF's CPU time, for nothing
 * pdf-lib uses (it draws each glyph at its own advance and ignores kerning). One glyph per character
 * (no ligatures), so the text reads back exactly as written.
 */
function forPdfLib(font: ParsedFont): ParsedFont {
  const plain = Object.create(font) as ParsedFont
  plain.layout = (text: string) => ({ glyphs: font.glyphsForString(text) }) as unknown as ReturnType<ParsedFont['layout']>
  plain.createSubset = withSyncEncoding(() => font.createSubset())
  return plain
}

const parseOnce: Fontkit = { create: parse }

export interface PdfFonts {
  regular: PDFFont
  bold: PDFFont
}

/**
 * A subset's name is a six-letter tag, '+' and the font's own name (ISO 32000-1 9.6.4, which PDF/A and
 * PDF/UA checkers read); pdf-lib would write 'DejaVuSans-1234'. Fixed tags keep a document's bytes the
 * same for the same input; each document has one subset of each font, so they never clash.
 */
const SUBSET_NAMES = { regular: 'PHRGLR+DejaVuSans', bold: 'PHBOLD+DejaVuSans-Bold' } as const

export async function embedFonts(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(parseOnce)
  return {
    regular: await doc.embedFont(FONT_FILES.regular, { subset: true, customName: SUBSET_NAMES.regular }),
    bold: await doc.embedFont(FONT_FILES.bold, { subset: true, customName: SUBSET_NAMES.bold }),
  }
}

/**
 * Text as both fonts can draw it: whitespace and control characters become a space, and a character
 * either font lacks a '?' (a missing glyph would draw as an empty box and read back as nothing).
 */
export function drawable(text: string): string {
  const regular = parse(FONT_FILES.regular)
  const bold = parse(FONT_FILES.bold)
  let out = ''
  for (const ch of text.replace(/[\s\p{Cc}]/gu, ' ')) {
    const cp = ch.codePointAt(0)!
    out += regular.hasGlyphForCodePoint(cp) && bold.hasGlyphForCodePoint(cp) ? ch : '?'
  }
  return out
}
