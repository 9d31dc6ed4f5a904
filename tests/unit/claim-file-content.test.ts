import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { imageEndCheck } from '../../shared/claims/file-checks/image-end'
import { PdfActionScan, type PdfPart } from '../../shared/claims/file-checks/pdf-actions'
import { sniffClaimFileType, UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { concat, type ImageSample, JPEG_PHOTO, jpegOfSize, REFUSED_IMAGES, WHOLE_IMAGES } from '../support/image-files'
import { handPdf, PLAIN_PDFS, pdfOfObjectStreams, REFUSED_PDFS } from '../support/pdf-files'

/**
 * Issue 31 item 5 (decision 204): an image must be only an image, and a PDF is refused for scripts,
 * automatic actions, forms that send, embedded files and rich media, in any stream. The corpus
 * (tests/support/image-files.ts, pdf-files.ts) is read here by the checks themselves, in chunks of every
 * size; the worker tests send the same files through ClaimFile and the claim page's form.
 */

/** The file fed in chunks of `size` bytes (the worker reads 256 KB at a time; a split may fall anywhere). */
function imageProblem(sample: Pick<ImageSample, 'bytes'>, size = sample.bytes.length): string | null {
  const type = sniffClaimFileType(sample.bytes)
  const check = imageEndCheck(type!)!
  for (let at = 0; at < sample.bytes.length && !check.problem; at += size) check.push(sample.bytes.subarray(at, at + size))
  return check.end()
}

function pdfParts(bytes: Uint8Array, size = bytes.length, scan = new PdfActionScan()): PdfPart[] {
  for (let at = 0; at < bytes.length; at += size) scan.push(bytes.subarray(at, at + size))
  return scan.end()
}

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('')

describe('images: only an image, whole', () => {
  it.each(REFUSED_IMAGES.map((s) => [s.name, s.what, s] as const))('%s (%s) is refused', (_name, _what, sample) => {
    for (const size of [sample.bytes.length, 1, 3, 64]) expect(imageProblem(sample, size), `chunks of ${size}`).toBe(sample.problem)
  })

  it.each(WHOLE_IMAGES.map((s) => [s.name, s.what, s] as const))('%s (%s) passes', (_name, _what, sample) => {
    for (const size of [sample.bytes.length, 1, 3, 64]) expect(imageProblem(sample, size), `chunks of ${size}`).toBeNull()
  })

  it('every whole image cut short anywhere is refused as not whole (a HEIC between two boxes is whole)', () => {
    for (const sample of WHOLE_IMAGES.filter((s) => !s.name.endsWith('.heic'))) {
      for (let cut = 16; cut < sample.bytes.length; cut++) {
        const rest = sample.bytes.subarray(cut)
        // Padding or a second image cut away leaves a whole first image.
        if (rest.every((b) => b === 0) || (sample.name === 'gain-map.jpg' && cut === JPEG_PHOTO.length)) continue
        expect(imageProblem({ bytes: sample.bytes.subarray(0, cut) }), `${sample.name} cut at ${cut}`).toBe('broken')
      }
    }
  })

  it('any data after a whole image is refused, whatever it is and wherever the reads split it', () => {
    const whole = WHOLE_IMAGES.filter((s) => !s.name.endsWith('.heic'))
    fc.assert(
      fc.property(
        fc.constantFrom(...whole),
        // Not starting with a zero (padding) or FF (a JPEG's next image): any other byte is more than an image.
        fc.uint8Array({ minLength: 1, maxLength: 64 }).filter((t) => t[0] !== 0 && t[0] !== 0xff),
        fc.integer({ min: 1, max: 300 }),
        (sample, tail, size) => imageProblem({ bytes: concat(sample.bytes, tail) }, size) === 'trailing',
      ),
      { numRuns: 300 },
    )
  })

  it('a 10 MB photo is walked to its end, its scan data by indexOf (a camera-sized file, 256 KB reads)', () => {
    expect(imageProblem({ bytes: jpegOfSize(10 * 1024 * 1024, 1) }, 256 * 1024)).toBeNull()
    expect(imageProblem({ bytes: concat(jpegOfSize(10 * 1024 * 1024, 2), new Uint8Array([0x3c])) }, 256 * 1024)).toBe('trailing')
  })
})

describe('PDFs: no scripts, automatic actions, sending forms, embedded files or rich media, in any stream', () => {
  it.each(REFUSED_PDFS.map((s) => [s.name, s.what, s] as const))('%s (%s) is refused for what it has', async (_name, _what, sample) => {
    const bytes = await sample.bytes()
    for (const size of [bytes.length, 1, 7, 4096]) expect(pdfParts(bytes, size), `chunks of ${size}`).toEqual(sample.parts)
  })

  it.each(PLAIN_PDFS.map((s) => [s.name, s.what, s] as const))('%s (%s) passes', async (_name, _what, sample) => {
    const bytes = await sample.bytes()
    for (const size of [bytes.length, 1, 7, 4096]) expect(pdfParts(bytes, size), `chunks of ${size}`).toEqual([])
  })

  it("the probe's names are inside compressed object streams: none is in the file's raw bytes", async () => {
    const hidden: Record<string, string[]> = {
      'page-opens-web-address.pdf': ['/AA', '/URI'],
      'opens-web-address.pdf': ['/OpenAction', '/URI'],
      'submits-form.pdf': ['/SubmitForm'],
      'embedded-file.pdf': ['/EmbeddedFiles'],
      'rich-media.pdf': ['/RichMedia'],
      'runs-javascript.pdf': ['/JavaScript', '/JS'],
    }
    for (const [name, names] of Object.entries(hidden)) {
      const raw = latin1(await REFUSED_PDFS.find((s) => s.name === name)!.bytes())
      expect(raw, name).toContain('/ObjStm')
      for (const n of names) expect(raw.includes(n), `${name} ${n}`).toBe(false)
    }
  })

  it('an escaped name inside an object stream is found wherever two reads split the file', () => {
    const bytes = handPdf(['<< /Type /Catalog >>'], ['<< /OpenAction << /S /J#61vaScript /J#53 (x) >> >>'])
    for (let at = 1; at < bytes.length; at++) {
      const scan = new PdfActionScan()
      scan.push(bytes.subarray(0, at))
      scan.push(bytes.subarray(at))
      expect(scan.end(), `split at ${at}`).toEqual(['javascript'])
    }
  })

  it('object streams are inflated up to a budget for the file: past it, the file is refused as unreadable', () => {
    // Three streams of 1 MB of objects (compressed about 3 to 1) pass; with a budget of 2 MB they are too much.
    const bytes = pdfOfObjectStreams(3, 1024 * 1024)
    expect(pdfParts(bytes, 256 * 1024)).toEqual([])
    expect(pdfParts(bytes, 256 * 1024, new PdfActionScan(2 * 1024 * 1024))).toEqual(['unreadable'])
  })

  it('a web address that a link opens passes; one that opening the file runs, by any route, does not', () => {
    const catalog = (open: string) => `<< /Type /Catalog /OpenAction ${open} >>`
    const cases: [string, string[], string[], PdfPart[]][] = [
      ['a link', ['<< /Type /Catalog >>', '<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://a.example) >> >>'], [], []],
      ['open: a destination', [catalog('[3 0 R /Fit]')], [], []],
      ['open: a page, then a link elsewhere', [catalog('<< /S /GoTo /D [3 0 R /Fit] >>'), '<< /S /URI /URI (https://a.example) >>'], [], []],
      ['open: a web address', [catalog('<< /S /URI /URI (https://a.example) >>')], [], ['automatic']],
      ['open: by reference', [catalog('2 0 R'), '<< /S /URI /URI (https://a.example) >>'], [], ['automatic']],
      [
        'open: a chain of /Next',
        [catalog('2 0 R'), '<< /S /GoTo /D [0 /Fit] /Next [5 0 R 3 0 R] >>', '<< /S /GoTo /D [0 /Fit] /Next 4 0 R >>'],
        ['<< /S /URI /URI (https://a.example) >>', '<< /S /Named /N /NextPage >>'],
        ['automatic'],
      ],
      [
        'open: a chain that opens no web address',
        [catalog('2 0 R'), '<< /S /GoTo /D [0 /Fit] /Next 3 0 R >>', '<< /S /Named /N /NextPage >>', '<< /S /URI /URI (https://a.example) >>'],
        [],
        [],
      ],
      ['open: by reference into an object stream', [catalog('2 0 R')], ['<< /S /URI /URI (https://a.example) >>'], ['automatic']],
      ['open: a web address written before the catalog', ['<< /S /URI /URI (https://a.example) >>', catalog('1 0 R')], [], ['automatic']],
    ]
    for (const [label, objects, packed, parts] of cases) expect(pdfParts(handPdf(objects, packed), 5), label).toEqual(parts)
  })

  it('names the parts in the order of the refusal, each once', () => {
    expect(UPLOAD_REFUSAL.pdfParts('estimate.pdf', ['javascript', 'embedded', 'media'])).toBe(
      'The file estimate.pdf is a PDF with parts we cannot accept: JavaScript, files embedded in it and rich media (video, sound or 3D). Please save it again without them (for example, print it to a new PDF), or attach a photo of it.',
    )
    expect(UPLOAD_REFUSAL.pdfParts('a.pdf', ['automatic'])).toContain('parts we cannot accept: actions that run without a click.')
  })
})
