import { BoundedInflate, type InflateBudget } from './inflate'
import { ByteSequence, NameSniffer, ObjectHeaderSpotter, PdfTokenizer, isWhitespace, type TokenSink } from './pdf-lexer'
import { ActionLinks, StructureTracker, UNKNOWN_OBJECT, type StreamDict } from './pdf-structure'

/**
 * The parts of a PDF a claim file may not have (issue 20 item 7, issue 31 item 5, decision 204), found
 * in one pass over its bytes as they stream, object streams included: a PDF 1.5+ file keeps most of its
 * objects in compressed object streams (/ObjStm, FlateDecode), where a scan of the raw bytes sees none
 * of their names, so those are inflated as they pass and read like the rest.
 *
 * Refused, wherever they stand: JavaScript (/JS, /JavaScript); actions that run on their own (/AA, and
 * an /OpenAction that opens a web address); commands that open programs or other files (/Launch,
 * /GoToR, /GoToE); forms that send or fetch data (/SubmitForm, /ImportData, /XFA); embedded files
 * (/EmbeddedFile(s), /FileAttachment); rich media (/RichMedia, /Movie, /Sound, /Rendition, /3D); and
 * compressed parts that cannot be read to check them.
 * Allowed: links a person clicks (/URI in a link's action: the viewer asks first), an /OpenAction that
 * only shows a page, forms that are only filled in (/AcroForm without submit or script).
 *
 * Names are counted in strings and comments too (a cautious reading). The raw bytes of a stream's data
 * (images, fonts, page contents, and an object stream before it is inflated) are data: a chance '/JS '
 * in a photo's compressed bytes is not a script. Unless that data holds text a viewer could read as an
 * object ('12 0 obj'; a cross-reference may point into a stream): then its names count too.
 */

export type PdfPart = 'javascript' | 'automatic' | 'launch' | 'forms' | 'embedded' | 'media' | 'unreadable'

/** The order a refusal names them in. */
const PART_ORDER: readonly PdfPart[] = ['javascript', 'automatic', 'launch', 'forms', 'embedded', 'media', 'unreadable']

const PART_OF_NAME = new Map<string, PdfPart>([
  ['JavaScript', 'javascript'],
  ['JS', 'javascript'],
  ['AA', 'automatic'],
  ['Launch', 'launch'],
  ['GoToR', 'launch'],
  ['GoToE', 'launch'],
  ['SubmitForm', 'forms'],
  ['ImportData', 'forms'],
  ['XFA', 'forms'],
  ['EmbeddedFile', 'embedded'],
  ['EmbeddedFiles', 'embedded'],
  ['FileAttachment', 'embedded'],
  ['RichMedia', 'media'],
  ['Movie', 'media'],
  ['Sound', 'media'],
  ['Rendition', 'media'],
  ['3D', 'media'],
])

/** Inflated bytes of a file's object streams read at most (a real PDF's are a few MB; decision 204 says what this many cost). */
const MAX_INFLATED = 16 * 1024 * 1024

/** Objects an object stream's table may number (real ones hold 50-200); past it, their numbers are not kept. */
const MAX_TABLE = 20_000

const FLATE = new Set(['FlateDecode', 'Fl'])
const ENDSTREAM = Uint8Array.from('endstream', (c) => c.charCodeAt(0))

/**
 * The objects of one object stream, read as they are inflated: the table of object numbers and offsets
 * before /First, then the objects, each known by its number.
 */
class ObjectStreamScan implements TokenSink {
  private readonly sniffer: NameSniffer
  private readonly tokenizer = new PdfTokenizer(this)
  private readonly tracker: StructureTracker
  private readonly inflate: BoundedInflate | null
  private position = 0
  /** Where the token being handed on ended (the byte before a delimiter, or its own last byte). */
  private at = 0
  private readonly table: number[] = []
  private offsets: { object: number; offset: number }[] | null = null
  private index = 0

