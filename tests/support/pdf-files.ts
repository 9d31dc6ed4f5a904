/// <reference path="../../shared/claims/file-checks/pako.d.ts" />
import pako from 'pako'
import { PDFDocument, PDFName, type PDFPage, PDFString, type PDFRef } from 'pdf-lib'
import type { PdfPart } from '../../shared/claims/file-checks/pdf-actions'

/**
 * PDFs made by code for the upload tests (issue 31 item 5, decision 204). Most are written by pdf-lib as
 * a PDF 1.5+ writer does: every object that is not a stream inside a compressed object stream
 * (FlateDecode), where a scan of the raw bytes sees none of their names. The few a writer would not make
 * (a zip bomb, filters the scan does not read, an object hidden in an image's data) are written by hand.
 * Node and workerd alike.
 */

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A one-page PDF with a line of text, changed by `add` before pdf-lib writes it with object streams. */
async function pdfLibFile(add: (doc: PDFDocument, page: PDFPage) => void = () => undefined): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const page = doc.addPage([300, 200])
  page.drawText('Repair estimate: $1,240.00', { x: 20, y: 150, size: 12 })
  add(doc, page)
  return doc.save({ useObjectStreams: true })
}

const WEB = 'https://collect.example/track'

/** A dictionary (pdf-lib writes a string value as a name: strings are PDFString). */
const dict = (doc: PDFDocument, value: Record<string, unknown>) => doc.context.obj(value as never)
const str = (s: string) => PDFString.of(s)

/** An annotation on the page: a link whose action is `action`, or another kind. */
function annotate(doc: PDFDocument, page: PDFPage, annotation: Record<string, unknown>): void {
  const ref = doc.context.register(dict(doc, { Type: 'Annot', Rect: [20, 20, 120, 40], ...annotation }))
  page.node.set(PDFName.of('Annots'), doc.context.obj([ref]))
}

const pageRef = (page: PDFPage): PDFRef => page.ref

/**
 * A PDF written by hand: `objects` are objects 1.. written as they are (object 1 the catalog), `packed`
 * go into one object stream after them, compressed unless `stream` says otherwise. The cross-reference
 * table lists the objects written directly.
 */
