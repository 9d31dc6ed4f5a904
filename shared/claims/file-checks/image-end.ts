import type { ClaimFileType } from '../uploads'

/**
 * An image must be only an image (issue 31 item 5, decision 204): the file is walked by its own structure
 * as it streams, chunk by chunk, to where the format says it ends (JPEG's EOI marker FF D9, PNG's IEND
 * chunk and its CRC, GIF's 0x3B trailer, the RIFF size of a WebP, the last box of a HEIC). Bytes after
 * that end are refused ('trailing'): HTML or a script appended to a photo is what makes a file read as
 * a web page or an archive as well as an image. A file whose structure does not read to its end (cut
 * short, or a header followed by something else) is refused too ('broken').
 *
 * Allowed after the end: zero bytes (padding some cameras write, which carries nothing) and, after a
 * JPEG, further whole JPEGs (the Multi-Picture Format: depth maps and the HDR gain maps of Ultra HDR and
 * iPhone photos are stored so). Re-encoding the image instead would strip what follows, but Workers have
 * no image codec without an Images binding: refused, not repaired.
 *
 * What a structure walk does not judge: data inside the image's own parts (a JPEG comment, a PNG text
 * chunk, a HEIC box). Stored claim files are never served inline (decision 164).
 */

export type ImageProblem = 'trailing' | 'broken'

export interface ImageEndCheck {
  /** Walks the next chunk; a problem found stops the walk. */
  push(chunk: Uint8Array): void
  /** The problem found, once known (before the end for most). */
  readonly problem: ImageProblem | null
  /** The file has ended: its problem, or null when it was one whole image. */
  end(): ImageProblem | null
}

/**
 * The walk shared by the formats: a format asks for the next `n` header bytes (`expect`) or skips a
 * part's body (`skip`), and is called back with the header; JPEG scans its entropy-coded data itself.
 */
abstract class StructureWalk implements ImageEndCheck {
  problem: ImageProblem | null = null
  /** The image has reached its end: what follows must be padding (or, for JPEG, another image). */
  protected ended = false
  private skipping = 0
  private readonly head = new Uint8Array(16)
  private wanted = 0
  private held = 0

  protected expect(n: number): void {
    this.wanted = n
    this.held = 0
  }

  protected skip(n: number): void {
    this.skipping += n
  }

  /** The header asked for by expect(). */
  protected abstract onHead(head: Uint8Array): void

  /** Bytes between headers that the format reads itself (JPEG's scan data); returns where it stopped. */
  protected scan(_chunk: Uint8Array, at: number): number {
    this.problem = 'broken'
    return at
  }

  /** After the end: zero padding only, unless the format allows more. */
  protected afterEnd(chunk: Uint8Array, at: number): number {
    for (let i = at; i < chunk.length; i++) {
      if (chunk[i] !== 0) {
        this.problem = 'trailing'
        return chunk.length
      }
    }
    return chunk.length
  }

  /** Some bytes of a header asked for have come, not all. */
  protected headBegun(): boolean {
    return this.wanted > 0 && this.held > 0
  }

  /** Whether a file that ends here is whole: by default, only once the end was reached. */
  protected wholeAtEnd(): boolean {
    return this.ended
  }

  push(chunk: Uint8Array): void {
    let i = 0
    while (i < chunk.length && this.problem === null) {
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - i)
        this.skipping -= n
        i += n
      } else if (this.ended) {
        i = this.afterEnd(chunk, i)
      } else if (this.wanted > 0) {
        const n = Math.min(this.wanted - this.held, chunk.length - i)
        this.head.set(chunk.subarray(i, i + n), this.held)
        this.held += n
        i += n
        if (this.held === this.wanted) {
          this.wanted = 0
          this.onHead(this.head.subarray(0, this.held))
        }
      } else {
        i = this.scan(chunk, i)
      }
    }
  }

  end(): ImageProblem | null {
    if (this.problem === null && (this.skipping > 0 || !this.wholeAtEnd())) this.problem = 'broken'
    return this.problem
  }
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0

/**
 * JPEG (ITU T.81 B.1): SOI, then segments (FF, marker, 2-byte length), each SOS followed by entropy-coded
 * data in which FF is always followed by 00 (a data byte), a restart marker, or the next marker; EOI ends
 * the image. Fill bytes (FF) may stand before any marker. After EOI, further JPEGs (SOI...EOI) may follow.
 */