  constructor(
    links: ActionLinks,
    private readonly first: number | null,
    flate: boolean,
    budget: InflateBudget,
    onName: (name: string) => void,
  ) {
    this.sniffer = new NameSniffer(onName)
    this.tracker = new StructureTracker(links, () => this.objectNow())
    this.inflate = flate ? new BoundedInflate((piece) => this.read(piece), budget) : null
  }

  /** The stream's bytes as they are in the file. */
  feed(bytes: Uint8Array): void {
    if (this.inflate) this.inflate.push(bytes)
    else this.read(bytes)
  }

  /** The stream's data has all come: whether its objects could all be read. */
  finish(): boolean {
    this.sniffer.end()
    this.at = this.position - 1
    this.tokenizer.end()
    return this.inflate === null || this.inflate.finish() === 'whole'
  }

  private read(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!
      this.sniffer.byte(b)
      this.at = this.position - 1
      this.ownByte = this.position
      this.tokenizer.byte(b)
      this.position++
    }
  }

  /** Brackets and strings end on their own last byte: that byte's position. */
  private ownByte = 0

  private inTable(at: number): boolean {
    return this.first !== null && at < this.first
  }

  private objectNow(): number {
    if (this.first === null) return UNKNOWN_OBJECT
    if (this.offsets === null) {
      if (this.table.length > 2 * MAX_TABLE) return UNKNOWN_OBJECT
      const pairs: { object: number; offset: number }[] = []
      for (let i = 0; i + 1 < this.table.length; i += 2) pairs.push({ object: this.table[i]!, offset: this.table[i + 1]! })
      this.offsets = pairs.sort((a, b) => a.offset - b.offset)
    }
    const at = this.at - this.first
    while (this.index + 1 < this.offsets.length && this.offsets[this.index + 1]!.offset <= at) this.index++
    return this.offsets[this.index]?.object ?? UNKNOWN_OBJECT
  }

  name(name: string): void {
    if (!this.inTable(this.at)) this.tracker.name(name)
  }

  int(n: number): void {
    if (!this.inTable(this.at)) this.tracker.int(n)
    else if (this.table.length <= 2 * MAX_TABLE) this.table.push(n)
  }

  word(word: string): void {
    if (!this.inTable(this.at)) this.tracker.word(word)
  }

  open(kind: 'dict' | 'array'): void {
    this.at = this.ownByte
    if (!this.inTable(this.at)) this.tracker.open(kind)
  }

  close(kind: 'dict' | 'array'): void {
    this.at = this.ownByte
    if (!this.inTable(this.at)) this.tracker.close(kind)
  }

  string(): void {
    this.at = this.ownByte
    if (!this.inTable(this.at)) this.tracker.string()
  }
}

/**
 * A stream's data being read: the sequence that ends it, what of it reads as an object header, the
 * names in its bytes (counted only if it has one), and the objects of an object stream.
 */
interface StreamReading {
  end: ByteSequence
  header: ObjectHeaderSpotter
  tentative: Set<PdfPart>
  objects: ObjectStreamScan | null
}

/** In a stream's data, with nothing begun, the bytes that begin something: a name, a number, 'endstream'. */
const WAKE = new Uint8Array(256)
for (const c of '/0123456789e') WAKE[c.charCodeAt(0)] = 1

/** Feed the PDF's chunks in order with push(), then end(): the parts found, in the order a refusal names them. */
export class PdfActionScan {
  private readonly parts = new Set<PdfPart>()
  private readonly links = new ActionLinks()
  private readonly sniffer = new NameSniffer((name) => this.named(name, this.inData() ? this.stream!.tentative : this.parts))
  private readonly tracker = new StructureTracker(this.links)
  private readonly tokenizer = new PdfTokenizer(this.tracker)
  /** Tokens; after `stream`, to the end of its line ('eol'; 'lf' after a CR); then the stream's data. */
  private mode: 'tokens' | 'eol' | 'lf' | 'data' = 'tokens'
  private stream: StreamReading | null = null
  private readonly budget: InflateBudget

  /** `maxInflated`: what a file's object streams may inflate to in all (a test gives less). */
  constructor(maxInflated = MAX_INFLATED) {
    this.budget = { left: maxInflated }
  }

