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
  const doc = await PDFDocument.load(bytes)

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
})