class JpegWalk extends StructureWalk {
  private state: 'soi' | 'ff' | 'marker' | 'length' | 'data' = 'soi'
  private segment = 0
  /** In scan data, the last byte read was an FF (possibly at the end of the chunk before). */
  private ffPending = false
  /** After EOI: an FF read (the SOI of a further image must follow), or zero padding begun. */
  private afterEoi: 'none' | 'ff' | 'padding' = 'none'

  constructor() {
    super()
    this.expect(2)
  }

  protected onHead(head: Uint8Array): void {
    if (this.state === 'soi') {
      if (head[0] === 0xff && head[1] === 0xd8) this.state = 'ff'
      else this.problem = 'broken'
      return
    }
    if (this.state === 'marker') return this.marker(head[0]!)
    // A segment's length, which counts its own two bytes.
    const length = u16be(head, 0)
    if (length < 2) {
      this.problem = 'broken'
      return
    }
    this.skip(length - 2)
    this.state = this.segment === 0xda ? 'data' : 'ff'
  }

  private marker(m: number): void {
    if (m === 0xff) return this.expect(1) // a fill byte: the marker is the next one
    if (m === 0xd9) {
      this.ended = true
      return
    }
    if (m === 0x00 || m === 0xd8) {
      this.problem = 'broken'
      return
    }
    // TEM and RST0-7 stand alone; every other marker has a length.
    if (m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      this.state = 'ff'
      return
    }
    this.segment = m
    this.state = 'length'
    this.expect(2)
  }

  protected override scan(chunk: Uint8Array, at: number): number {
    if (this.state === 'ff') {
      if (chunk[at] !== 0xff) {
        this.problem = 'broken'
        return at
      }
      this.state = 'marker'
      this.expect(1)
      return at + 1
    }
    if (this.state !== 'data') {
      this.problem = 'broken'
      return at
    }
    let i = at
    for (;;) {
      if (!this.ffPending) {
        const ff = chunk.indexOf(0xff, i)
        if (ff === -1) return chunk.length
        this.ffPending = true
        i = ff + 1
      }
      if (i >= chunk.length) return chunk.length
      const m = chunk[i++]!
      if (m === 0xff) continue // fill: the next byte decides
      this.ffPending = false
      if (m === 0x00 || (m >= 0xd0 && m <= 0xd7)) continue // a stuffed data byte, a restart
      this.marker(m)
      return i
    }
  }

  protected override afterEnd(chunk: Uint8Array, at: number): number {
    if (this.afterEoi === 'padding') return super.afterEnd(chunk, at)
    const b = chunk[at]!
    if (this.afterEoi === 'ff') {
      if (b !== 0xd8) {
        this.problem = 'trailing'
        return chunk.length
      }
      // A further image of the same file (Multi-Picture Format).
      this.afterEoi = 'none'
      this.ended = false
      this.state = 'ff'
      return at + 1
    }
    if (b === 0xff) {
      this.afterEoi = 'ff'
      return at + 1
    }
    this.afterEoi = 'padding'
    return super.afterEnd(chunk, at)
  }

  protected override wholeAtEnd(): boolean {
    return this.ended && this.afterEoi !== 'ff'
  }
}

/** PNG (ISO 15948 5.3): the 8-byte signature, IHDR first, chunks of length, type, data and CRC; IEND ends it. */
class PngWalk extends StructureWalk {
  private chunks = 0

  constructor() {
    super()
    this.skip(8)
    this.expect(8)
  }

  protected onHead(head: Uint8Array): void {
    const length = u32be(head, 0)
    const type = String.fromCharCode(...head.subarray(4, 8))
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type) || (this.chunks === 0 && type !== 'IHDR')) {
      this.problem = 'broken'
      return
    }
    this.chunks++
    this.skip(length + 4)
    if (type === 'IEND') this.ended = true
    else this.expect(8)
  }
}

/**
 * GIF (GIF89a spec, 17-27): header and logical screen descriptor, an optional global colour table, then
 * blocks: extensions (0x21) and images (0x2C, with an optional local colour table), whose data come in
 * sub-blocks ended by a zero-length one; the trailer 0x3B ends the file.
 */
