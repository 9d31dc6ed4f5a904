#!/usr/bin/env node
// `npm run perf:upload`: the worker's memory while a claim's files arrive (issue 19 item 4, decisions
// 169 and 196). Starts its own portal (tests/perf/portal.mjs) in PERF_MODE (production, the default, or
// development), signs in as sam.single, uploads 10 files of 10 MB through POST
// /v1/homeowners/ClaimFile/{policyId} (one request each: first one after another, then all 10 at once),
// reports the claim naming them, and prints the worker's own workerd process's peak resident memory above
// its idle level (which pid, and how it was told from wrangler's proxy). The peak is read two ways from
// /proc/<pid>/status: VmHWM after resetting it at idle (echo 5 > /proc/<pid>/clear_refs), and VmRSS
// sampled every 10 ms. Target: under 40 MB. Any 5xx, or any upload not stored, fails the run (exit 1).
// A benchmark, not a test (decision 140): the machine may be shared, so the load average is printed too.
import { writeFileSync } from 'node:fs'
import { loadavg, cpus, totalmem } from 'node:os'
import { portal, login, workerProcess, statusKb, buildDescription, MODES } from './portal.mjs'
import { claimSubmission } from './claim-submission.mjs'

const MODE = process.env.PERF_MODE ?? 'production'
if (!MODES.includes(MODE)) throw new Error(`PERF_MODE must be one of ${MODES.join(', ')}`)

const POLICY = 'HOM4020001'
const FILES = 10
const SIZE = 10 * 1024 * 1024
const TARGET_MB = 40

const mb = (kb) => (kb / 1024).toFixed(1)

/** A 10 MB "photo": a JPEG header, then bytes that change per file (so no two uploads are alike). */
function photo(i) {
  const bytes = new Uint8Array(SIZE)
  for (let j = 0; j < SIZE; j += 4096) bytes[j] = (i * 31 + j) & 0xff
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])
  return bytes
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** Every answer that was not a stored file: printed, and the run fails (a 5xx above all). */
const failures = []

/** One file; its fileId, or null when it was not stored (the answer is kept in `failures`). */
async function upload(base, cookie, bytes, name) {
  const res = await fetch(`${base}/v1/homeowners/ClaimFile/${POLICY}`, {
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
  const text = await res.text()
  if (res.status === 201) return JSON.parse(text).fileId
  failures.push(`${name}: ${res.status} ${text.slice(0, 300)}`)
  return null
}

/**
 * Runs `work` while sampling VmRSS; the peaks above `idleKb`, the worker's resident memory before the
 * first large upload (sampled, and VmHWM reset at the start), and what it held at the start.
 */
async function peakDuring(pid, idleKb, work) {
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
  const started = performance.now()
  const result = await work()
  const seconds = (performance.now() - started) / 1000
  clearInterval(timer)
  sampled = Math.max(sampled, statusKb(pid, 'VmRSS'))
  const hwm = hwmReset ? statusKb(pid, 'VmHWM') : null
  return { result, startKb, sampledKb: sampled - idleKb, hwmKb: hwm === null ? null : hwm - idleKb, seconds }
}

if (process.env.PORTAL_URL) throw new Error('perf:upload starts its own portal (PORTAL_URL is not supported: the worker process must be ours)')
const loadBefore = load()
const run = await portal({ mode: MODE })
let failed = false
try {
  const cookie = await login(run.base, 'sam.single', 'Single$Home7')
  const files = Array.from({ length: FILES }, (_, i) => photo(i))
  // Warm-up: one small upload, so the route's code and the storage are loaded before idle is read.
  if (!(await upload(run.base, cookie, files[0].subarray(0, 64 * 1024), 'warm-up.jpg'))) throw new Error(`the warm-up upload failed: ${failures[0]}`)
  const worker = workerProcess(run)
  const pid = worker.pid
  await new Promise((r) => setTimeout(r, 1000))
  const idleKb = statusKb(pid, 'VmRSS')

  const one = await peakDuring(pid, idleKb, async () => {
    const ids = []
    for (const [i, f] of files.entries()) ids.push(await upload(run.base, cookie, f, `photo-${i + 1}.jpg`))
    return ids
  })
  const all = await peakDuring(pid, idleKb, () => Promise.all(files.map((f, i) => upload(run.base, cookie, f, `parallel-${i + 1}.jpg`))))

  // The claim that names the first ten (as Confirm does).
  const claim = await fetch(`${run.base}/v1/homeowners/FirstNoticeOfLoss/${POLICY}`, {
    method: 'POST',
    headers: {
      Origin: run.base,
      Cookie: cookie,
      'X-Requested-With': 'portal',
      'Content-Type': 'application/json',
      'Idempotency-Key': `perf-${crypto.randomUUID()}`,
    },
    body: JSON.stringify({ claimSubmission: claimSubmission(POLICY, 'A pipe burst in the kitchen (perf:upload).'), fileIds: one.result.filter(Boolean) }),
  })
  const claimText = await claim.text()
  const ids = [...one.result, ...all.result]

  const line = (label, r) =>
    `${label.padEnd(34)} at the start ${mb(r.startKb).padStart(6)} MB   peak above idle: sampled ${mb(r.sampledKb).padStart(5)} MB, VmHWM ${r.hwmKb === null ? '  n/a' : mb(r.hwmKb).padStart(5)} MB   ${((FILES * SIZE) / 1024 / 1024 / r.seconds).toFixed(0)} MB/s`
  console.log(`perf:upload, ${MODE} mode (PERF_MODE=${MODES.join('|')}); build: ${buildDescription()}`)
  console.log(worker.how)
  console.log(`${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB; load average ${loadBefore} before, ${load()} after (a shared machine)`)
  console.log(`idle (after sign-in and one 64 KB upload): ${mb(idleKb)} MB resident`)
  console.log(line(`${FILES} x 10 MB, one after another`, one))
  console.log(line(`${FILES} x 10 MB, all at once`, all))
  console.log(`claim with the ${FILES} files: ${claim.status} ${/[A-Z]{2}-\d{4}-\d{6}/.exec(claimText)?.[0] ?? claimText.slice(0, 400)}`)
  if (claim.status >= 500) failures.push(`the claim: ${claim.status} ${claimText.slice(0, 300)}`)
  const worst = Math.max(one.sampledKb, one.hwmKb ?? 0, all.sampledKb, all.hwmKb ?? 0)
  console.log(`peak above idle: ${mb(worst)} MB (target under ${TARGET_MB} MB): ${worst / 1024 < TARGET_MB ? 'ok' : 'OVER'}`)
  console.log(`files stored: ${ids.filter(Boolean).length} of ${ids.length}`)
  if (failures.length) {
    failed = true
    console.error(`FAILED: ${failures.length} request(s) not answered as they should be:\n  ${failures.join('\n  ')}`)
  }
} finally {
  await run.stop()
}
if (failed) process.exit(1)
