/**
 * `npx tsx tests/perf/claim-event-mask.ts`: what masking card numbers costs the claims webhook per event
 * (issue 31 item 6, decision 205). maskCardNumbersIn asks the shared rule (findCardNumber) about parts of
 * each string, so its cost grows with the text's length and the numbers in it. Three events: a clean one
 * at the schema's largest (documents.requested, 20 items of 200 characters, no number: one question per
 * string), the same with a grouped card number in each item, and a closing reason of 500 characters with
 * three numbers. Median and worst of RUNS, in this Node process (the worker runs the same code in
 * workerd's V8). A benchmark, not a test (decision 140): it prints numbers, it asserts nothing.
 */
import { cpus, loadavg } from 'node:os'
import { maskCardNumbersIn } from '../../shared/payments/mask-card-numbers'

const RUNS = 50
const CARD = '4111 1111 1111 1111'
const filler = (n: number) => 'The adjuster asks for the receipts and photos of the kitchen, 2026-03-02. '.repeat(10).slice(0, n)

const EVENTS = {
  'documents.requested, 20 x 200 chars, no number': { items: Array.from({ length: 20 }, () => filler(200)) },
  'documents.requested, 20 x 200 chars, a number in each': {
    items: Array.from({ length: 20 }, () => `${filler(100)} card ${CARD} ${filler(200)}`.slice(0, 200)),
  },
  'claim.closed, 500 chars, three numbers': {
    reason: `${filler(150)} ${CARD} ${filler(100)} 5500-0000-0000-0004 ${filler(100)} 378282246310005 ${filler(200)}`.slice(0, 500),
  },
}

function time(data: unknown): { median: number; worst: number; masked: number } {
  const ms: number[] = []
  let masked = 0
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    masked = maskCardNumbersIn(data).masked.length
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  return { median: ms[Math.floor(RUNS / 2)]!, worst: ms.at(-1)!, masked }
}

console.log(
  `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${RUNS} runs each`,
)
for (const [name, data] of Object.entries(EVENTS)) {
  const r = time(data)
  console.log(`${name}: median ${r.median.toFixed(2)} ms, worst ${r.worst.toFixed(2)} ms, strings masked ${r.masked}`)
}