  push(chunk: Uint8Array): void {
    // Where in this chunk an object stream's data begins (its bytes are handed on a slice at a time).
    let from = this.inData() ? 0 : -1
    for (let i = 0; i < chunk.length; i++) {
      let b = chunk[i]!
      if (this.inData()) {
        const s = this.stream!
        if (this.sniffer.idle() && s.header.idle() && s.end.idle()) {
          // Most of a file is stream data: pass over what cannot begin anything.
          while (i < chunk.length && WAKE[chunk[i]!] === 0) i++
          if (i === chunk.length) break
          b = chunk[i]!
        }
        this.sniffer.byte(b)
        s.header.byte(b)
        if (!s.end.byte(b)) continue
        s.objects?.feed(chunk.subarray(from, i + 1))
        from = -1
        this.endStream()
        continue
      }
      this.sniffer.byte(b)
      if (this.mode === 'tokens') {
        if (!this.tokenizer.byte(b)) continue
        from = this.streamKeyword(b, i)
      } else from = this.endOfLine(b, i)
      // The data begins with this byte (no end of line after `stream`, as some writers do).
      if (this.inData() && from === i) {
        this.stream!.header.byte(b)
        this.stream!.end.byte(b)
      }
    }
    if (this.inData() && from >= 0) this.stream!.objects?.feed(chunk.subarray(from))
  }

  /** The file ended: the parts found, in order. */
  end(): PdfPart[] {
    this.sniffer.end()
    this.tokenizer.end()
    // A stream that never ended: its data is all that is left of the file, and counts.
    if (this.stream) this.endStream(true)
    if (this.links.automaticWebAddress()) this.parts.add('automatic')
    return PART_ORDER.filter((p) => this.parts.has(p))
  }

  /** Read through a method: the mode changes in the calls above it, where TypeScript does not look. */
  private inData(): boolean {
    return this.mode === 'data'
  }

  private named(name: string, into: Set<PdfPart>): void {
    const part = PART_OF_NAME.get(name)
    if (part) into.add(part)
  }

  /** `stream` was read, ended by byte `b` at `i`: its data begins after the end of line. */
  private streamKeyword(b: number, i: number): number {
    const dict = this.tracker.streamDict()
    // `stream` after no dictionary is no stream a viewer reads: the bytes stay tokens, this one too.
    if (!dict) {
      this.tokenizer.byte(b)
      return -1
    }
    this.stream = this.reading(dict)
    this.mode = 'eol'
    return this.endOfLine(b, i)
  }

  /** Between `stream` and its data: spaces, then CR LF, LF or CR. Returns where the data begins, if it has. */
  private endOfLine(b: number, i: number): number {
    if (this.mode === 'lf') {
      this.mode = 'data'
      return b === 0x0a ? i + 1 : i
    }
    if (b === 0x0d) {
      this.mode = 'lf'
      return -1
    }
    if (b === 0x0a) {
      this.mode = 'data'
      return i + 1
    }
    if (isWhitespace(b)) return -1
    this.mode = 'data'
    return i
  }

  private reading(dict: StreamDict): StreamReading {
    const reading: StreamReading = { end: new ByteSequence(ENDSTREAM), header: new ObjectHeaderSpotter(), tentative: new Set(), objects: null }
    if (!dict.objects) return reading
    const f = dict.filters
    const raw = f !== null && f.length === 0
    const flate = f !== null && f.length === 1 && FLATE.has(f[0]!) && !dict.predictor
    if (!raw && !flate) this.parts.add('unreadable')
    else reading.objects = new ObjectStreamScan(this.links, dict.first, flate, this.budget, (name) => this.named(name, this.parts))
    return reading
  }

  private endStream(fileEnded = false): void {
    const s = this.stream!
    this.stream = null
    this.mode = 'tokens'
    s.header.end()
    if (s.header.seen || fileEnded) for (const p of s.tentative) this.parts.add(p)
    if (s.objects && !s.objects.finish()) this.parts.add('unreadable')
  }
}