class GifWalk extends StructureWalk {
  private state: 'screen' | 'block' | 'label' | 'image' | 'lzw' | 'sub' = 'screen'

  constructor() {
    super()
    this.skip(6)
    this.expect(7)
  }

  protected onHead(head: Uint8Array): void {
    const b = head[0]!
    switch (this.state) {
      case 'screen':
        if (head[4]! & 0x80) this.skip(3 * 2 ** ((head[4]! & 7) + 1))
        return this.block()
      case 'block':
        if (b === 0x3b) {
          this.ended = true
          return
        }
        if (b === 0x21) {
          this.state = 'label'
          return this.expect(1)
        }
        if (b === 0x2c) {
          this.state = 'image'
          return this.expect(9)
        }
        this.problem = 'broken'
        return
      case 'label':
        return this.subBlocks()
      case 'image':
        if (head[8]! & 0x80) this.skip(3 * 2 ** ((head[8]! & 7) + 1))
        this.state = 'lzw'
        return this.expect(1)
      case 'lzw':
        return this.subBlocks()
      case 'sub':
        if (b === 0) return this.block()
        this.skip(b)
        return this.expect(1)
    }
  }

  private block(): void {
    this.state = 'block'
    this.expect(1)
  }

  private subBlocks(): void {
    this.state = 'sub'
    this.expect(1)
  }
}

/** WebP: one RIFF chunk, 'RIFF', its size (little-endian), 'WEBP' and the rest; the file ends where the size says. */
class WebpWalk extends StructureWalk {
  constructor() {
    super()
    this.expect(12)
  }

  protected onHead(head: Uint8Array): void {
    const size = u32le(head, 4)
    if (size < 4) {
      this.problem = 'broken'
      return
    }
    // The size counts 'WEBP' (read) and the chunks; an odd size is padded to even.
    this.skip(size - 4 + (size & 1))
    this.ended = true
  }
}

/**
 * HEIC (ISO BMFF, ISO 14496-12 4.2): boxes of a 32-bit size (1: a 64-bit size follows; 0: the box runs
 * to the end of the file) and a four-character type, 'ftyp' first. The file ends with its last box.
 */
class HeicWalk extends StructureWalk {
  /** The box just begun has a 64-bit size: its next 8 bytes. */
  private largeSize = false
  /** The last box runs to the end of the file (size 0): nothing can follow it. */
  private toTheEnd = false
  private boxes = 0

  constructor() {
    super()
    this.expect(8)
  }

  protected onHead(head: Uint8Array): void {
    if (this.largeSize) {
      this.largeSize = false
      const size = u32be(head, 0) * 2 ** 32 + u32be(head, 4)
      if (size < 16 || size > Number.MAX_SAFE_INTEGER) {
        this.problem = 'broken'
        return
      }
      this.skip(size - 16)
      return this.expect(8)
    }
    const size = u32be(head, 0)
    const type = String.fromCharCode(...head.subarray(4, 8))
    if (!/^[\x20-\x7e]{4}$/.test(type) || (this.boxes === 0 && type !== 'ftyp') || (size > 1 && size < 8)) {
      this.problem = 'broken'
      return
    }
    this.boxes++
    if (size === 0) {
      this.toTheEnd = true
      this.skip(Number.POSITIVE_INFINITY)
    } else if (size === 1) {
      this.largeSize = true
      this.expect(8)
    } else {
      this.skip(size - 8)
      this.expect(8)
    }
  }

  override end(): ImageProblem | null {
    if (this.toTheEnd && this.problem === null) return null
    return super.end()
  }

  /** Whole when the file ends between boxes: the walk waits for the next box's header, none begun. */
  protected override wholeAtEnd(): boolean {
    return this.boxes > 0 && !this.largeSize && !this.headBegun()
  }
}

/** The structure walk for an image type, or null for a type that is not an image. */
export function imageEndCheck(type: ClaimFileType): ImageEndCheck | null {
  switch (type) {
    case 'image/jpeg':
      return new JpegWalk()
    case 'image/png':
      return new PngWalk()
    case 'image/gif':
      return new GifWalk()
    case 'image/webp':
      return new WebpWalk()
    case 'image/heic':
      return new HeicWalk()
    default:
      return null
  }
}
