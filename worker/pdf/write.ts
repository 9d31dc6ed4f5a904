import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { Locale } from '../../shared/i18n/locale'
import { pdfTexts } from './texts'
import { PDF_DATE } from '../db/seed/dates'
import { drawable, embedFonts } from './fonts'
import { PdfTags, type StructNode } from './tags'
import { attachXmp } from './xmp'
import { INSURER, type PdfMeta, type PdfPageSpec } from './spec'

/**
 * The writer behind renderPdf (render.ts), loaded on an isolate's first PDF (decision 238): a small,
 * deterministic writer on pdf-lib, a header band with the insurer's name, a title, a block of facts and
 * sections of wrapped text. Dates and producer are fixed, so the same input always gives the same bytes
 * (the seed compares sha256 to skip unchanged objects in R2). Every PDF it writes is tagged (tags.ts): the
 * title an H1, the facts a table, section headings H2, text paragraphs, the header band and footers
 * artifacts; the language is set (decision 183). Its fonts are embedded (fonts.ts, decision 187). It
 * carries XMP metadata with the PDF/UA-1 identifier (xmp.ts, decision 225).
 */

const DEFAULT_LANGUAGE = 'en-US'
const PAGE = { width: 612, height: 792, margin: 54 }
const BLUE = rgb(0.05, 0.27, 0.53)
const GREY = rgb(0.35, 0.35, 0.35)

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of drawable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line)
      line = word
    } else {
      line = next
    }
  }
  if (line) out.push(line)
  return out.length ? out : ['']
}

/** The Info dictionary and the XMP metadata say the same facts (PDF/UA-1 asks for both to agree). */
function setMeta(doc: PDFDocument, meta: PdfMeta): void {
  const creator = meta.creator ?? 'policyholder-portal demo seed'
  const facts = {
    title: meta.title,
    subject: meta.subject,
    author: INSURER,
    creator,
    producer: `pdf-lib 1.17 (${creator})`,
    keywords: meta.creator ? ['ProgHome'] : ['ProgHome', 'demo'],
    language: meta.language ?? DEFAULT_LANGUAGE,
    created: meta.created ?? PDF_DATE,
  }
  doc.setTitle(facts.title, { showInWindowTitleBar: true })
  doc.setSubject(facts.subject)
  doc.setAuthor(facts.author)
  doc.setCreator(facts.creator)
  doc.setProducer(facts.producer)
  doc.setKeywords(facts.keywords)
  doc.setCreationDate(facts.created)
  doc.setModificationDate(facts.created)
  attachXmp(doc, facts)
}

class Cursor {
  page!: PDFPage
  pageIndex = -1
  y = 0
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly tags: PdfTags,
    private readonly locale: Locale,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.pageIndex++
    const { width, height, margin } = PAGE
    PdfTags.artifact(this.page, () => {
      this.page.drawRectangle({ x: 0, y: height - 60, width, height: 60, color: BLUE })
      this.page.drawText(INSURER, { x: margin, y: height - 38, size: 18, font: this.bold, color: rgb(1, 1, 1) })
      const right = pdfTexts[this.locale].servicesPhone
      this.page.drawText(right, {
        x: width - margin - this.regular.widthOfTextAtSize(right, 9),
        y: height - 36,
        size: 9,
        font: this.regular,
        color: rgb(1, 1, 1),
      })
    })
    this.y = height - 96
  }

  ensure(space: number): void {
    if (this.y - space < PAGE.margin + 24) this.newPage()
  }

  /** Wrapped text as one structure element of `type` (its lines may run onto the next page). */
  text(type: 'H1' | 'H2' | 'P', text: string, size: number, font: PDFFont, indent = 0, color = rgb(0, 0, 0)): void {
    const node = this.tags.add(type)
    for (const line of wrap(text, font, size, PAGE.width - 2 * PAGE.margin - indent)) {
      this.ensure(size + 4)
      this.tags.marked(this.page, this.pageIndex, node, () => this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color }))
      this.y -= size + 4
    }
  }

  /** One row of the facts table: the label a header cell, the value a data cell. */
  fact(table: StructNode, label: string, value: string): void {
    const labelWidth = 130
    const lines = wrap(value || '-', this.regular, 10, PAGE.width - 2 * PAGE.margin - labelWidth)
    this.ensure(14 * lines.length)
    const row = this.tags.add('TR', table)
    const th = this.tags.add('TH', row, 'Row')
    const td = this.tags.add('TD', row)
    this.tags.marked(this.page, this.pageIndex, th, () => this.page.drawText(drawable(label), { x: PAGE.margin, y: this.y, size: 10, font: this.bold }))
    for (const line of lines) {
      this.tags.marked(this.page, this.pageIndex, td, () => this.page.drawText(line, { x: PAGE.margin + labelWidth, y: this.y, size: 10, font: this.regular }))
      this.y -= 14
    }
  }

  gap(points: number): void {
    this.y -= points
  }
}

/** Writes one tagged PDF; every spec starts on a new page (a packet is all its parts' specs in order). */
export async function writePdf(meta: PdfMeta, pages: PdfPageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  setMeta(doc, meta)
  const { regular, bold } = await embedFonts(doc)
  const tags = new PdfTags()
  const locale: Locale = (meta.language ?? DEFAULT_LANGUAGE).startsWith('es') ? 'es' : 'en'
  const cursor = new Cursor(doc, regular, bold, tags, locale)
  for (const spec of pages) {
    cursor.newPage()
    cursor.text('H1', spec.title, 18, bold, 0, BLUE)
    if (spec.subtitle) cursor.text('P', spec.subtitle, 11, regular, 0, GREY)
    cursor.gap(8)
    if (spec.facts?.length) {
      const table = tags.add('Table')
      for (const [label, value] of spec.facts) cursor.fact(table, label, value)
    }
    for (const section of spec.sections) {
      cursor.gap(10)
      if (section.heading) {
        cursor.ensure(40)
        cursor.text('H2', section.heading, 12, bold)
        cursor.gap(2)
      }
      for (const line of section.lines) cursor.text('P', line, 10, regular, section.heading ? 8 : 0)
    }
  }
  stampFooters(doc, regular, meta.title, locale)
  tags.write(doc, meta.language ?? DEFAULT_LANGUAGE)
  return doc.save()
}

function stampFooters(doc: PDFDocument, font: PDFFont, title: string, locale: Locale): void {
  const pages = doc.getPages()
  pages.forEach((page, i) => {
    const left = drawable(`${INSURER} - ${title}`.slice(0, 90))
    const right = pdfTexts[locale].pageOf(i + 1, pages.length)
    PdfTags.artifact(page, () => {
      page.drawText(left, { x: PAGE.margin, y: 30, size: 8, font, color: GREY })
      page.drawText(right, { x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(right, 8), y: 30, size: 8, font, color: GREY })
    })
  })
}
