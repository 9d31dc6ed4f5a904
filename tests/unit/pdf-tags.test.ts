import { decodePDFRawStream, PDFArray, type PDFDict, PDFDocument, PDFName, type PDFNumber, type PDFRawStream, PDFRef, type PDFString } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { renderPdf } from '../../worker/pdf/render'

/** Issue 21 (WCAG 1.3.1, 3.1.1; PDF/UA): the one PDF writer tags what it writes; read back from the bytes. */

interface Elem {
  type: string
  kids: Elem[]
  mcids: number[]
}

function lookupDict(doc: PDFDocument, v: unknown): PDFDict {
  return (v instanceof PDFRef ? doc.context.lookup(v) : v) as PDFDict
}

function readElem(doc: PDFDocument, ref: unknown): Elem {
  const d = lookupDict(doc, ref)
  const kids: Elem[] = []
  const mcids: number[] = []
  const k = d.get(PDFName.of('K'))
  for (const item of k instanceof PDFArray ? k.asArray() : [k]) {
    const kd = lookupDict(doc, item)
    if (kd.get(PDFName.of('Type'))?.toString() === '/MCR') mcids.push((kd.get(PDFName.of('MCID')) as PDFNumber).asNumber())
    else kids.push(readElem(doc, item))
  }
  return { type: d.get(PDFName.of('S'))!.toString().slice(1), kids, mcids }
}

function contentOf(doc: PDFDocument, pageIndex: number): string {
  const contents = doc.getPages()[pageIndex]!.node.Contents()!
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents]
  return streams.map((s) => new TextDecoder().decode(decodePDFRawStream(s as PDFRawStream).decode())).join('\n')
}

