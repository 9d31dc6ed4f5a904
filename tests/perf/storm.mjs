#!/usr/bin/env node
// `npm run perf:storm`: a catastrophe day (issue 25 item 1). Starts its own production-like portal
// (tests/perf/portal.mjs) with N benchmark-only policyholders, each with a profile and a policy of its own
// (tests/perf/seed-storm.ts), and runs their visits C at a time (tests/perf/storm-user.mjs): sign in,
// Account Home, the policy, a claim with 3 photos of 1-5 MB, the claim's page, a document sent later, a
// payment. A share of them resend each change with the same Idempotency-Key (a lost reply, or a double
// click). The mail stand-in is slow all along (POST /__dev/mailbox/fail {delayMs}); once a share of the
// visits have begun, the claims-system stand-in answers 503 for a while, then recovers. The outbox is
// driven by POST /__dev/scheduled (the cron's work) every second during the run and after it, until it is
// empty. Prints per step count, p50, p95, p99 and errors; the workerd process's peak memory; the claims
// the portal took against the claims the stand-in holds (none lost, none doubled), the documents, the
// payments charged (none doubled); how long the backlog took to drain after the recovery; and the 5xx
// (must be 0). Exit code 1 when a check fails. A benchmark, not a test (decision 140).
//
// Options (or the environment): --users N (STORM_USERS, 30), --concurrency C (STORM_CONCURRENCY, 6),
// --retry-share F (STORM_RETRY_SHARE, 0.2), --min-mb / --max-mb (STORM_MIN_MB 1, STORM_MAX_MB 5),
// --outage-at F (STORM_OUTAGE_AT, 0.3: after this share of visits began), --outage-s S (STORM_OUTAGE_S, 20),
// --mail-delay-ms M (STORM_MAIL_DELAY_MS, 200), --drain-timeout-s S (STORM_DRAIN_TIMEOUT_S, 300).
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { portal, statusKb, workerProcess } from './portal.mjs'
import { StepStats, visit } from './storm-user.mjs'

const { values: arg } = parseArgs({
  options: Object.fromEntries(
    ['users', 'concurrency', 'retry-share', 'min-mb', 'max-mb', 'outage-at', 'outage-s', 'mail-delay-ms', 'drain-timeout-s'].map((k) => [
      k,
      { type: 'string' },
    ]),
  ),
})
const opt = (name, fallback) => Number(arg[name] ?? process.env[`STORM_${name.toUpperCase().replaceAll('-', '_')}`] ?? fallback)
const USERS = opt('users', 30)
const CONCURRENCY = opt('concurrency', 6)
const RETRY_SHARE = opt('retry-share', 0.2)
const MIN_BYTES = opt('min-mb', 1) * 1024 * 1024
const MAX_BYTES = opt('max-mb', 5) * 1024 * 1024
const OUTAGE_AT = opt('outage-at', 0.3)
const OUTAGE_S = opt('outage-s', 20)
const MAIL_DELAY_MS = opt('mail-delay-ms', 200)
const DRAIN_TIMEOUT_S = opt('drain-timeout-s', 300)
const TICK_MS = 1000

/** A small seeded generator (mulberry32): the same sizes and the same retrying people on every run. */
function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN)

async function dev(base, method, path, body) {
  const res = await fetch(`${base}/__dev${path}`, {
    method,
    headers: { Origin: base, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  if (!res.ok) throw new Error(`${method} /__dev${path}: ${res.status} ${await res.text()}`)
  return res.status === 204 ? null : res.json()
}

/** The outbox by channel, summed: what still waits (but the payments' settlement checks), dead, delivered. */
function outboxTotals(byChannel) {
  const t = { backlog: 0, dead: 0, delivered: 0, settleChecks: 0 }
  for (const [channel, c] of Object.entries(byChannel)) {
    if (channel === 'payment-settle') t.settleChecks += c.pending + c.leased
    else t.backlog += c.pending + c.leased
    t.dead += c.dead
    t.delivered += c.delivered
  }
  return t
}

/** The workerd process's resident memory, sampled every 50 ms until stop(). */
function memorySampler(pid) {
  const idle = statusKb(pid, 'VmRSS')
  let peak = idle
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, statusKb(pid, 'VmRSS'))
    } catch {
      // the process ended
    }
  }, 50)
  return {
    stop: () => {
      clearInterval(timer)
      return { idle, peak }
    },
  }
}

