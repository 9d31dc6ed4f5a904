/**
 * Images made by code for the upload tests (issue 31 item 5, decision 204): small real ones a browser
 * draws, and ones of any size shaped like a photo (their structure whole, their pixels filler). Node and
 * workerd alike: no Buffer, no zlib.
 */

const bytesOf = (...parts: (number[] | Uint8Array | string)[]): Uint8Array => {
  const arrays = parts.map((p) => (typeof p === 'string' ? Uint8Array.from(p, (c) => c.charCodeAt(0)) : Uint8Array.from(p)))
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0))
  let at = 0
  for (const a of arrays) {
    out.set(a, at)
    at += a.length
  }
  return out
}

export const concat = (...parts: Uint8Array[]): Uint8Array => bytesOf(...parts)

const u16 = (n: number) => [n >> 8, n & 0xff]
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]

/** The JPEG segments before the scan data of an 8x8 grey baseline image (one component, Huffman tables of one code each). */
const JPEG_HEAD = bytesOf(
  [0xff, 0xd8],
  [0xff, 0xe0, 0, 16],
  'JFIF\0',
  [1, 1, 0, 0, 1, 0, 1, 0, 0],
  [0xff, 0xdb, 0, 67, 0],
  new Uint8Array(64).fill(1),
  [0xff, 0xc0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0],
  // DC table 0 and AC table 0: one code of length 1, for category 0 and for end-of-block.
  [0xff, 0xc4, 0, 20, 0x00, 1, ...new Array(15).fill(0), 0],
  [0xff, 0xc4, 0, 20, 0x10, 1, ...new Array(15).fill(0), 0],
  [0xff, 0xda, 0, 8, 1, 1, 0x00, 0, 63, 0],
)
const EOI = [0xff, 0xd9]

/** A real 8x8 grey JPEG (159 bytes): DC 0, end of block, padded with ones. */
export const JPEG_PHOTO = bytesOf(JPEG_HEAD, [0x3f], EOI)

/**
 * A JPEG of exactly `size` bytes whose scan data is filler that differs by `seed`: whole by its structure
 * (no FF in the data, EOI last), as a camera's photo of that size is.
 */
export function jpegOfSize(size: number, seed = 0): Uint8Array {
  const out = new Uint8Array(size)
  out.set(JPEG_HEAD)
  let x = (seed * 2654435761 + 1) >>> 0
  for (let i = JPEG_HEAD.length; i < size - 2; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    out[i] = (x >>> 16) % 255 // never FF
  }
  out.set(EOI, size - 2)
  return out
}

/** The real JPEG with a comment segment (COM) holding `text`: data inside the image, not after it. */
export function jpegWithComment(text: string): Uint8Array {
  const comment = bytesOf([0xff, 0xfe], u16(text.length + 2), text)
  return bytesOf(JPEG_PHOTO.subarray(0, 2), comment, JPEG_PHOTO.subarray(2))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = bytesOf(type, data)
  return bytesOf(u32(data.length), typed, u32(crc32(typed)))
}

/** zlib of `data` in stored (uncompressed) blocks, as PNG's IDAT takes it. */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks: (number[] | Uint8Array)[] = [[0x78, 0x01]]
  let at = 0
  do {
    const part = data.subarray(at, at + 65535)
    at += part.length
    const n = part.length
    blocks.push([at >= data.length ? 1 : 0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff], part)
  } while (at < data.length)
  let a = 1
  let b = 0
  for (const v of data) {
    a = (a + v) % 65521
    b = (b + a) % 65521
  }
  blocks.push(u32(((b << 16) | a) >>> 0))
  return bytesOf(...blocks)
}

/** A real PNG of `width` x `height` RGB pixels in one colour. */
export function pngPhoto(width = 2, height = 2, rgb: [number, number, number] = [200, 120, 40]): Uint8Array {
  const row = [0, ...new Array(width).fill(rgb).flat()]
  const pixels = bytesOf(...new Array(height).fill(row))
  return bytesOf(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk('IHDR', bytesOf(u32(width), u32(height), [8, 2, 0, 0, 0])),
    pngChunk('IDAT', zlibStored(pixels)),
    pngChunk('IEND', new Uint8Array(0)),
  )
}

/** The classic real 1x1 GIF: a two-colour table, one image, the trailer. */
const GIF_PHOTO = bytesOf('GIF89a', [1, 0, 1, 0, 0x80, 0, 0], [0, 0, 0, 255, 255, 255], [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], [2, 2, 0x44, 0x01, 0], [0x3b])

