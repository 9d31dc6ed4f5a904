import { describe, expect, it } from 'vitest'
import { PdfActionScan } from '../../shared/claims/file-checks/pdf-actions'
import { chosenFileProblem, displayName, MAX_CLAIM_FILE_BYTES, sniffClaimFileType, storageName, UPLOAD_MSG } from '../../shared/claims/uploads'

/** Issue 10: photos and files, up to 10 images or PDFs of 10 MB each, typed by their content. */

const bytes = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)))

describe('sniffClaimFileType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    ['GIF89a', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBP'), 'image/webp'],
    ['HEIC', bytes([0, 0, 0, 24], 'ftypheic'), 'image/heic'],
    ['PDF', bytes('%PDF-1.7'), 'application/pdf'],
    ['a Windows program', bytes('MZ', [0x90, 0]), null],
    ['HTML', bytes('<!doctype html>'), null],
    ['an MP4 video', bytes([0, 0, 0, 24], 'ftypisom'), null],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVE'), null],
    ['too short to tell', bytes([0xff, 0xd8]), null],
  ])('%s -> %s', (_label, content, type) => {
    expect(sniffClaimFileType(content)).toBe(type)
  })
})

describe('chosenFileProblem (the island checks each file as it is chosen)', () => {
  it('refuses a file over 10 MB, an empty one, and one that is neither a photo nor a PDF by its type or name; 10 MB passes', () => {
    expect(chosenFileProblem({ name: 'p.jpg', size: MAX_CLAIM_FILE_BYTES, type: 'image/jpeg' })).toBeNull()
    expect(chosenFileProblem({ name: 'big.jpg', size: MAX_CLAIM_FILE_BYTES + 1 })).toBe('The file big.jpg is larger than 10 MB. Please choose a smaller file.')
    expect(chosenFileProblem({ name: 'nothing.pdf', size: 0 })).toBe('The file nothing.pdf is empty.')
    expect(chosenFileProblem({ name: 'notes.txt', size: 5, type: 'text/plain' })).toBe(UPLOAD_MSG.wrongType('notes.txt'))
    // A type the browser does not know, with a photo's name; a photo's type with an odd name.
    expect(chosenFileProblem({ name: 'IMG_0001.HEIC', size: 5, type: '' })).toBeNull()
    expect(chosenFileProblem({ name: 'scan', size: 5, type: 'application/pdf' })).toBeNull()
  })
})

describe('file names', () => {
  it('shows the last part of a path without control characters; stores only safe characters', () => {
    expect(displayName('C:\\Users\\me\\IMG 001.jpg')).toBe('IMG 001.jpg')
    expect(displayName('../../etc/passwd')).toBe('passwd')
    expect(displayName('a\u0000b\nc.jpg')).toBe('abc.jpg')
    expect(displayName('')).toBe('file')
    expect(storageName('Küche (1).jpg')).toBe('K_che_1_.jpg')
  })
})

describe('file names: invisible characters (issue 20 item 7)', () => {
  it('strips bidi overrides and isolates, zero-width and other format characters, so a name reads as it is', () => {
    expect(displayName('evil\u202egnp.exe')).toBe('evilgnp.exe')
    expect(displayName('\u2066report\u2069\u200b\u200d\u00ad.pdf')).toBe('report.pdf')
    expect(displayName('a\u200e\u200f\u061c\ufeffb\u2028c\u2029.jpg')).toBe('abc.jpg')
    expect(storageName('evil\u202egnp.exe')).toBe('evilgnp.exe')
  })

  it('keeps letters of every script and ordinary spaces', () => {
    expect(displayName('Küche Schaden 1.jpg')).toBe('Küche Schaden 1.jpg')
    expect(displayName('صورة.png')).toBe('صورة.png')
  })
})

describe('PdfActionScan (issue 20 item 7; the corpus of issue 31 in claim-file-content.test.ts)', () => {
  const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.7\n${body}\n%%EOF\n`)
  /** The whole file in one chunk. */
  const partsIn = (file: Uint8Array) => {
    const scan = new PdfActionScan()
    scan.push(file)
    return scan.end()
  }

  it.each([
    ['an /OpenAction with /JavaScript', '1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj', ['javascript']],
    ['a /JS entry alone', '2 0 obj <</JS(app.alert(1))>> endobj', ['javascript']],
    ['a /Launch action', '3 0 obj << /S /Launch /F (calc.exe) >> endobj', ['launch']],
    ['a name hidden with #xx escapes', '4 0 obj << /S /J#61va#53cript >> endobj', ['javascript']],
    ['a name at the very end of the file', '<< /S /Launch', ['launch']],
    ['a name in a string (read cautiously)', '5 0 obj << /Title (see /JS here) >> endobj', ['javascript']],
  ])('finds %s', (_label, body, parts) => {
    expect(partsIn(pdf(body))).toEqual(parts)
  })

  it.each([
    ['a plain document', '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj'],
    ['names that only begin like an action', '<< /JSON 1 /JavaScripts 2 /Launcher 3 /LaunchX 4 /AAA 5 /URIs 6 >>'],
    ['the words in text, not as names', 'BT (JavaScript and Launch are words here) Tj ET'],
  ])('passes %s', (_label, body) => {
    expect(partsIn(pdf(body))).toEqual([])
  })

  it('finds a name split across chunk boundaries, wherever the split falls', () => {
    const bytes = pdf('1 0 obj << /OpenAction << /S /JavaScript /JS (x) >> >> endobj')
    for (let at = 1; at < bytes.length; at++) {
      const scan = new PdfActionScan()
      scan.push(bytes.subarray(0, at))
      scan.push(bytes.subarray(at))
      expect(scan.end(), `split at ${at}`).toEqual(['javascript'])
    }
    // One byte at a time, and an escaped name split inside its escape.
    const escaped = pdf('<< /S /Lau#6Ech >>')
    const scan = new PdfActionScan()
    for (const b of escaped) scan.push(new Uint8Array([b]))
    expect(scan.end()).toEqual(['launch'])
  })
})
