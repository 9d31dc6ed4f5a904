/**
 * Scripts and launch actions in a PDF (issue 20 item 7): a claim's PDF is refused when it names
 * /JavaScript, /JS or /Launch, the actions a viewer runs on opening (/OpenAction) or on an event. The
 * scan reads the PDF's bytes once, chunk by chunk as they stream (a 10 MB file is never held as one
 * string), and a name split across two chunks is still read whole. PDF names may hide letters as #xx
 * escapes (/J#61vaScript is /JavaScript): they are decoded before comparing.
 *
 * What a byte scan cannot see: names inside compressed object streams (PDF 1.5+ /ObjStm with
 * /FlateDecode). A stored claim file is therefore also never served inline (decision 164).
 */

const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch'])

/** A name longer than this is no name we look for; its further bytes are not kept. */
const LONGEST = 64

const SLASH = 0x2f
const HASH = 0x23

/** PDF whitespace and delimiters (ISO 32000-1, 7.2.2): each ends a name. */
function endsName(b: number): boolean {
  return b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20 || '()<>[]{}/%'.includes(String.fromCharCode(b))
}

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10
  return -1
}

/** The name as a viewer reads it: #xx escapes decoded. */
function decodedName(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    const hi = b === HASH && i + 2 < bytes.length ? hexValue(bytes[i + 1]!) : -1
    const lo = hi >= 0 ? hexValue(bytes[i + 2]!) : -1
    if (lo >= 0) {
      out += String.fromCharCode(hi * 16 + lo)
      i += 2
    } else out += String.fromCharCode(b)
  }
  return out
}

/** Feed the PDF's chunks in order with push(), then end(); `found` names the first active name seen. */
export class PdfActionScan {
  found: string | null = null
  private name: number[] | null = null

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && this.found === null; i++) {
      const b = chunk[i]!
      if (this.name !== null && endsName(b)) this.finishName()
      if (b === SLASH) this.name = []
      else if (this.name !== null && this.name.length < LONGEST) this.name.push(b)
    }
  }

  /** The file ended: a name running to its last byte counts too. */
  end(): string | null {
    if (this.name !== null) this.finishName()
    return this.found
  }

  private finishName(): void {
    const name = decodedName(this.name!)
    this.name = null
    if (this.found === null && ACTIVE_NAMES.has(name)) this.found = name
  }
}
