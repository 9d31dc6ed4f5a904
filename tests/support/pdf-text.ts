import { inflateSync } from 'node:zlib'

/**
 * The text drawn on a PDF's pages, one line per text-showing operator: pdf-lib writes each line as a
 * hex string (`<…> Tj`) in a deflated content stream, with WinAnsi (latin1 for what the portal draws).
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1')
  const out: string[] = []
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) out.push(Buffer.from(t[1]!, 'hex').toString('latin1'))
  }
  return out.join('\n')
}
