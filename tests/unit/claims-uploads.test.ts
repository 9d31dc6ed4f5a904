import { describe, expect, it } from 'vitest'
import { displayName, MAX_CLAIM_FILE_BYTES, sniffClaimFileType, storageName, uploadProblem, UPLOAD_MSG } from '../../shared/claims/uploads'

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

describe('uploadProblem (the island checks before sending)', () => {
  it('refuses an 11th file, a file over 10 MB and an empty one; 10 files of exactly 10 MB pass', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.jpg`, size: MAX_CLAIM_FILE_BYTES }))
    expect(uploadProblem(ten)).toBeNull()
    expect(uploadProblem([...ten, { name: 'x.jpg', size: 1 }])).toBe(UPLOAD_MSG.tooMany)
    expect(uploadProblem([{ name: 'big.jpg', size: MAX_CLAIM_FILE_BYTES + 1 }])).toBe('The file big.jpg is larger than 10 MB. Please choose a smaller file.')
    expect(uploadProblem([{ name: 'nothing.pdf', size: 0 }])).toBe('The file nothing.pdf is empty.')
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
