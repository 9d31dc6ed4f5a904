import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFPage, PDFRawStream } from 'pdf-lib'

/**
 * The text drawn on a PDF's pages, one line per text-showing operator (`<hex> Tj`, as pdf-lib writes
 * it), in drawing order. With an embedded font (decision 187) the hex is glyph ids (Identity-H), read
 * back through the font's ToUnicode map; a font without one is read as WinAnsi (latin1).
 * Node and workerd alike: pdf-lib only, no Buffer or zlib.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const out: string[] = []
  for (const page of doc.getPages()) {
    const fonts = fontDecoders(doc, page)
    let decode = latin1
    for (const m of contentOf(doc, page).matchAll(/\/([^\s/[\]<>()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1] !== undefined) decode = fonts.get(m[1]) ?? latin1
      else out.push(decode(m[2]!))
    }
  }
  return out.join('\n')
}

type Decode = (hex: string) => string

const latin1: Decode = (hex) => String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => Number.parseInt(h, 16)))

function streamText(stream: unknown): string {
  return latin1String(decodePDFRawStream(stream as PDFRawStream).decode())
}

function latin1String(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return s
}

function contentOf(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents()
  if (!contents) return ''
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents]
  return streams.map(streamText).join('\n')
}

/** Each font resource of the page: its ToUnicode map as a decoder, when it has one. */
function fontDecoders(doc: PDFDocument, page: PDFPage): Map<string, Decode> {
  const decoders = new Map<string, Decode>()
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict)
  for (const [name, ref] of fonts?.entries() ?? []) {
    const toUnicode = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('ToUnicode'))
    if (toUnicode instanceof PDFRawStream) decoders.set(name.decodeText(), cmapDecoder(streamText(toUnicode)))
  }
  return decoders
}

/** A two-byte ToUnicode CMap (what pdf-lib writes): `bfchar` pairs and `bfrange` runs to UTF-16BE. */
function cmapDecoder(cmap: string): Decode {
  const map = new Map<number, string>()
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)))
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(Number.parseInt(src!, 16), utf16(dst!))
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = Number.parseInt(dst!, 16)
      for (let code = Number.parseInt(lo!, 16); code <= Number.parseInt(hi!, 16); code++)
        map.set(code, String.fromCharCode(first + code - Number.parseInt(lo!, 16)))
    }
  }
  return (hex) => (hex.match(/.{4}/g) ?? []).map((code) => map.get(Number.parseInt(code, 16)) ?? '\ufffd').join('')
}