/** A WebP by its container: RIFF, its size, WEBP and one VP8L chunk of filler. */
const WEBP_SHAPED = bytesOf('RIFF', u32le(4 + 8 + 6), 'WEBP', 'VP8L', u32le(6), [0x2f, 0, 0, 0, 0x10, 0x07])

/** A HEIC by its boxes: ftyp with the heic brand, then an mdat of filler. */
const HEIC_SHAPED = bytesOf(u32(24), 'ftyp', 'heic', u32(0), 'mif1', 'heic', u32(16), 'mdat', [1, 2, 3, 4, 5, 6, 7, 8])

/** What a web page appended to a photo looks like. */
const HTML = bytesOf('<html><body><script>alert(document.cookie)</script></body></html>\n')

export interface ImageSample {
  name: string
  /** Why it is in the corpus. */
  what: string
  bytes: Uint8Array
  /** Why it is refused (ImageProblem); null for an image that passes. */
  problem: 'trailing' | 'broken' | null
}

const ZIP = bytesOf('PK\x03\x04', [20, 0, 0, 0, 0, 0], 'payload')
/** The start of an MP4 (what a phone's motion photo appends to its still). */
const MP4 = bytesOf(u32(24), 'ftyp', 'mp42', u32(0), 'isom', 'mp42', u32(16), 'mdat', [1, 2, 3, 4, 5, 6, 7, 8])

/** Images refused: the probe's files (issue 31), their neighbours, and images that are not whole. */
export const REFUSED_IMAGES: ImageSample[] = [
  { name: 'kitchen.gif', what: 'a GIF with a web page after its trailer', bytes: concat(GIF_PHOTO, HTML), problem: 'trailing' },
  { name: 'kitchen.png', what: 'a PNG with a web page after IEND', bytes: concat(pngPhoto(), HTML), problem: 'trailing' },
  { name: 'kitchen.jpg', what: 'a JPEG with a web page after EOI', bytes: concat(JPEG_PHOTO, HTML), problem: 'trailing' },
  { name: 'archive.jpg', what: 'a JPEG with a zip archive after it', bytes: concat(JPEG_PHOTO, ZIP), problem: 'trailing' },
  { name: 'motion.jpg', what: "a JPEG with a video after it (a phone's motion photo)", bytes: concat(JPEG_PHOTO, MP4), problem: 'trailing' },
  { name: 'kitchen.webp', what: 'a WebP with a web page after its RIFF chunk', bytes: concat(WEBP_SHAPED, HTML), problem: 'trailing' },
  { name: 'kitchen.heic', what: 'a HEIC with a web page after its last box', bytes: concat(HEIC_SHAPED, HTML), problem: 'broken' },
  { name: 'page.gif', what: "a web page behind a GIF's first six bytes", bytes: concat(GIF_PHOTO.subarray(0, 6), HTML), problem: 'broken' },
  {
    name: 'second.jpg',
    what: 'a JPEG, then the start of a second one and a web page',
    bytes: concat(JPEG_PHOTO, bytesOf([0xff, 0xd8]), HTML),
    problem: 'broken',
  },
  { name: 'cut.jpg', what: 'a JPEG cut short before EOI', bytes: JPEG_PHOTO.subarray(0, JPEG_PHOTO.length - 2), problem: 'broken' },
  { name: 'cut.png', what: 'a PNG without its IEND chunk', bytes: pngPhoto().subarray(0, pngPhoto().length - 12), problem: 'broken' },
]

/** Images that pass: real ones, and what a camera or phone legitimately writes around one. */
export const WHOLE_IMAGES: ImageSample[] = [
  { name: 'photo.jpg', what: 'a real JPEG', bytes: JPEG_PHOTO, problem: null },
  {
    name: 'gain-map.jpg',
    what: 'a JPEG followed by a second JPEG (Multi-Picture Format: a depth or HDR gain map)',
    bytes: concat(JPEG_PHOTO, JPEG_PHOTO),
    problem: null,
  },
  { name: 'padded.jpg', what: 'a JPEG padded with zero bytes', bytes: concat(JPEG_PHOTO, new Uint8Array(64)), problem: null },
  { name: 'note.jpg', what: 'a JPEG with a comment segment (text inside the image)', bytes: jpegWithComment('<html>inside a comment</html>'), problem: null },
  { name: 'photo.png', what: 'a real PNG', bytes: pngPhoto(), problem: null },
  { name: 'photo.gif', what: 'a real GIF', bytes: GIF_PHOTO, problem: null },
  { name: 'photo.webp', what: 'a WebP by its container', bytes: WEBP_SHAPED, problem: null },
  { name: 'photo.heic', what: 'a HEIC by its boxes', bytes: HEIC_SHAPED, problem: null },
]
