#!/usr/bin/env node
// `npm run perf:upload`: the worker's memory while a claim's files arrive (issue 19 item 4, decisions
// 169 and 196). Starts its own portal (tests/perf/portal.mjs) in PERF_MODE (production, the default, or
// development), signs in as sam.single, uploads 10 files of 10 MB through POST
// /v1/homeowners/ClaimFile/{policyId} (one request each: first one after another, then all 10 at once)
// and reports the claim naming them. It prints, above the idle level before the first large upload:
// - the worker's own workerd process (which pid, and how it was told from wrangler's proxy): its peak
//   resident memory, read from /proc/<pid>/status as VmHWM after a reset at the start of each run (echo 5
//   > /proc/<pid>/clear_refs) and as VmRSS sampled every 10 ms;
// - each isolate of that process (V8 heap and ArrayBuffers, from workerd's inspector, sampled every
//   50 ms): the worker's own, which is what a deployed Worker's 128 MB hold, and miniflare's local R2,
//   D1 and entry worker, which run in the same process in wrangler dev but not beside a deployed Worker.
// Then the same files go to the storage floor (storage-floor.mjs: a worker that only puts each body into
// R2, in the same kind of process), for what wrangler dev's process spends on them without the portal.
// Target: under 40 MB above idle. Any 5xx, or any upload not stored (by the portal or the floor), fails
// the run (exit 1), saying whether the worker or wrangler's proxy answered it.
// A benchmark, not a test (decision 140): the machine may be shared, so the load average is printed too.
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg, cpus, totalmem } from 'node:os'
import { portal, login, workerProcess, isolateMemory, statusKb, MODES } from './portal.mjs'
// Run with tsx (package.json): the claim is the tests' own (tests/support/claim-submission.ts).
import { homeownersClaimOf, us } from '../support/claim-submission.ts'
import { storageFloor } from './storage-floor.mjs'

/** A homeowners claim as the Report a Claim island sends it (tests/support/claim-submission.ts), the loss two days ago. */
function claimSubmission(policyId, lossDescription, email = 'sam.single@example.com') {
  const lossDate = us(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10))
  return homeownersClaimOf(policyId, lossDate, { lossDescription, emailAddress: email, confirmEmailAddress: email })
}

const MODE = process.env.PERF_MODE ?? 'production'
if (!MODES.includes(MODE)) throw new Error(`PERF_MODE must be one of ${MODES.join(', ')}`)

const POLICY = 'HOM4020001'
const FILES = 10
const SIZE = 10 * 1024 * 1024
const TARGET_MB = 40

const mb = (kb) => (kb / 1024).toFixed(1)
const mbOfBytes = (bytes) => (bytes / 2 ** 20).toFixed(1)

/** wrangler dev's proxy answers this when its connection to the worker's process fails (cloudflare/workers-sdk#14641). */
const PROXY_503 = 'Your worker restarted mid-request'

/** SOI, a JFIF APP0 and an SOS header: what a JPEG's scan data follows (its EOI ends the file). */
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]

/**
 * A 10 MB "photo": a JPEG whole by its structure (decision 204 refuses anything after EOI), its scan data
 * bytes that change per file (so no two uploads are alike; never FF, which would be a marker).
 */