export function handPdf(
  objects: (string | Uint8Array)[],
  packed: string[] = [],
  stream: { dict?: string; data?: (content: Uint8Array) => Uint8Array } = {},
): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')]
  const offsets: number[] = []
  let length = parts[0]!.length
  const write = (p: Uint8Array) => {
    parts.push(p)
    length += p.length
  }
  objects.forEach((body, i) => {
    offsets.push(length)
    write(latin1(`${i + 1} 0 obj\n`))
    write(typeof body === 'string' ? latin1(body) : body)
    write(latin1('\nendobj\n'))
  })
  if (packed.length > 0) {
    const first = objects.length + 1
    let table = ''
    let body = ''
    packed.forEach((o, i) => {
      table += `${first + i} ${body.length} `
      body += `${o}\n`
    })
    const content = latin1(table + body)
    const data = stream.data ? stream.data(content) : pako.deflate(content)
    offsets.push(length)
    write(
      latin1(
        `${first + packed.length} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${table.length} /Length ${data.length} ${stream.dict ?? '/Filter /FlateDecode'} >>\nstream\n`,
      ),
    )
    write(data)
    write(latin1('\nendstream\nendobj\n'))
  }
  const xref = length
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  write(
    latin1(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`),
  )
  return concat(parts)
}

/** A stream object written by hand: its dictionary's entries and its data. */
function handStream(entries: string, data: Uint8Array): Uint8Array {
  return concat([latin1(`<< ${entries} /Length ${data.length} >>\nstream\n`), data, latin1('\nendstream')])
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>'
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>'

/** Bytes of a photo's compressed data that happen to hold '/JS ', '/AA>' and '/Launch)': data, not names. */
const LOOKS_LIKE_NAMES = concat([new Uint8Array(300).fill(0x9c), latin1('/JS \x01\x02/AA>\x7f/Launch)\xfe'), new Uint8Array(300).fill(0x3a)])

interface PdfSample {
  name: string
  /** Why it is in the corpus. */
  what: string
  bytes: () => Promise<Uint8Array>
  /** The parts it is refused for, in the refusal's order; [] for a PDF that passes. */
  parts: PdfPart[]
}

/** PDFs refused, each for the parts named: the probe's findings (issue 31) and their neighbours. */
export const REFUSED_PDFS: PdfSample[] = [
  {
    name: 'page-opens-web-address.pdf',
    what: "a page's /AA opening a web address, in an object stream",
    parts: ['automatic'],
    bytes: () => pdfLibFile((doc, page) => page.node.set(PDFName.of('AA'), dict(doc, { O: { S: 'URI', URI: str(WEB) } }))),
  },
  {
    name: 'opens-web-address.pdf',
    what: 'an /OpenAction opening a web address, written in the catalog',
    parts: ['automatic'],
    bytes: () => pdfLibFile((doc) => doc.catalog.set(PDFName.of('OpenAction'), dict(doc, { S: 'URI', URI: str(WEB) }))),
  },
  {
    name: 'opens-web-address-by-reference.pdf',
    what: 'an /OpenAction naming, by reference, an action that opens a web address',
    parts: ['automatic'],
    bytes: () => pdfLibFile((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(dict(doc, { S: 'URI', URI: str(WEB) })))),
  },
  {
    name: 'opens-page-then-web-address.pdf',
    what: 'an /OpenAction that shows a page and then (/Next) opens a web address',
    parts: ['automatic'],
    bytes: () =>
      pdfLibFile((doc, page) => {
        const web = doc.context.register(dict(doc, { S: 'URI', URI: str(WEB) }))
        const open = doc.context.register(dict(doc, { S: 'GoTo', D: [pageRef(page), 'Fit'], Next: web }))
        doc.catalog.set(PDFName.of('OpenAction'), open)
      }),
  },
  {
    name: 'submits-form.pdf',
    what: 'a link whose action sends the form (/SubmitForm) to a web address',
    parts: ['forms'],
    bytes: () => pdfLibFile((doc, page) => annotate(doc, page, { Subtype: 'Link', A: { S: 'SubmitForm', F: { FS: 'URL', F: str(WEB) } } })),
  },
  {
    name: 'xfa-form.pdf',
    what: 'an XFA form (/XFA in the AcroForm)',
    parts: ['forms'],
    bytes: () =>
      pdfLibFile((doc) => {
        const xfa = doc.context.register(doc.context.stream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>'))
        doc.catalog.set(PDFName.of('AcroForm'), dict(doc, { Fields: [], XFA: xfa }))
      }),
  },
  {
    name: 'embedded-file.pdf',
    what: 'an embedded file (/EmbeddedFiles in the catalog, a stream /Type /EmbeddedFile)',
    parts: ['embedded'],
    bytes: () =>
      pdfLibFile((doc) => {
        const file = doc.context.register(doc.context.stream('MZ not really a program', { Type: 'EmbeddedFile' }))
        const spec = doc.context.register(dict(doc, { Type: 'Filespec', F: str('invoice.exe'), EF: { F: file } }))
        doc.catalog.set(PDFName.of('Names'), dict(doc, { EmbeddedFiles: { Names: [str('invoice.exe'), spec] } }))
      }),
  },
  {
    name: 'rich-media.pdf',
    what: 'a /RichMedia annotation',
    parts: ['media'],
    bytes: () => pdfLibFile((doc, page) => annotate(doc, page, { Subtype: 'RichMedia', RichMediaContent: {} })),
  },
  {
    name: 'runs-javascript.pdf',
    what: 'an /OpenAction running JavaScript',
    parts: ['javascript'],
    bytes: () => pdfLibFile((doc) => doc.catalog.set(PDFName.of('OpenAction'), dict(doc, { S: 'JavaScript', JS: str('app.alert(1)') }))),
  },
  {
    name: 'launches-program.pdf',
    what: 'a link that launches a program (/Launch)',
    parts: ['launch'],
    bytes: () => pdfLibFile((doc, page) => annotate(doc, page, { Subtype: 'Link', A: { S: 'Launch', F: str('cmd.exe') } })),
  },
  {
    name: 'opens-remote-file.pdf',
    what: 'a link into a file on another machine (/GoToR)',
    parts: ['launch'],
    bytes: () =>
      pdfLibFile((doc, page) => annotate(doc, page, { Subtype: 'Link', A: { S: 'GoToR', F: str('\\\\files.example\\share\\x.pdf'), D: [0, 'Fit'] } })),
  },
  {
    name: 'many-parts.pdf',
    what: 'JavaScript, an embedded file and rich media at once: all three named',
    parts: ['javascript', 'embedded', 'media'],
    bytes: () =>
      pdfLibFile((doc, page) => {
        doc.catalog.set(PDFName.of('OpenAction'), dict(doc, { S: 'JavaScript', JS: str('app.alert(1)') }))
        annotate(doc, page, { Subtype: 'FileAttachment', FS: { Type: 'Filespec', F: str('a.exe') } })
        page.node.set(PDFName.of('Thumb'), dict(doc, { Subtype: 'RichMedia' }))
      }),
  },
  {
    name: 'escaped-name.pdf',
    what: 'JavaScript named with #xx escapes (/J#61vaScript, /J#53) inside a compressed object stream',
    parts: ['javascript'],
    bytes: async () => handPdf([CATALOG, PAGES, PAGE], ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>']),
  },
  {
    name: 'zip-bomb.pdf',
    what: 'an object stream of 2 KB that inflates to 2 MB of spaces (a ratio of 1,000 to 1)',
    parts: ['unreadable'],
    bytes: async () => handPdf([CATALOG, PAGES, PAGE], ['<< /S /GoTo >>'], { data: () => pako.deflate(new Uint8Array(2 * 1024 * 1024).fill(0x20)) }),
  },
  {
    name: 'lzw-objects.pdf',
    what: 'an object stream in a filter the scan does not read (LZWDecode)',
    parts: ['unreadable'],
    bytes: async () => handPdf([CATALOG, PAGES, PAGE], ['<< /S /GoTo >>'], { dict: '/Filter /LZWDecode', data: (c) => c }),
  },
  {
    name: 'predictor-objects.pdf',
    what: 'an object stream whose bytes a predictor would rearrange',
    parts: ['unreadable'],
    bytes: async () => handPdf([CATALOG, PAGES, PAGE], ['<< /S /GoTo >>'], { dict: '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>' }),
  },
  {
    name: 'locked-objects.pdf',
    what: "an object stream that does not inflate (as an encrypted file's does)",
    parts: ['unreadable'],
    bytes: async () => handPdf([CATALOG, PAGES, PAGE], ['<< /S /GoTo >>'], { data: (c) => Uint8Array.from(c, (b, i) => (b * 31 + i * 17 + 101) & 0xff) }),
  },
  {
    name: 'object-in-image-data.pdf',
    what: "an object ('9 0 obj', JavaScript) inside an image stream's data, where a cross-reference could point",
    parts: ['javascript'],
    bytes: async () =>
      handPdf([
        CATALOG,
        PAGES,
        PAGE,
        handStream(
          '/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /DCTDecode',
          concat([new Uint8Array(64).fill(0x81), latin1('\n9 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj\n'), new Uint8Array(64).fill(0x82)]),
        ),
      ]),
  },
]

/** PDFs that pass: what the probe's files must not take down with them. */
export const PLAIN_PDFS: PdfSample[] = [
  { name: 'plain.pdf', what: 'a page of text, written by pdf-lib with object streams', parts: [], bytes: () => pdfLibFile() },
  {
    name: 'link.pdf',
    what: 'a link a person clicks to a web address (the viewer asks first)',
    parts: [],
    bytes: () => pdfLibFile((doc, page) => annotate(doc, page, { Subtype: 'Link', A: { S: 'URI', URI: str('https://www.example.com/') } })),
  },
  {
    name: 'opens-at-page.pdf',
    what: 'an /OpenAction that only shows the first page, by reference to its destination',
    parts: [],
    bytes: () =>
      pdfLibFile((doc, page) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(doc.context.obj([pageRef(page), PDFName.of('Fit')])))),
  },
  {
    name: 'filled-form.pdf',
    what: 'a form that is only filled in (AcroForm, a text field, no submit)',
    parts: [],
    bytes: () =>
      pdfLibFile((doc, page) => {
        const field = doc.getForm().createTextField('policyNumber')
        field.setText('HOM4020001')
        field.addToPage(page, { x: 20, y: 60, width: 150, height: 20 })
      }),
  },
  {
    name: 'photo-data.pdf',
    what: "an image whose compressed data happens to hold '/JS ', '/AA>' and '/Launch)'",
    parts: [],
    bytes: () =>
      pdfLibFile((doc, page) => {
        const image = doc.context.register(
          doc.context.stream(LOOKS_LIKE_NAMES, {
            Type: 'XObject',
            Subtype: 'Image',
            Width: 1,
            Height: 1,
            BitsPerComponent: 8,
            ColorSpace: 'DeviceGray',
            Filter: 'DCTDecode',
          }),
        )
        page.node.set(PDFName.of('Resources'), dict(doc, { XObject: { Im0: image } }))
      }),
  },
]

/**
 * A PDF of `streams` object streams, each inflating to `each` bytes of notes with numbers in them (which
 * compress some 3 to 1, as a real file's objects do): for the inflate budget.
 */
export function pdfOfObjectStreams(streams: number, each: number): Uint8Array {
  let x = 12345
  let text = ''
  while (text.length < each) {
    x = (x * 1103515245 + 12345) >>> 0
    text += `<< /Type /Annot /Subtype /Text /Rect [${x % 997} ${x % 613} ${x % 89} ${x % 7919}] /Contents (${x}) >> `
  }
  const content = latin1(text.slice(0, each))
  const objStm = (n: number) =>
    handStream(`/Type /ObjStm /N 1 /First ${String(n).length + 3} /Filter /FlateDecode`, pako.deflate(concat([latin1(`${n} 0 `), content])))
  return handPdf([CATALOG, PAGES, PAGE, ...Array.from({ length: streams }, (_, i) => objStm(100 + i))])
}
