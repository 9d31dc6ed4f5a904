/**
 * A small, deterministic PDF writer on pdf-lib: a header band with the insurer's name, a title, a
 * block of facts and sections of wrapped text. Dates and producer are fixed, so the same input always
 * gives the same bytes (the seed compares sha256 to skip unchanged objects in R2). Every PDF it writes
 * is tagged (pdf-tags.ts): the title an H1, the facts a table, section headings H2, text paragraphs,
 * the header band and footers artifacts; the language is set (decision 183). Its fonts are embedded
 * (pdf-fonts.ts, decision 187). It carries XMP metadata with the PDF/UA-1 identifier (xmp.ts, decision 225).
 * What a PDF is made of; render.ts renders one, write.ts is the writer.
 */
export const INSURER = 'ProgHome Insurance'

export interface PdfSection {
  heading?: string
  lines: string[]
}

export interface PdfPageSpec {
  title: string
  subtitle?: string
  facts?: Array<[string, string]>
  sections: PdfSection[]
}

export interface PdfMeta {
  title: string
  subject: string
  /** Creation date; the seed's fixed date when not given (seeded PDFs must not change between runs). */
  created?: Date
  /** Creator and producer label; the demo seed's when not given. */
  creator?: string
  /** The document's language (BCP 47), so a screen reader reads it in the right voice; 'en-US' when not given. */
  language?: string
}