function photo(i, size = SIZE) {
  const bytes = new Uint8Array(size)
  for (let j = 0; j < size; j += 4096) bytes[j] = (i * 31 + j) % 255
  bytes.set(JPEG_HEAD)
  bytes.set([0xff, 0xd9], size - 2)
  return bytes
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** Every answer that was not a stored file: printed, and the run fails (a 5xx above all). */
const failures = []

/** Who answered a failed request, from its body. */
function answeredBy(status, text) {
  if (text.includes(PROXY_503)) return "wrangler dev's proxy, not the worker: its connection to the worker's process failed (cloudflare/workers-sdk#14641)"
  if (status >= 500) return `the worker: ${/"type":"([^"]+)"/.exec(text)?.[1] ?? 'no problem type'}`
  return 'the worker'
}

/** One file; its fileId, or null when it was not stored (the answer is kept in `failures`). */
async function upload(base, cookie, bytes, name) {
  let res
  try {
    res = await fetch(`${base}/v1/homeowners/ClaimFile/${POLICY}`, {
      method: 'POST',
      headers: {
        Origin: base,
        Cookie: cookie,
        'X-Requested-With': 'portal',
        'Content-Type': 'image/jpeg',
        'Content-Length': String(bytes.byteLength),
        'X-File-Name': encodeURIComponent(name),
        'Idempotency-Key': `perf-${crypto.randomUUID()}`,
      },
      body: bytes,
      duplex: 'half',
    })
  } catch (err) {
    failures.push(`${name}: no answer (${err.cause?.code ?? err.message})`)
    return null
  }
  const text = await res.text()
  if (res.status === 201) return JSON.parse(text).fileId
  failures.push(`${name}: ${res.status} from ${answeredBy(res.status, text)}: ${text.slice(0, 200)}`)
  return null
}

/**
 * Runs `work` while sampling the process's VmRSS (and resetting VmHWM at the start) and its isolates;
 * the peaks above `idle` (the levels before the first large upload), and the process's level at the start.
 */
async function peakDuring(pid, isolates, idle, work) {
  let hwmReset = true
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    hwmReset = false
  }
  const startKb = statusKb(pid, 'VmRSS')
  let sampled = startKb
  const timer = setInterval(() => {
    sampled = Math.max(sampled, statusKb(pid, 'VmRSS'))
  }, 10)
  // Per isolate: the peak of heap + ArrayBuffers, and the heap and ArrayBuffers of that sample.
  const isolatePeak = {}
  let sampling = true
  const isolateLoop = (async () => {
    while (isolates && sampling) {
      for (const [name, m] of Object.entries(await isolates.sample())) {
        if (m.heap + m.buffers > (isolatePeak[name]?.heap ?? 0) + (isolatePeak[name]?.buffers ?? 0)) isolatePeak[name] = m
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  const started = performance.now()
  const result = await work()
  const seconds = (performance.now() - started) / 1000
  clearInterval(timer)
  sampling = false
  await isolateLoop
  sampled = Math.max(sampled, statusKb(pid, 'VmRSS'))
  const hwm = hwmReset ? statusKb(pid, 'VmHWM') : null
  const isolatesAbove = Object.fromEntries(
    Object.entries(isolatePeak).map(([name, m]) => {
      const before = idle.isolates[name] ?? { heap: 0, buffers: 0 }
      return [name, { heap: m.heap - before.heap, buffers: m.buffers - before.buffers }]
    }),
  )
  return { result, startKb, sampledKb: sampled - idle.kb, hwmKb: hwm === null ? null : hwm - idle.kb, isolatesAbove, seconds }
}

/**
 * The two runs against a started target (the portal, or the storage floor): the warm-up, the worker's
 * process and isolates, the idle levels, then 10 files one after another and 10 at once.
 */
async function measure(target, cookie, files, label = '') {
  // Warm-up: one small upload, so the route's code and the storage are loaded before idle is read.
  const warmUp = photo(FILES, 64 * 1024)
  if (!(await upload(target.base, cookie, warmUp, `${label}warm-up.jpg`))) throw new Error(`the warm-up upload failed: ${failures.at(-1)}`)
  const worker = workerProcess(target)
  const isolates = await isolateMemory(worker.pid)
  await new Promise((r) => setTimeout(r, 1000))
  const idle = { kb: statusKb(worker.pid, 'VmRSS'), isolates: isolates ? await isolates.sample() : {} }
  const one = await peakDuring(worker.pid, isolates, idle, async () => {
    const ids = []
    for (const [i, f] of files.entries()) ids.push(await upload(target.base, cookie, f, `${label}photo-${i + 1}.jpg`))
    return ids
  })
  const all = await peakDuring(worker.pid, isolates, idle, () =>
    Promise.all(files.map((f, i) => upload(target.base, cookie, f, `${label}parallel-${i + 1}.jpg`))),
  )
  isolates?.close()
  return { worker, isolates: isolates !== null, idle, one, all }
}

const line = (label, r) =>
  `${label.padEnd(34)} process: peak above idle sampled ${mb(r.sampledKb).padStart(5)} MB, VmHWM ${r.hwmKb === null ? '  n/a' : mb(r.hwmKb).padStart(5)} MB (at the start ${mb(r.startKb)} MB)   ${((FILES * SIZE) / 1024 / 1024 / r.seconds).toFixed(0)} MB/s`

function isolateLine(read, r) {
  if (!read) return `${''.padEnd(34)} isolates: not read (needs a global WebSocket: node 22, or node 20 with --experimental-websocket)`
  const named = Object.entries(r.isolatesAbove)
    .filter(([name, m]) => name.startsWith('core:user:') || m.heap + m.buffers >= 2 ** 20)
    .sort(([a], [b]) => (a.startsWith('core:user:') ? -1 : b.startsWith('core:user:') ? 1 : a.localeCompare(b)))
    .map(
      ([name, m]) =>
        `${name.startsWith('core:user:') ? `the worker (${name})` : name} +${mbOfBytes(m.heap + m.buffers)} MB (heap ${mbOfBytes(m.heap)}, ArrayBuffers ${mbOfBytes(m.buffers)})`,
    )
  return `${''.padEnd(34)} isolates, peak above idle: ${named.join(', ')}`
}

const peakOf = (m) => Math.max(m.one.sampledKb, m.one.hwmKb ?? 0, m.all.sampledKb, m.all.hwmKb ?? 0)
const workerIsolatePeak = (m) =>
  Math.max(
    ...[m.one, m.all].flatMap((r) =>
      Object.entries(r.isolatesAbove)
        .filter(([name]) => name.startsWith('core:user:'))
        .map(([, v]) => v.heap + v.buffers),
    ),
  )

function report(m) {
  console.log(m.worker.how)
  console.log(`idle (after one 64 KB upload): ${mb(m.idle.kb)} MB resident`)
  // The heap an isolate holds before any work of size (decision 238's start-up figures are read here).
  for (const [name, v] of Object.entries(m.idle.isolates).filter(([n]) => n.startsWith('core:user:'))) {
    console.log(`  the worker (${name}) at idle: heap ${mbOfBytes(v.heap)} MB, ArrayBuffers ${mbOfBytes(v.buffers)} MB`)
  }
  console.log(line(`${FILES} x 10 MB, one after another`, m.one))
  console.log(isolateLine(m.isolates, m.one))
  console.log(line(`${FILES} x 10 MB, all at once`, m.all))
  console.log(isolateLine(m.isolates, m.all))
}

if (process.env.PORTAL_URL) throw new Error('perf:upload starts its own portal (PORTAL_URL is not supported: the worker process must be ours)')
const loadBefore = load()
const files = Array.from({ length: FILES }, (_, i) => photo(i))
const run = await portal({ mode: MODE })
let portalRun
let claimLine
try {
  const cookie = await login(run.base, 'sam.single', 'Single$Home7')
  portalRun = await measure(run, cookie, files)
  // The claim that names the first ten (as Confirm does). In production mode its notice to the claims
  // system waits in the outbox: nothing listens where the settings point.
  const claim = await fetch(`${run.base}/v1/homeowners/FirstNoticeOfLoss/${POLICY}`, {
    method: 'POST',
    headers: {
      Origin: run.base,
      Cookie: cookie,
      'X-Requested-With': 'portal',
      'Content-Type': 'application/json',
      'Idempotency-Key': `perf-${crypto.randomUUID()}`,
    },
    body: JSON.stringify({
      claimSubmission: claimSubmission(POLICY, 'A pipe burst in the kitchen (perf:upload).'),
      fileIds: portalRun.one.result.filter(Boolean),
    }),
  })
  const claimText = await claim.text()
  claimLine = `claim with the ${FILES} files: ${claim.status} ${/[A-Z]{2}-\d{4}-\d{6}/.exec(claimText)?.[0] ?? claimText.slice(0, 400)}`
  if (claim.status >= 500) failures.push(`the claim: ${claim.status} from ${answeredBy(claim.status, claimText)}: ${claimText.slice(0, 200)}`)
  const broken = readFileSync(run.logFile, 'utf8').match(/^exception = .*disconnected.*$/gm) ?? []
  if (broken.length) console.error(`wrangler's log (${run.logFile}) holds ${broken.length} broken connection(s), e.g. ${broken[0].slice(0, 160)}`)
} finally {
  await run.stop()
}

// The same files into a worker that only puts them in R2 (PERF_FLOOR=0 skips it).
let floorRun = null
if (process.env.PERF_FLOOR !== '0') {
  const floor = await storageFloor()
  try {
    floorRun = await measure(floor, '', files, 'the storage floor, ')
  } finally {
    await floor.stop()
  }
}

console.log(`perf:upload, ${MODE} mode (PERF_MODE=${MODES.join('|')}); build: ${run.build}`)
console.log(`${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB; load average ${loadBefore} before, ${load()} after (a shared machine)`)
console.log('\nThe portal:')
report(portalRun)
console.log(claimLine)
if (floorRun) {
  console.log(
    "\nThe storage floor (a worker that only puts each body into R2, tests/perf/storage-floor.mjs): what wrangler dev's process spends on the same files without the portal",
  )
  report(floorRun)
}
const worst = peakOf(portalRun)
const worker = workerIsolatePeak(portalRun)
console.log(
  `\nThe portal's process, peak above idle: ${mb(worst)} MB (target under ${TARGET_MB} MB): ${worst / 1024 < TARGET_MB ? 'ok' : 'OVER'}` +
    (floorRun ? `; the storage floor's: ${mb(peakOf(floorRun))} MB` : ''),
)
if (portalRun.isolates)
  console.log(`The worker's isolate, peak above idle: ${mbOfBytes(worker)} MB (target under ${TARGET_MB} MB): ${worker / 2 ** 20 < TARGET_MB ? 'ok' : 'OVER'}`)
const ids = [...portalRun.one.result, ...portalRun.all.result]
console.log(`files stored by the portal: ${ids.filter(Boolean).length} of ${ids.length}`)
if (failures.length) {
  console.error(`FAILED: ${failures.length} request(s) not answered as they should be:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
