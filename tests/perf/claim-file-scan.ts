// `npx tsx tests/perf/claim-file-scan.ts`: what the content checks of a claim file cost (decision 204),
// the checks alone, in this node process, fed 256 KB at a time as the worker reads a body: a 10 MB photo
// walked to its end, 10 MB PDFs (one image stream; nothing but tokens) and the most object-stream data a
// PDF may inflate (16 MB, the budget). A benchmark, not a test (decision 140): it prints the load average.
import { execSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { imageEndCheck } from '../../shared/claims/file-checks/image-end'
import { PdfActionScan } from '../../shared/claims/file-checks/pdf-actions'
import { jpegOfSize } from '../support/image-files'
import { handPdf, pdfOfObjectStreams } from '../support/pdf-files'

const MB = 1024 * 1024
const READ = 256 * 1024
const RUNS = 5

function noise(size: number): Uint8Array {
  const out = new Uint8Array(size)
  let x = 7
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    out[i] = x >>> 24
  }
  return out
}

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

const photoPdf = handPdf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [] /Count 0 >>',
  join(latin1(`<< /Subtype /Image /Filter /DCTDecode /Length ${10 * MB} >>\nstream\n`), noise(10 * MB), latin1('\nendstream')),
])
const tokensPdf = join(latin1('%PDF-1.7\n'), noise(10 * MB))
const objectsPdf = pdfOfObjectStreams(7, 2 * MB)
const photo = jpegOfSize(10 * MB, 1)

const cases: [string, Uint8Array, () => { push(c: Uint8Array): void; end(): unknown }][] = [
  ['JPEG photo, 10 MB (structure walk)', photo, () => imageEndCheck('image/jpeg')!],
  ['PDF, one 10 MB image stream (data)', photoPdf, () => new PdfActionScan()],
  ['PDF, 10 MB of bytes read as tokens (no streams)', tokensPdf, () => new PdfActionScan()],
  [`PDF of ${(objectsPdf.length / MB).toFixed(1)} MB: 7 object streams inflating to 14 MB`, objectsPdf, () => new PdfActionScan()],
]

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
})()
console.log(
  `claim file content checks; node ${process.version}, commit ${commit}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
for (const [label, bytes, start] of cases) {
  const ms: number[] = []
  let result: unknown
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now()
    const check = start()
    for (let at = 0; at < bytes.length; at += READ) check.push(bytes.subarray(at, at + READ))
    result = check.end()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  console.log(`${label.padEnd(64)} median ${ms[RUNS >> 1]!.toFixed(0)} ms, best ${ms[0]!.toFixed(0)} ms (${RUNS} runs); found ${JSON.stringify(result)}`)
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
