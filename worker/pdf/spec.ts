/** What a PDF is made of: render.ts renders one, write.ts is the writer. */
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
