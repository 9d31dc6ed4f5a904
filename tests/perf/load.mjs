#!/usr/bin/env node
// `npm run perf:load`: one process, one run, one table. /healthz (the reference: no session, no storage),
// Login, and every signed-in page a policyholder opens most, then Dashboard and Payment History of a policy
// with 100x the payments, claims and documents (benchmark-only seed) to show cost stays flat.
// 10 connections, PERF_SECONDS (3) per route: req/s, p50, p99, non-2xx, ratio to Login and to /healthz.
// Starts its own production-like portal (tests/perf/portal.mjs: no DevTools inspector unless PERF_INSPECTOR=1) unless PORTAL_URL names one.
// Prints numbers with the load average beside them, and the portal's own CPU time per request (all its
// processes, from /proc), which a busy shared machine disturbs far less than req/s. A benchmark, not a
// test (decision 140).
import { readFileSync } from 'node:fs'
import { portal, login, openPolicy } from './portal.mjs'

const CONNECTIONS = Number(process.env.PERF_CONNECTIONS ?? 10)
const SECONDS = Number(process.env.PERF_SECONDS ?? 3)
const MAX_REQUESTS = 50_000

/** Runs CONNECTIONS clients against one path for SECONDS; every answer other than 2xx is counted. */
export async function measure(base, path, headers = {}, seconds = SECONDS, connections = CONNECTIONS, cpu = () => null) {
  const latencies = []
  const statuses = new Map()
  const deadline = performance.now() + seconds * 1000
  async function client() {
    while (performance.now() < deadline && latencies.length < MAX_REQUESTS) {
      const t = performance.now()
      const res = await fetch(base + path, { headers, redirect: 'manual' })
      await res.arrayBuffer()
      latencies.push(performance.now() - t)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    }
  }
  const started = performance.now()
  const cpuBefore = cpu()
  await Promise.all(Array.from({ length: connections }, client))
  const elapsed = (performance.now() - started) / 1000
  const cpuAfter = cpu()
  const cpuMs = cpuBefore === null ? null : ((cpuAfter - cpuBefore) * 1000) / latencies.length
  latencies.sort((a, b) => a - b)
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]
  const non2xx = [...statuses].filter(([s]) => s < 200 || s > 299).reduce((n, [, k]) => n + k, 0)
  return { cpuMs, rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), count: latencies.length, non2xx, statuses }
}

function loadavg() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'n/a'
  }
}

async function main() {
  const { base, stop, cpu } = await portal()
  try {
    const maria = await login(base, 'maria.multi', 'Multi#Policy1')
    await openPolicy(base, maria, 'HOM4010001')
    const large = await login(base, 'perf.large', 'Single$Home7')
    await openPolicy(base, large, 'HOM4099999')
    const m = { Cookie: maria }
    const routes = [
      ['/healthz', '/healthz', {}],
      ['Login', '/', {}],
      ['Account Home', '/account-home', m],
      ['Dashboard', '/policy-information', m],
      ['Payment History (page 2)', '/payment-history?page=2', m],
      ['Documents', '/policy-documents', m],
      ['Report a Claim', '/report-claim', m],
      ['Make a Payment', '/make-payment', m],
      ['Dashboard, 100x policy', '/policy-information', { Cookie: large }],
      ['Payment History p2, 100x', '/payment-history?page=2', { Cookie: large }],
    ]
    const inspector = process.env.PORTAL_URL ? 'as started' : process.env.PERF_INSPECTOR === '1' ? 'on' : 'off'
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per route, ${base}, node ${process.version}, inspector ${inspector}, loadavg before: ${loadavg()}`)
    console.log(
      `${'route'.padEnd(26)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)} ${'/Login'.padStart(7)} ${'/healthz'.padStart(9)} ${'cpu ms/req'.padStart(10)}  loadavg`,
    )
    const results = []
    for (const [label, path, headers] of routes) {
      await measure(base, path, headers, 0.3) // warm the isolate and the caches
      const r = await measure(base, path, headers, SECONDS, CONNECTIONS, cpu)
      results.push({ label, ...r })
      const loginRow = results.find((x) => x.label === 'Login')
      const healthz = results[0]
      const ratio = (x) => (x ? `${Math.round((100 * r.rps) / x.rps)}%` : '')
      const odd = r.non2xx ? ` (${[...r.statuses].map(([s, n]) => `${s}x${n}`).join(' ')})` : ''
      console.log(
        `${label.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.non2xx).padStart(8)} ${ratio(loginRow).padStart(7)} ${ratio(healthz).padStart(9)} ${(r.cpuMs === null ? 'n/a' : r.cpuMs.toFixed(2)).padStart(10)}  ${loadavg()}${odd}`,
      )
    }
    const loginRow = results.find((x) => x.label === 'Login')
    const slow = results.filter((r, i) => i > 1 && (r.rps < loginRow.rps / 2 || r.p99 >= 100)).map((r) => r.label)
    console.log(slow.length ? `below target (>= 50% of Login, p99 < 100 ms): ${slow.join(', ')}` : 'every signed-in page at >= 50% of Login with p99 < 100 ms')
  } finally {
    await stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
