import type { PdfPart } from './file-checks/pdf-actions'

/**
 * Photos and files of a claim (issue 10): up to 10 images or PDFs, 10 MB each, each uploaded on its own
 * (decision 169). The island checks count, size and type (by the browser's type or the name) as files are
 * chosen; the worker checks them again and decides the type by the file's first bytes, never by its name
 * or the browser's declared type.
 */

export const MAX_CLAIM_FILES = 10
export const MAX_CLAIM_FILE_BYTES = 10 * 1024 * 1024
/**
 * The PDF copy a claim report may carry in its `file` part (spec 001 section 7: multipart, claimSubmission
 * and file, a PDF copy of the payload; decision 218). A copy of a form's words is tens of KB; 2 MB leaves
 * room for a copy drawn as an image, while the body FirstNoticeOfLoss holds in memory stays small
 * (decision 169 moved photos out of it for that memory). Anything larger, or any photo, travels by ClaimFile.
 */
export const MAX_CLAIM_COPY_BYTES = 2 * 1024 * 1024
/** Files a claim holds in all: the 10 sent with the report and those added while it is open (decision 169). */
export const MAX_FILES_PER_CLAIM = 50

export type ClaimFileType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/heic' | 'application/pdf'

/** What a claim's file may be, for a form's hint: the size and the kinds the upload takes. */
export const CLAIM_FILE_KINDS = `up to ${MAX_CLAIM_FILE_BYTES / (1024 * 1024)} MB: a photo (JPEG, PNG, GIF, WebP or HEIC) or a PDF.`

/** The same in Spanish (issue 36), from the same limit. */
export const CLAIM_FILE_KINDS_ES = `de hasta ${MAX_CLAIM_FILE_BYTES / (1024 * 1024)} MB: una foto (JPEG, PNG, GIF, WebP o HEIC) o un PDF.`

/** The header that names an uploaded file (percent-encoded UTF-8): the body is the file itself. */
export const FILE_NAME_HEADER = 'X-File-Name'

export const CLAIM_FILE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/heic,.heic,application/pdf'

export const UPLOAD_MSG = {
  tooMany: `You can attach up to ${MAX_CLAIM_FILES} photos or files to a claim.`,
  tooBig: (name: string) => `The file ${name} is larger than 10 MB. Please choose a smaller file.`,
  empty: (name: string) => `The file ${name} is empty.`,
  wrongType: (name: string) => `The file ${name} is not a photo (JPEG, PNG, GIF, WebP or HEIC) or a PDF.`,
} as const

/**
 * The worker's refusals of a file or a file reference (decision 169): kept apart from UPLOAD_MSG, which
 * the island carries, so the island's bundle does not hold texts only the server says.
 */