async function main() {
  const run = await portal({ seeds: [['tests/perf/seed-storm.ts', String(USERS)]] })
  let failed = false
  try {
    if (!run.pgid) throw new Error('perf:storm starts its own portal (PORTAL_URL is not supported: the worker process must be ours)')
    const { base } = run
    const workerd = workerProcess(run)
    console.log(workerd.how)
    const memory = memorySampler(workerd.pid)
    await dev(base, 'POST', '/mailbox/fail', { delayMs: MAIL_DELAY_MS })
    const stats = new StepStats()
    const rng = random(25)
    const people = Array.from({ length: USERS }, (_, k) => {
      const r = rng()
      return { i: k + 1, retry: r < RETRY_SHARE / 2 ? 'double' : r < RETRY_SHARE ? 'lost' : null }
    })
    console.log(
      `perf:storm: ${USERS} policyholders, ${CONCURRENCY} at a time, ${people.filter((p) => p.retry).length} resending, photos ${MIN_BYTES / 2 ** 20}-${MAX_BYTES / 2 ** 20} MB, ` +
        `mail ${MAIL_DELAY_MS} ms slow, claims system down ${OUTAGE_S} s after ${Math.round(OUTAGE_AT * 100)}% began; ${base}; ` +
        `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    )

    // The cron's work every second; the outage switched on and off by the clock.
    const clock = { outageFrom: null, recoveredAt: null, visitsDone: false, drainRuns: 0, drainErrors: 0 }
    const started = performance.now()
    const outageUntil = () => (clock.outageFrom === null ? null : clock.outageFrom + OUTAGE_S * 1000)
    const cron = (async () => {
      while (!clock.stop) {
        const now = performance.now()
        if (clock.outageFrom !== null && clock.recoveredAt === null) {
          if (now >= outageUntil()) {
            await dev(base, 'DELETE', '/claims-system/fail')
            clock.recoveredAt = performance.now()
          } else await dev(base, 'POST', '/claims-system/fail', { times: 100, status: 503 })
        }
        const res = await fetch(`${base}/__dev/scheduled`, { method: 'POST', headers: { Origin: base } })
        clock.drainRuns++
        if (!res.ok) clock.drainErrors++
        await res.arrayBuffer()
        await sleep(TICK_MS)
      }
    })()

    // The visits, CONCURRENCY at a time.
    const results = []
    let next = 0
    const outageAfter = Math.max(1, Math.floor(USERS * OUTAGE_AT))
    async function worker() {
      while (next < people.length) {
        const p = people[next++]
        if (next >= outageAfter && clock.outageFrom === null) clock.outageFrom = performance.now()
        results.push({ ...p, ...(await visit(base, p.i, { stats, rng: random(p.i), retry: p.retry, minBytes: MIN_BYTES, maxBytes: MAX_BYTES })) })
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const visitsSeconds = (performance.now() - started) / 1000

    // After the visits: the outage runs its course, then the backlog drains. A payment's settlement
    // check is queued for 2 minutes later on purpose (decision 162): counted apart, not waited for.
    const deadline = performance.now() + DRAIN_TIMEOUT_S * 1000
    let counts
    for (;;) {
      counts = outboxTotals(await (await fetch(`${base}/__dev/outbox/counts`)).json())
      if (clock.recoveredAt !== null && counts.backlog === 0) break
      if (performance.now() > deadline) break
      await sleep(500)
    }
    const drainedAt = performance.now()
    clock.stop = true
    await cron
    await dev(base, 'DELETE', '/mailbox/fail')
    const mem = memory.stop()

    // What the portal took, against what the claims system and the payment processor hold.
    const took = new Map(results.filter((r) => r.claimNumber).map((r) => [r.claimNumber, r]))
    const answeredTwice = results.filter((r) => r.claimNumbersSeen.size > 1).length
    const held = (await dev(base, 'GET', '/claims-system/claims')).claims.filter((c) => /^HOM48/.test(c.policyId))
    const heldCount = new Map()
    for (const c of held) heldCount.set(c.claimNumber, (heldCount.get(c.claimNumber) ?? 0) + 1)
    const lost = [...took.keys()].filter((n) => !heldCount.has(n))
    const doubled = [...heldCount.values()].filter((n) => n > 1).length + answeredTwice
    const unknown = [...heldCount.keys()].filter((n) => !took.has(n))
    const drafts = held.filter((c) => c.status === 'draft').length
    const documents = held.reduce((n, c) => n + (c.documents?.length ?? 0), 0)
    const charges = (await dev(base, 'GET', '/payments/charges')).charges.filter((c) => /^HOM48/.test(c.policyId) && c.outcome === 'approved')
    const perPolicy = new Map()
    for (const c of charges) perPolicy.set(c.policyId, (perPolicy.get(c.policyId) ?? 0) + 1)
    const paymentsDoubled = [...perPolicy.values()].filter((n) => n > 1).length
    const paid = results.reduce((n, r) => n + r.paid, 0)

    console.log(
      `\n${'step'.padEnd(26)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}  answers`,
    )
    for (const [step, s] of stats.steps) {
      const sorted = [...s.latencies].sort((a, b) => a - b)
      const answers = [...s.statuses].map(([st, n]) => `${st}x${n}`).join(' ')
      console.log(
        `${step.padEnd(26)} ${String(sorted.length).padStart(6)} ${pct(sorted, 0.5).toFixed(0).padStart(8)} ${pct(sorted, 0.95).toFixed(0).padStart(8)} ${pct(sorted, 0.99).toFixed(0).padStart(8)} ${String(s.errors).padStart(7)}  ${answers}`,
      )
      for (const sample of s.samples) console.log(`${''.padEnd(28)}e.g. ${sample}`)
    }
    const mb = (kb) => (kb / 1024).toFixed(0)
    const recovery = clock.recoveredAt === null ? null : (drainedAt - clock.recoveredAt) / 1000
    const lines = [
      ['visits', `${results.length} in ${visitsSeconds.toFixed(1)} s (${results.filter((r) => r.claimNumber).length} reported a claim, ${paid} paid)`],
      ['workerd memory', `${mb(mem.idle)} MB at the start, peak ${mb(mem.peak)} MB (+${mb(mem.peak - mem.idle)} MB)`],
      ['claims the portal took', `${took.size}`],
      [
        'claims the stand-in holds',
        `${held.length} (lost ${lost.length}, doubled ${doubled}, unknown to the portal ${unknown.length}, not submitted ${drafts})`,
      ],
      ['documents it holds', `${documents} (expected ${took.size * 4}: 3 photos and 1 sent later per claim)`],
      ['payments charged', `${charges.length} for ${paid} answered paid (doubled ${paymentsDoubled})`],
      [
        'outbox after the run',
        `${counts.backlog} waiting, ${counts.dead} dead, ${counts.delivered} delivered, ${counts.settleChecks} payment checks due later; ${clock.drainRuns} cron runs (${clock.drainErrors} failed)`,
      ],
      ['backlog drained', recovery === null ? 'the outage never began' : `${recovery.toFixed(1)} s after the claims system recovered`],
      ['5xx answers', `${stats.fiveXx}`],
    ]
    for (const [k, v] of lines) console.log(`${k.padEnd(26)} ${v}`)
    const problems = [
      lost.length && 'claims lost',
      doubled && 'claims doubled',
      unknown.length && 'claims the portal never answered',
      held.length !== took.size && 'claims held differ from claims taken',
      drafts && 'claims not submitted',
      documents !== took.size * 4 && 'documents missing or doubled',
      paymentsDoubled && 'payments doubled',
      charges.length !== paid && 'charges differ from payments answered',
      stats.fiveXx && '5xx answers',
      counts.backlog + counts.dead > 0 && 'outbox not drained',
      [...stats.steps.values()].some((s) => s.errors) && 'step errors',
    ].filter(Boolean)
    console.log(problems.length ? `FAILED: ${problems.join(', ')}` : 'ok: no claim lost or doubled, no payment doubled, no 5xx, no step error')
    failed = problems.length > 0
  } finally {
    await run.stop()
  }
  if (failed) process.exitCode = 1
}

await main()
