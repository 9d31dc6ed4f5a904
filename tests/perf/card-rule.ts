/**
 * `npx tsx tests/perf/card-rule.ts [samples] [git ref]`: what the card rule (shared/payments/pan.ts,
 * decision 201) takes for a card number in text that holds none, and what it costs. For each corpus of
 * realistic values (dates and times, camera file names, phone numbers, amounts, order and tracking
 * numbers, UUIDs, hex digests, random digit runs) it prints how many of N random samples the rule
 * refuses, beside the rule of another commit (default main) for comparison; then the time one call
 * takes on a 64 KB body of each kind (median of the calls made in 300 ms). A benchmark, not a test
 * (decision 140): it prints numbers, it asserts nothing.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { findCardNumber } from '../../shared/payments/pan'

const N = Number(process.argv[2] ?? 20_000)
const REF = process.argv[3] ?? 'main'

const dir = mkdtempSync(join(tmpdir(), 'card-rule-'))
const other = join(dir, 'pan.ts')
writeFileSync(other, execFileSync('git', ['show', `${REF}:shared/payments/pan.ts`], { encoding: 'utf8' }))
const { findCardNumber: findBefore } = (await import(other)) as { findCardNumber: (v: string) => boolean }
rmSync(dir, { recursive: true })

const r = (n: number) => Math.floor(Math.random() * n)
const pad = (n: number, w: number) => String(n).padStart(w, '0')
const digits = (n: number) => Array.from({ length: n }, () => r(10)).join('')
const phone = () => `${2 + r(8)}${pad(r(100), 2)}-${2 + r(8)}${pad(r(100), 2)}-${pad(r(10_000), 4)}`
const date = () => `2026-${pad(1 + r(12), 2)}-${pad(1 + r(28), 2)}`
const time = () => `${pad(r(24), 2)}:${pad(r(60), 2)}:${pad(r(60), 2)}`

const CORPORA: Record<string, () => string> = {
  'date, time.ms, a 6-digit count': () => `${date()} ${time()}.${pad(r(1000), 3)} ${digits(6)}`,
  'US date and time, a count': () => `${pad(1 + r(12), 2)}/${pad(1 + r(28), 2)}/2026 ${time()} ${digits(6)}`,
  'European date and time, a count': () => `${pad(1 + r(28), 2)}.${pad(1 + r(12), 2)}.2026 ${time()}, ${digits(3)}`,
  "a phone camera's file name (PXL_)": () => `PXL_2026${pad(1 + r(12), 2)}${pad(1 + r(28), 2)}_${time().replaceAll(':', '')}${pad(r(1000), 3)}.jpg`,
  'two phone numbers': () => `${phone()}, ${phone()}`,
  'four amounts (1,234.56)': () => Array.from({ length: 4 }, () => `${1 + r(9)},${pad(r(1000), 3)}.${pad(r(100), 2)}`).join(', '),
  'four amounts (1234.56)': () => Array.from({ length: 4 }, () => `${1 + r(9999)}.${pad(r(100), 2)}`).join(', '),
  'four amounts ($1200)': () => Array.from({ length: 4 }, () => `$${1 + r(5000)}`).join(', '),
  'claim and policy numbers': () => `HO-2026-${pad(r(1e6), 6)}, HO-2026-${pad(r(1e6), 6)}, HOM${pad(r(1e7), 7)}`,
  'two order numbers (123-1234567-1234567)': () => `${digits(3)}-${digits(7)}-${digits(7)}, ${digits(3)}-${digits(7)}-${digits(7)}`,
  'a tracking number (22 digits from 94)': () => `94${digits(20)}`,
  'a tracking number in fours': () => `94${digits(20)}`.replace(/(\d{4})(?=\d)/g, '$1 '),
  'a random UUID': () => crypto.randomUUID(),
  'a SHA-256 in hex': () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join(''),
  'epoch milliseconds, two': () => `${1_763_900_000_000 + r(1e9)},${1_763_900_000_000 + r(1e9)}`,
  '16 random digits': () => digits(16),
  '20 random digits': () => digits(20),
}

console.log(`card rule false positives: ${N} samples each; 'before' is ${REF}'s rule`)
console.log(`${'corpus'.padEnd(42)} ${'before'.padStart(8)} ${'now'.padStart(8)}`)
const share = (n: number) => `${((100 * n) / N).toFixed(2)}%`
for (const [name, sample] of Object.entries(CORPORA)) {
  let before = 0
  let now = 0
  for (let i = 0; i < N; i++) {
    const text = sample()
    if (findBefore(text)) before++
    if (findCardNumber(text)) now++
  }
  console.log(`${name.padEnd(42)} ${share(before).padStart(8)} ${share(now).padStart(8)}`)
}

const KB64: Record<string, string> = {
  'prose with dates and phone numbers': 'The pipe burst on 11/27/2026 at 10:15 and water reached the kitchen; call 555-123-4567. '.repeat(730),
  'digits and spaces': Array.from({ length: 32_000 }, () => r(10)).join(' '),
  'one run of digits': digits(64_000),
  'bytes read as text': String.fromCharCode(...Array.from({ length: 64_000 }, () => r(256))),
}
function median(f: (v: string) => boolean, text: string): number {
  const times: number[] = []
  const started = performance.now()
  while (performance.now() - started < 300) {
    const t = performance.now()
    f(text)
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}
console.log(`\none call on 64 KB (median ms; node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)})`)
console.log(`${'body'.padEnd(42)} ${'before'.padStart(8)} ${'now'.padStart(8)}`)
for (const [name, text] of Object.entries(KB64)) {
  console.log(`${name.padEnd(42)} ${median(findBefore, text).toFixed(2).padStart(8)} ${median(findCardNumber, text).toFixed(2).padStart(8)}`)
}