export const UPLOAD_REFUSAL = {
  /** A PDF with parts a claim file may not have (decision 204), named in the scan's order. */
  pdfParts: (name: string, parts: readonly PdfPart[]) =>
    `The file ${name} is a PDF with parts we cannot accept: ${listed(parts.map((p) => PDF_PART_WORDS[p]))}. Please save it again without them (for example, print it to a new PDF), or attach a photo of it.`,
  /** An image followed by other data (decision 204). */
  imageTrailing: (name: string) =>
    `The file ${name} has other data after the end of its image, which we cannot accept. Please attach the photo itself: for example, a screenshot of it, or a copy saved as a still photo.`,
  /** An image whose structure does not read to its end: cut short, damaged, or something else behind an image's first bytes. */
  imageBroken: (name: string) => `The file ${name} is not a whole image: it is cut short or damaged. Please attach it again, or take the photo again.`,
  lengthMismatch: (name: string) => `The file ${name} did not arrive whole. Please attach it again.`,
  /** A file reference (a fileId) the claim names that is not this person's upload for this policy. */
  unknownReference: (ref: string) => `We could not find the uploaded file ${ref}. Please attach it again.`,
  /** A file reference already sent with a claim (or named twice in one claim). */
  referenceUsed: (name: string) => `The file ${name} was already sent with a claim. Please attach it again.`,
  claimFull: `A claim can hold up to ${MAX_FILES_PER_CLAIM} photos or files. Please call us to send more.`,
  claimClosed: (claimNumber: string) => `Claim ${claimNumber} is closed, so files can no longer be added to it. Please call us.`,
  noClaim: (claimNumber: string) => `There is no claim ${claimNumber} on this policy.`,
  /** The `file` part of a claim report is the claim's PDF copy (spec 001 section 7; decision 218): one, a PDF, up to 2 MB. */
  copyNotPdf: (name: string) =>
    `The file ${name} is not a PDF. The file part of a claim is its PDF copy: send photos and other files each on its own with ClaimFile, then name them in the claim by their fileId.`,
  copyTooBig: (name: string) =>
    `The file ${name} is larger than ${MAX_CLAIM_COPY_BYTES / (1024 * 1024)} MB, which a claim's PDF copy may be. Send it on its own with ClaimFile (up to 10 MB), then name it in the claim by its fileId.`,
  oneCopy: 'A claim carries one PDF copy in its file part. Send other files each on its own with ClaimFile, then name them in the claim by their fileId.',
  /** The name itself is never repeated: it holds the number. */
  cardNumberInName:
    'The name of the file holds what looks like a card number. Card numbers are accepted only by the payment form. Please rename the file and attach it again.',
} as const

/** What each refused part of a PDF is called in the refusal. */
const PDF_PART_WORDS: Record<PdfPart, string> = {
  javascript: 'JavaScript',
  automatic: 'actions that run without a click',
  launch: 'commands that open programs or other files',
  forms: 'form actions that send or fetch data (including XFA forms)',
  embedded: 'files embedded in it',
  media: 'rich media (video, sound or 3D)',
  unreadable: 'compressed parts we cannot open to check them (as in a password-protected file)',
}

/** 'a', 'a and b', 'a, b and c'. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])

/** The type the content says, from its magic bytes; null for anything that is not an image or a PDF. */
export function sniffClaimFileType(b: Uint8Array): ClaimFileType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png'
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif'
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp'
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(b, 8, 12))) return 'image/heic'
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'application/pdf'
  return null
}

/** A type or an extension the portal takes (the worker decides by content: this only spares a useless upload). */
const ACCEPTED_TYPE = /^(image\/(jpeg|png|gif|webp|heic|heif)|application\/pdf)$/
const ACCEPTED_NAME = /\.(jpe?g|png|gif|webp|hei[cf]|pdf)$/i

/** What is wrong with a chosen file before any byte is sent (size, empty, not a photo or PDF by its type or name); null when fine. */
export function chosenFileProblem(
  f: { name: string; size: number; type?: string },
  /** How each problem is said (the island passes its page's language; English when not told). */
  words: Pick<typeof UPLOAD_MSG, 'tooBig' | 'empty' | 'wrongType'> = UPLOAD_MSG,
): string | null {
  const name = displayName(f.name)
  if (f.size > MAX_CLAIM_FILE_BYTES) return words.tooBig(name)
  if (f.size === 0) return words.empty(name)
  if (!ACCEPTED_TYPE.test(f.type ?? '') && !ACCEPTED_NAME.test(f.name)) return words.wrongType(name)
  return null
}

/**
 * Characters that change how a name reads without being seen: controls (Cc), format characters (Cf:
 * the bidi overrides and isolates that make 'evil\u202egnp.exe' show as 'evilexe.png', zero-width
 * joiners, the soft hyphen) and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

/** A file name safe to show and to store: no path, no invisible characters, at most 100 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base.replace(INVISIBLE, '').trim()
  return (clean || 'file').slice(0, 100)
}

/** The last part of an R2 key for a file: letters, digits, dot, dash and underscore only. */
export function storageName(name: string): string {
  return displayName(name)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 80)
}

/** A draft not touched for this long is gone (a claim is reported within days, not months). */
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60_000