describe('tagged PDFs', async () => {
  const bytes = await renderPdf({ title: 'Payment Receipt', subject: 'Receipt', created: new Date('2026-11-23T12:00:00Z') }, [
    {
      title: 'Payment Receipt',
      subtitle: 'Thank you for your payment.',
      facts: [
        ['Policy', 'HOM4010001'],
        ['Amount paid', '$184.50'],
      ],
      sections: [{ heading: 'Questions', lines: Array.from({ length: 70 }, (_, i) => `Line ${i + 1} of a long section that runs onto a second page.`) }],
    },
  ])
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })

  it('marks the document tagged, in English, with its title shown', () => {
    expect(doc.catalog.get(PDFName.of('MarkInfo'))?.toString()).toContain('/Marked true')
    expect((doc.catalog.get(PDFName.of('Lang')) as PDFString).decodeText()).toBe('en-US')
    expect(
      lookupDict(doc, doc.catalog.get(PDFName.of('ViewerPreferences')))
        .get(PDFName.of('DisplayDocTitle'))
        ?.toString(),
    ).toBe('true')
  })

  it('has the structure in reading order: H1, the subtitle, the facts as a table of header and data cells, H2, paragraphs', () => {
    const tree = lookupDict(doc, doc.catalog.get(PDFName.of('StructTreeRoot')))
    const root = readElem(doc, tree.get(PDFName.of('K')))
    expect(root.type).toBe('Document')
    const types = root.kids.map((k) => k.type)
    expect(types.slice(0, 4)).toEqual(['H1', 'P', 'Table', 'H2'])
    expect(types.slice(4).every((t) => t === 'P')).toBe(true)
    expect(types).toHaveLength(4 + 70)
    const table = root.kids[2]!
    expect(table.kids.map((r) => r.type)).toEqual(['TR', 'TR'])
    expect(table.kids[0]!.kids.map((c) => c.type)).toEqual(['TH', 'TD'])
  })

  it('every marked content on every page belongs to one element (the parent tree), and page furniture is an artifact', () => {
    expect(doc.getPageCount()).toBe(2)
    const tree = lookupDict(doc, doc.catalog.get(PDFName.of('StructTreeRoot')))
    const nums = (lookupDict(doc, tree.get(PDFName.of('ParentTree'))).get(PDFName.of('Nums')) as PDFArray).asArray()
    doc.getPages().forEach((page, i) => {
      expect((page.node.get(PDFName.of('StructParents')) as PDFNumber).asNumber()).toBe(i)
      const content = contentOf(doc, i)
      const mcids = [...content.matchAll(/\/(\w+) <<\s*\/MCID (\d+)\s*>> BDC/g)].map((m) => Number(m[2]))
      expect(mcids).toEqual(mcids.map((_, n) => n))
      expect((nums[2 * i + 1] as PDFArray).size()).toBe(mcids.length)
      // The header band and the footer: artifacts on each page.
      expect(content.match(/\/Artifact BMC/g)).toHaveLength(2)
    })
  })

  it('says every header cell heads its row (/Scope, PDF/UA: a TH without Headers ids needs one)', () => {
    const tree = lookupDict(doc, doc.catalog.get(PDFName.of('StructTreeRoot')))
    const table = lookupDict(doc, (lookupDict(doc, tree.get(PDFName.of('K'))).get(PDFName.of('K')) as PDFArray).get(2))
    const headers = (table.get(PDFName.of('K')) as PDFArray)
      .asArray()
      .map((row) => lookupDict(doc, (lookupDict(doc, row).get(PDFName.of('K')) as PDFArray).get(0)))
    expect(headers).toHaveLength(2)
    for (const th of headers) {
      expect(th.get(PDFName.of('S'))?.toString()).toBe('/TH')
      const a = lookupDict(doc, th.get(PDFName.of('A')))
      expect(a.get(PDFName.of('O'))?.toString()).toBe('/Table')
      expect(a.get(PDFName.of('Scope'))?.toString()).toBe('/Row')
    }
  })

  it('draws nothing outside marked content: every text and shape is tagged or an artifact', () => {
    doc.getPages().forEach((_, i) => {
      let depth = 0
      for (const line of contentOf(doc, i).split('\n')) {
        const op = line.trim().split(/\s+/).pop() ?? ''
        if (op === 'BDC' || op === 'BMC') depth++
        else if (op === 'EMC') depth--
        else if (['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'S', 'B', 'Do'].includes(op)) expect(depth, `page ${i + 1}: ${line}`).toBeGreaterThan(0)
      }
      expect(depth).toBe(0)
    })
  })

  it('embeds every font it uses (PDF/UA 7.21.4.1)', () => {
    const fonts = doc.getPages().flatMap((page) => {
      const resources = lookupDict(doc, page.node.get(PDFName.of('Resources')))
      const dict = lookupDict(doc, resources.get(PDFName.of('Font')))
      return dict.values().map((f) => lookupDict(doc, f))
    })
    expect(fonts.length).toBeGreaterThan(0)
    for (const font of fonts) {
      const descendant = font.get(PDFName.of('DescendantFonts')) as PDFArray | undefined
      const cid = descendant ? lookupDict(doc, descendant.get(0)) : font
      const descriptor = lookupDict(doc, cid.get(PDFName.of('FontDescriptor')))
      expect(descriptor.has(PDFName.of('FontFile2')) || descriptor.has(PDFName.of('FontFile3')) || descriptor.has(PDFName.of('FontFile'))).toBe(true)
    }
  })

  it('carries XMP metadata with the PDF/UA identifier and the same title as the Info dictionary', () => {
    const stream = doc.context.lookup(doc.catalog.get(PDFName.of('Metadata'))) as PDFRawStream
    expect(stream.dict.get(PDFName.of('Type'))?.toString()).toBe('/Metadata')
    expect(stream.dict.get(PDFName.of('Subtype'))?.toString()).toBe('/XML')
    expect(stream.dict.has(PDFName.of('Filter'))).toBe(false) // readable by any XMP reader
    const xmp = new TextDecoder().decode(stream.getContents())
    expect(xmp).toMatch(/^<\?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"\?>/)
    expect(xmp).toContain('xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"')
    expect(xmp).toContain('<pdfuaid:part>1</pdfuaid:part>')
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">${doc.getTitle()}</rdf:li>`)
    expect(xmp).toContain(`<pdf:Producer>${doc.getProducer()}</pdf:Producer>`)
    expect(xmp).toContain('<xmp:CreateDate>2026-11-23T12:00:00Z</xmp:CreateDate>')
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-23T12:00:00.000Z')
    expect(xmp.trimEnd()).toMatch(/<\?xpacket end="w"\?>$/)
  })
})

describe('XMP metadata of a title with markup characters', async () => {
  it('escapes them, so the packet stays well-formed XML', async () => {
    const bytes = await renderPdf({ title: 'Claims & <Payments> "2026"', subject: 'a < b' }, [{ title: 'x', sections: [] }])
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    const xmp = new TextDecoder().decode((doc.context.lookup(doc.catalog.get(PDFName.of('Metadata'))) as PDFRawStream).getContents())
    expect(xmp).toContain('Claims &amp; &lt;Payments&gt; &quot;2026&quot;')
    expect(xmp).toContain('<rdf:li xml:lang="x-default">a &lt; b</rdf:li>')
    expect(xmp).not.toContain('<Payments>')
  })
})
